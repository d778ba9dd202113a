import ArgumentParser
import EnvironmentCrypto
import EnvironmentKit
import I18Next
import StringsFile

/// envtool's exit statuses: one per kind of failure, all below 128, documented in `--help` and the README.
enum ExitStatus: Int32, CaseIterable {
    case success = 0
    case usage = 64
    case invalidInput = 65
    case unreadableInput = 66
    case unknownConfiguration = 67
    case unknownKey = 68
    case unsupportedLanguage = 69
    case helperUnavailable = 72
    case cannotWrite = 73
    case ioError = 74
    case aborted = 75
    case secretUnavailable = 77
    case authenticationFailed = 78

    var meaning: String {
        switch self {
        case .success: return "success"
        case .usage: return "invalid command line (unknown option, missing argument)"
        case .invalidInput:
            return "invalid input: malformed JSON or .strings, wrong types; validate/lint found errors; i18n status --strict below --min-coverage"
        case .unreadableInput:
            return
                "an input file cannot be read (missing, a directory, a FIFO, no permission), by any command: validate and the linters too, whatever else they found"
        case .unknownConfiguration: return "unknown build configuration"
        case .unknownKey: return "unknown variable or localization key"
        case .unsupportedLanguage: return "language not in the document's languages"
        case .helperUnavailable:
            return
                "a helper program is missing or failed: envtool-extract (i18n extract), built with --traits Extract; an age plugin (age-plugin-NAME) missing from PATH, failing, silent past its time limit, or reporting an error"
        case .cannotWrite: return "an output file cannot be written (existing files are left as they were)"
        case .ioError: return "the output cannot be written (standard output full, closed or failing); it may be incomplete"
        case .aborted: return "edit aborted (the editor failed or the edit was abandoned); the .bin is unchanged"
        case .secretUnavailable: return "no usable secret: none given, wrong kind for the file, or an unsafe key file"
        case .authenticationFailed: return "decryption failed: wrong key, passphrase or identity, or a modified file"
        }
    }

    /// What status 1 means: not a failure of envtool but the answer of a check, as `diff` and
    /// `grep` give it; not an ``ExitStatus`` because no error kind maps to it.
    static let checkFoundMeaning = "a check found something, a result rather than a failure: guard refused the commit, i18n convert --check would change files"

    /// Every status envtool exits with and its meaning, in order: `--help` and the man page list these.
    static var documented: [(code: Int32, meaning: String)] {
        var list = allCases.map { ($0.rawValue, $0.meaning) }
        list.insert((1, checkFoundMeaning), at: 1)
        return list
    }

    /// The list for `--help`, each meaning wrapped under itself: ArgumentParser wraps a long
    /// line at 80 columns and starts the rest at the margin, which breaks the columns.
    static var documentation: String {
        "Exit status:\n"
            + documented.map { code, meaning in
                let code = String(code)
                return ManualText.wrapped(meaning, indent: 6, firstLine: "  " + code + String(repeating: " ", count: max(0, 4 - code.count)))
            }.joined(separator: "\n")
    }

    init(_ kind: EnvironmentError.Kind) {
        switch kind {
        case .unreadableFile: self = .unreadableInput
        case .malformedDocument, .typeMismatch: self = .invalidInput
        case .unknownConfiguration: self = .unknownConfiguration
        case .unknownVariable: self = .unknownKey
        case .unsupportedLanguage: self = .unsupportedLanguage
        case .writeFailed: self = .cannotWrite
        case .secretUnavailable: self = .secretUnavailable
        case .authenticationFailed: self = .authenticationFailed
        case .pluginFailed: self = .helperUnavailable
        }
    }
}

/// Runs a command body, printing any library error to stderr and exiting with its status.
func reportingFailures(_ body: () throws -> Void) throws {
    do {
        try body()
    } catch let error as EnvironmentError {
        Console.error(error.description)
        throw ExitCode(ExitStatus(error.kind).rawValue)
    } catch let error as CryptoError {
        Console.error(error.description)
        throw ExitCode(ExitStatus(EnvironmentError(crypto: error, file: error.file ?? "").kind).rawValue)
    } catch let error as I18NextError {
        Console.error(error.description)
        throw ExitCode((error.kind == .loadFailed ? ExitStatus.unreadableInput : .invalidInput).rawValue)
    } catch let error as StringsFileError {
        for warning in error.warnings { Console.error(warning.description) }
        Console.error(error.description)
        throw ExitCode((error.kind == .unreadable ? ExitStatus.unreadableInput : .invalidInput).rawValue)
    }
}
