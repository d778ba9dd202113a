import Diagnostics

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Errors of the i18next engine: a malformed resource or options file, a backend failure.
public struct I18NextError: LocatedError, LocalizedError {
    /// The category of the error.
    public enum Kind: String, Sendable {
        /// A resource or options document is not valid JSON or has the wrong shape.
        case malformedResource
        /// A resource could not be loaded (missing file, HTTP error, network failure).
        case loadFailed
    }

    /// The category.
    public let kind: Kind
    /// What is wrong and where, in the one located form every envtool error uses.
    public let diagnostic: Diagnostic

    /// The file or URL involved.
    public var source: String { diagnostic.file ?? "" }

    /// Creates an error.
    public init(_ kind: Kind, source: String, line: Int? = nil, column: Int? = nil, message: String) {
        self.kind = kind
        self.diagnostic = Diagnostic(.error, file: source, line: line, column: column, message: message)
    }

    public var errorDescription: String? { description }
}
