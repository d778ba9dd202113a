import Foundation

/// The error thrown when a `.strings` file cannot be read or is not valid.
///
/// It carries the first error found and the warnings seen before it, so a linter can show
/// everything the parser knows.
public struct StringsFileError: Error, Sendable, CustomStringConvertible, LocalizedError {
    /// The error that stopped parsing.
    public let diagnostic: StringsDiagnostic
    /// Warnings found before the error.
    public let warnings: [StringsDiagnostic]

    /// Creates an error from the diagnostic that stopped parsing.
    public init(diagnostic: StringsDiagnostic, warnings: [StringsDiagnostic] = []) {
        self.diagnostic = diagnostic
        self.warnings = warnings
    }

    public var description: String { diagnostic.description }
    public var errorDescription: String? { diagnostic.description }
}
