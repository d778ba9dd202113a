/// An error that is one located ``Diagnostic``: what every envtool error is, whichever target
/// raises it. Its message, file, line, column and printed form are the diagnostic's, written once
/// here rather than in each error type.
public protocol LocatedError: Error, Sendable, CustomStringConvertible {
    /// What is wrong and where.
    var diagnostic: Diagnostic { get }
}

extension LocatedError {
    /// What is wrong, and how to fix it where that is known.
    public var message: String { diagnostic.message }
    /// The file (or URL) involved, if known.
    public var file: String? { diagnostic.file }
    /// The 1-based line in ``file``, if known.
    public var line: Int? { diagnostic.line }
    /// The 1-based column in ``file``, in Unicode scalars, if known.
    public var column: Int? { diagnostic.column }
    /// `file:line:column: error: message`, in the compiler's diagnostic format.
    public var description: String { diagnostic.description }
}
