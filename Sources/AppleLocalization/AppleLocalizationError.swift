import Diagnostics

/// Why a `.stringsdict` or `.xcstrings` file cannot be used, located at the file, line and column
/// of the problem, with the fix where one is known.
///
/// Parsing stops at the first error and produces nothing, so a broken file never yields half a table.
public struct AppleLocalizationError: Error, Sendable, CustomStringConvertible {
    /// The problem, in the project's one diagnostic format.
    public let diagnostic: Diagnostic

    /// Wraps `diagnostic` (an error).
    public init(_ diagnostic: Diagnostic) {
        self.diagnostic = diagnostic.with(severity: .error)
    }

    /// `path:line:column: error: message`.
    public var description: String { diagnostic.description }
}
