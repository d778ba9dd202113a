extension JSONValue {
    /// The value as JSON text: compact on one line, or pretty with two-space indentation.
    ///
    /// Members keep their order and their keys' exact code units; numbers are written back as
    /// read (``numberLiteral(_:)`` verbatim, a `Double` in its shortest form that reads back the
    /// same). A non-finite `Double`, which JSON cannot express and the parser never makes, is
    /// written as `null`, as JavaScript's `JSON.stringify` does.
    public func jsonText(pretty: Bool = false) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(64)
        write(to: &output, pretty: pretty, indent: 0)
        return String(decoding: output, as: UTF8.self)
    }

    /// The value as JSON text in `layout` (see ``jsonText(pretty:)``), ending with a line
    /// break when the layout's document does (``JSONLayout/endsWithNewline``).
    public func jsonText(layout: JSONLayout) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(64)
        write(to: &output, layout: layout, indent: 0, numberStyle: .asRead)
        if layout.endsWithNewline { output.append(UInt8(ascii: "\n")) }
        return String(decoding: output, as: UTF8.self)
    }

    /// Appends the value's JSON text to `output` (see ``jsonText(pretty:)``), numbers spelled in
    /// `numberStyle`.
    public func write(to output: inout [UInt8], pretty: Bool = false, indent: Int = 0, numberStyle: NumberStyle = .asRead) {
        write(to: &output, layout: pretty ? .pretty : .compact, indent: indent, numberStyle: numberStyle)
    }

    /// Appends the value's JSON text in `layout` to `output`, numbers spelled in `numberStyle`,
    /// without the line break that may end a document.
    public func write(to output: inout [UInt8], layout: JSONLayout, indent: Int = 0, numberStyle: NumberStyle = .asRead) {
        switch self {
        case .integer, .number, .numberLiteral:
            guard numberStyle == .asRead else {
                let value = javaScriptNumber
                output.append(contentsOf: (value.isFinite ? Self.javaScriptText(of: value) : "null").utf8)
                return
            }
            writeAsRead(to: &output)
        case .null: output.append(contentsOf: "null".utf8)
        case .bool(let value): output.append(contentsOf: (value ? "true" : "false").utf8)
        case .string(let value): Self.writeQuoted(value, to: &output)
        case .array(let values):
            guard !values.isEmpty else { output.append(contentsOf: "[]".utf8); return }
            output.append(UInt8(ascii: "["))
            for (position, value) in values.enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                layout.newline(indent + 1, to: &output)
                value.write(to: &output, layout: layout, indent: indent + 1, numberStyle: numberStyle)
            }
            layout.newline(indent, to: &output)
            output.append(UInt8(ascii: "]"))
        case .object(let object):
            guard !object.isEmpty else {
                output.append(UInt8(ascii: "{"))
                if layout.emptyObjectHasBlankLine, layout.indentationBytes != nil {
                    output.append(UInt8(ascii: "\n"))
                    layout.newline(indent, to: &output)
                }
                output.append(UInt8(ascii: "}"))
                return
            }
            output.append(UInt8(ascii: "{"))
            for (position, member) in object.members.enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                layout.newline(indent + 1, to: &output)
                Self.writeQuoted(member.key, to: &output)
                output.append(contentsOf: layout.separatorBytes)
                member.value.write(to: &output, layout: layout, indent: indent + 1, numberStyle: numberStyle)
            }
            layout.newline(indent, to: &output)
            output.append(UInt8(ascii: "}"))
        }
    }

    /// A number as it was read: an integer in decimal, a literal verbatim, a `Double` in its
    /// shortest form (a non-finite one, which JSON cannot express, as `null`).
    private func writeAsRead(to output: inout [UInt8]) {
        switch self {
        case .integer(let value): output.append(contentsOf: String(value).utf8)
        case .number(let value):
            if value.isFinite { output.append(contentsOf: value.description.utf8) } else { output.append(contentsOf: "null".utf8) }
        case .numberLiteral(let text): output.append(contentsOf: text.utf8)
        default: break
        }
    }

    /// `string` as a JSON string literal: `"` and `\` escaped, control characters as `\n`, `\r`,
    /// `\t`, `\b`, `\f` or `\u00XX`; everything else (non-ASCII included) as its UTF-8 bytes.
    /// (`package`: a writer that lays out its own document, as the i18next converter's, quotes
    /// its strings exactly as ``jsonText(pretty:)`` does.)
    package static func writeQuoted(_ string: String, to output: inout [UInt8]) {
        let written: Void? = string.utf8.withContiguousStorageIfAvailable { bytes in
            writeQuoted(bytes, to: &output)
        }
        if written == nil {
            output.append(UInt8(ascii: "\""))
            for byte in string.utf8 {
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { writeEscaped(byte, to: &output) } else { output.append(byte) }
            }
            output.append(UInt8(ascii: "\""))
        }
    }

    /// The quoted string of the UTF-8 `bytes` of a string, for a writer that renders
    /// its texts as bytes and never makes them Strings.
    package static func writeQuoted(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        // Runs without anything to escape are copied whole.
        var run = 0
        for position in bytes.indices {
            let byte = bytes[position]
            guard byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 else { continue }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<position]))
            writeEscaped(byte, to: &output)
            run = position + 1
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run...]))
        output.append(UInt8(ascii: "\""))
    }

    private static func writeEscaped(_ byte: UInt8, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\\"))
        switch byte {
        case 0x0A: output.append(UInt8(ascii: "n"))
        case 0x0D: output.append(UInt8(ascii: "r"))
        case 0x09: output.append(UInt8(ascii: "t"))
        case 0x08: output.append(UInt8(ascii: "b"))
        case 0x0C: output.append(UInt8(ascii: "f"))
        case 0x00..<0x20:
            output.append(contentsOf: "u00".utf8)
            output.append(hexDigit(byte >> 4))
            output.append(hexDigit(byte & 0x0F))
        default: output.append(byte)
        }
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }
}
