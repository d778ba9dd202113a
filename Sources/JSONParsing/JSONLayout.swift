/// How JSON text is laid out: the indentation of a level, what stands between a key and its
/// value, how an empty object is written and whether the document ends with a line break.
///
/// ``compact``, ``pretty`` and ``xcode`` are the layouts envtool writes; ``init(of:otherwise:)``
/// reads the one a file uses, so that a document read and written again keeps its bytes
/// (`"key": value` from one tool, `"key" : value` from Xcode, four-space indentation from another).
public struct JSONLayout: Sendable, Hashable {
    /// The white space of one level of indentation (`"  "`); `nil` to write everything on one line.
    public var indentation: String?
    /// What separates a key from its value: `":"`, `": "` or Xcode's `" : "`.
    public var separator: String
    /// Whether an empty object is written with an empty line inside, as Xcode writes it
    /// (`{`, an empty line, `}` at the object's indentation), rather than as `{}`.
    public var emptyObjectHasBlankLine: Bool
    /// Whether a document ends with a line break after its last `}` or `]`.
    public var endsWithNewline: Bool

    /// A layout from its parts.
    public init(indentation: String?, separator: String, emptyObjectHasBlankLine: Bool = false, endsWithNewline: Bool = false) {
        self.indentation = indentation
        self.separator = separator
        self.emptyObjectHasBlankLine = emptyObjectHasBlankLine
        self.endsWithNewline = endsWithNewline
        indentationBytes = indentation.map { Array($0.utf8) }
        separatorBytes = Array(separator.utf8)
    }

    /// One line, no spaces: `{"a":1}`.
    public static let compact = JSONLayout(indentation: nil, separator: ":")
    /// Two-space indentation, `"key": value`, `{}` when empty.
    public static let pretty = JSONLayout(indentation: "  ", separator: ": ")
    /// As Xcode writes String Catalogs (it writes them with `NSJSONSerialization`'s pretty
    /// printing): two-space indentation, `"key" : value`, an empty object as `{`, an empty line
    /// and `}`, and no line break at the end. A catalog written so changes only where its content
    /// changes when Xcode saves it again.
    public static let xcode = JSONLayout(indentation: "  ", separator: " : ", emptyObjectHasBlankLine: true)

    let indentationBytes: [UInt8]?
    let separatorBytes: [UInt8]

    /// A line break and `level` indentations; nothing in a one-line layout.
    func newline(_ level: Int, to output: inout [UInt8]) {
        guard let indentationBytes else { return }
        output.append(UInt8(ascii: "\n"))
        for _ in 0..<level { output.append(contentsOf: indentationBytes) }
    }
}

extension JSONLayout {
    /// The layout of the JSON text `bytes`, as far as the text shows it; what it does not show
    /// (an empty object in a document that has none, the separator of a document without keys)
    /// is taken from `fallback`.
    ///
    /// Read from the first container with members (its indentation, or one line), the first key
    /// (the white space around its `:`), the first empty object and the last byte. The text is
    /// assumed to be JSON (a parser has accepted it); strings are stepped over, so a `:` or `{}`
    /// inside one is never taken for layout.
    public init(of bytes: UnsafeBufferPointer<UInt8>, otherwise fallback: JSONLayout) {
        var indentation: String?? = nil
        var separator: String? = nil
        var blankLine: Bool? = nil
        var position = 0
        let count = bytes.count
        func isSpace(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        func isWhite(_ byte: UInt8) -> Bool { isSpace(byte) || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") }
        while position < count, indentation == nil || separator == nil || blankLine == nil {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                // Past the string, escapes included.
                position += 1
                while position < count, bytes[position] != UInt8(ascii: "\"") {
                    position += bytes[position] == UInt8(ascii: "\\") ? 2 : 1
                }
                position += 1
                guard separator == nil else { continue }
                var end = position
                while end < count, isSpace(bytes[end]) { end += 1 }
                guard end < count, bytes[end] == UInt8(ascii: ":") else { continue }
                end += 1
                while end < count, isSpace(bytes[end]) { end += 1 }
                separator = String(decoding: UnsafeBufferPointer(rebasing: bytes[position..<end]), as: UTF8.self)
                position = end
                continue
            }
            position += 1
            guard byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") else { continue }
            var next = position
            var lineStart: Int? = nil
            var lineBreaks = 0
            while next < count, isWhite(bytes[next]) {
                if bytes[next] == UInt8(ascii: "\n") { lineStart = next + 1; lineBreaks += 1 }
                next += 1
            }
            guard next < count else { break }
            let closing = byte == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
            if bytes[next] == closing {
                if byte == UInt8(ascii: "{"), blankLine == nil { blankLine = lineBreaks >= 2 }
            } else if indentation == nil {
                // The first container with members sits at the document's first level.
                if let lineStart {
                    indentation = .some(String(decoding: UnsafeBufferPointer(rebasing: bytes[lineStart..<next]), as: UTF8.self))
                } else {
                    indentation = .some(nil)
                }
            }
            position = next
        }
        self.init(
            indentation: indentation ?? fallback.indentation, separator: separator ?? fallback.separator,
            emptyObjectHasBlankLine: blankLine ?? fallback.emptyObjectHasBlankLine,
            endsWithNewline: count > 0 ? bytes[count - 1] == UInt8(ascii: "\n") : fallback.endsWithNewline)
    }
}
