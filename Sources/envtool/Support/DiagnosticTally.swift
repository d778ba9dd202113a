import ArgumentParser
import Diagnostics
import Environments

/// What the diagnostics of a checking command add up to: the counts its summary prints and the
/// status it exits with.
///
/// One rule for `validate`, `i18n lint` and `strings lint`, chosen from the kind of each finding:
/// a file that could not be read at all is 66, as every other command says it; any other error
/// is 65; with `--strict`, warnings alone are 65 too; notes, never.
struct DiagnosticTally {
    private(set) var errors = 0
    private(set) var warnings = 0
    /// Notes never change the status, not even with `--strict`.
    private(set) var notes = 0
    private var errorStatus: ExitStatus?

    mutating func add(_ diagnostic: Diagnostic) {
        switch diagnostic.severity {
        case .note: notes += 1
        case .warning: warnings += 1
        case .error: addError(diagnostic.isUnreadableFile ? .unreadableInput : .invalidInput)
        }
    }

    /// An error that is not a diagnostic (the command's own `EnvironmentError`), by its kind.
    mutating func add(_ error: EnvironmentError) {
        addError(ExitStatus(error.kind))
    }

    private mutating func addError(_ status: ExitStatus) {
        errors += 1
        // A file left unread means the check is incomplete: that outranks what the others found.
        if errorStatus == nil || status == .unreadableInput { errorStatus = status }
    }

    /// The command's exit status: `success` when nothing (or, without `strict`, only warnings) was found.
    func status(strict: Bool) -> ExitStatus {
        if let errorStatus { return errorStatus }
        return strict && warnings > 0 ? .invalidInput : .success
    }

    /// Ends the command with ``status(strict:)`` when it is not success.
    func exitUnlessClean(strict: Bool) throws {
        let status = status(strict: strict)
        if status != .success { throw ExitCode(status.rawValue) }
    }
}
