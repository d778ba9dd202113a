/// A problem found in an input file, located the way compilers and editors expect.
///
/// Every parser, linter and error of envtool describes its problem with one of these, so every
/// message has the same shape: `path:line:column: error: message (at json.path)`, the format
/// Xcode, VS Code and Vim's quickfix list read.
public struct Diagnostic: Error, Sendable, Hashable, CustomStringConvertible {
    /// How serious the problem is.
    public enum Severity: String, Sendable, Hashable, Comparable {
        /// The input is not usable.
        case error
        /// The input is usable, but probably not what its author meant.
        case warning
        /// Worth knowing, and often intended (a translation that keeps the source's text): it
        /// never fails a check, not even a strict one.
        case note

        public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }

        private var rank: Int {
            switch self {
            case .note: 0
            case .warning: 1
            case .error: 2
            }
        }
    }

    /// How serious the problem is.
    public var severity: Severity
    /// The file (or URL) involved, if any.
    public var file: String?
    /// The 1-based line in ``file``, if known.
    public var line: Int?
    /// The 1-based column in ``file``, counted in Unicode scalars, if known.
    public var column: Int?
    /// Where in the document: a JSON path (`configurations.Debug.base_url`) or a key, if any.
    public var path: String?
    /// What is wrong and, where one is known, how to fix it.
    public var message: String
    /// Whether the problem is that ``file`` could not be read at all (missing, a FIFO, no
    /// permission) rather than something in its content: a command exits 66 for the one and 65
    /// for the other, whichever reader found it.
    public var isUnreadableFile = false

    /// Creates a diagnostic.
    public init(
        _ severity: Severity = .error, file: String? = nil, line: Int? = nil, column: Int? = nil,
        path: String? = nil, message: String
    ) {
        self.severity = severity
        self.file = file
        self.line = line
        self.column = column
        self.path = path
        self.message = message
    }

    /// The compiler-format line.
    ///
    /// File names, keys and messages often carry text from the input (a file named by a sender,
    /// a key, a language): controls, bidi overrides and line separators in them are written as
    /// `\u{…}` (new lines and tabs of the message excepted), so the line shows what is there.
    public var description: String {
        var text = ""
        if let file {
            text = Self.escapingDisplayControls(file)
            if let line {
                text += ":\(line)"
                if let column { text += ":\(column)" }
            }
            text += ": "
        }
        text += "\(severity.rawValue): \(Self.escapingDisplayControls(message, keeping: ["\n", "\t"]))"
        if let path { text += " (at \(path.isEmpty ? "the top level" : Self.escapingDisplayControls(path)))" }
        return text
    }

    /// The same problem with another severity, such as a warning for a problem that does not stop anything.
    public func with(severity: Severity) -> Diagnostic {
        var copy = self
        copy.severity = severity
        return copy
    }
}
