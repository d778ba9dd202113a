import Diagnostics
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Errors of the i18next engine: a malformed resource or options file, a backend failure.
public struct I18NextError: Error, Sendable, CustomStringConvertible, LocalizedError {
    /// The category of the error.
    public enum Kind: String, Sendable {
        /// A resource or options document is not valid JSON or has the wrong shape.
        case malformedResource
        /// A resource could not be loaded (missing file, HTTP error, network failure).
        case loadFailed
    }

    /// The category.
    public let kind: Kind
    /// The file or URL involved.
    public let source: String
    /// The 1-based line, if known.
    public let line: Int?
    /// The 1-based column, if known.
    public let column: Int?
    /// What is wrong and how to fix it.
    public let message: String

    /// Creates an error.
    public init(_ kind: Kind, source: String, line: Int? = nil, column: Int? = nil, message: String) {
        self.kind = kind
        self.source = source
        self.line = line
        self.column = column
        self.message = message
    }

    /// The problem as the project's one located diagnostic.
    public var diagnostic: Diagnostic {
        Diagnostic(.error, file: source, line: line, column: column, message: message)
    }

    public var description: String { diagnostic.description }

    public var errorDescription: String? { description }
}
