import Diagnostics
import Platform

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Why a `.stringsdict` or `.xcstrings` file cannot be used, located at the file, line and column
/// of the problem, with the fix where one is known.
///
/// Parsing stops at the first error and produces nothing, so a broken file never yields half a table.
public struct AppleLocalizationError: LocatedError {
    /// What kind of failure it is, so that callers choose exit codes without reading the message.
    public enum Kind: Sendable, Hashable {
        /// The content is malformed or cannot be used.
        case invalidInput
        /// The file cannot be read (missing, a directory, no permission).
        case unreadable
        /// The request cannot be done as asked (one output file for several results).
        case usage
    }

    /// The problem, in the project's one diagnostic format.
    public let diagnostic: Diagnostic
    /// What kind of failure it is.
    public let kind: Kind

    /// Wraps `diagnostic` (an error).
    public init(_ diagnostic: Diagnostic, kind: Kind = .invalidInput) {
        self.diagnostic = diagnostic.with(severity: .error)
        self.kind = kind
    }

    /// The error for a file ``Platform/RegularFile`` could not read, located at 1:1.
    package init(_ failure: UnreadableFile) {
        self.init(Diagnostic(failure), kind: .unreadable)
    }

    /// The bytes of the regular file at `path` (read without waiting: a FIFO or device is an
    /// error), or the error that it cannot be read, located at 1:1.
    package static func contents(of path: String) throws(AppleLocalizationError) -> Data {
        try RegularFile.read(path, failing: AppleLocalizationError.init)
    }
}
