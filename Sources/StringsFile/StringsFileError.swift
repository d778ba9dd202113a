import Diagnostics

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The error thrown when a `.strings` file cannot be read or is not valid.
///
/// It carries the first error found and the warnings seen before it, so a linter can show
/// everything the parser knows.
public struct StringsFileError: LocatedError, LocalizedError {
    /// Why the file gave no table; callers choose exit codes and recovery from this, never from the message.
    public enum Kind: Sendable, Hashable {
        /// The file could not be read (missing, a directory, a FIFO or other non-regular file, no permission).
        case unreadable
        /// The bytes are not a valid strings file.
        case malformed
    }

    /// Why the file gave no table.
    public let kind: Kind
    /// The error that stopped parsing.
    public let diagnostic: Diagnostic
    /// Warnings found before the error.
    public let warnings: [Diagnostic]

    /// Creates an error from the diagnostic that stopped parsing.
    public init(_ kind: Kind = .malformed, diagnostic: Diagnostic, warnings: [Diagnostic] = []) {
        self.kind = kind
        self.diagnostic = diagnostic
        self.warnings = warnings
    }

    public var errorDescription: String? { diagnostic.description }
}
