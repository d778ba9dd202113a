/// Where something was defined: a file and the 1-based line and column (in Unicode scalars).
public struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
    /// The file's path as given when it was read.
    public let file: String
    /// The 1-based line.
    public let line: Int
    /// The 1-based column, counted in Unicode scalars.
    public let column: Int

    /// A location.
    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `file:line:column`.
    public var description: String { "\(file):\(line):\(column)" }
}
