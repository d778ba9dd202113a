/// A problem found in a `.strings` file, located the way compilers and editors expect.
///
/// Its ``description`` is `path:line:column: error: message`, the format Xcode, VS Code and
/// Vim's quickfix list read.
public struct StringsDiagnostic: Sendable, Hashable, CustomStringConvertible {
    /// How serious the problem is.
    public enum Severity: String, Sendable, Hashable {
        /// The file is not valid; nothing from it is used.
        case error
        /// The file is valid, but probably not what its author meant.
        case warning
    }

    /// How serious the problem is.
    public let severity: Severity
    /// The path of the file, as given to the parser.
    public let path: String
    /// The 1-based line of the problem.
    public let line: Int
    /// The 1-based column of the problem, counted in Unicode scalars.
    public let column: Int
    /// What is wrong and, where one is known, how to fix it.
    public let message: String

    /// Creates a diagnostic.
    public init(severity: Severity, path: String, line: Int, column: Int, message: String) {
        self.severity = severity
        self.path = path
        self.line = line
        self.column = column
        self.message = message
    }

    public var description: String {
        "\(path):\(line):\(column): \(severity.rawValue): \(message)"
    }
}
