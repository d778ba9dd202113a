import Diagnostics

/// A reader for the XML property lists `.stringsdict` files are, on bytes, with positions.
///
/// Foundation's `PropertyListSerialization` reads the same files but says only "the data isn't in
/// the correct format" when one is broken; this reader names the byte where the problem is. It
/// reads the subset a localization table uses: `plist`, `dict`, `key`, `string`, `integer`,
/// `real`, `true`, `false` and `array`; the five predefined entities and numeric character
/// references; comments, CDATA sections, the XML declaration and a DOCTYPE. Nesting deeper than
/// ``maximumDepth`` is refused, so no file can exhaust the stack.
package struct PropertyListReader: ~Copyable {
    /// Why reading stopped, at which byte offset.
    package struct Failure: Error, Sendable {
        package let offset: Int
        package let message: String
    }

    /// Deeper nesting is refused; a `.stringsdict` needs four levels.
    static let maximumDepth = 64

    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0
    var depth = 0
    /// Whether the document read is an XLIFF or Android file (``parseElementDocument()``), not a
    /// property list, for messages that would otherwise speak of plists.
    var readsElements = false
    /// Problems that do not stop reading (a repeated key, of which the last wins, as in Foundation).
    private(set) var warnings: [Failure] = []

    package init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// Reads the whole document: prolog, one `<plist>` element holding one value, nothing after it.
    mutating func parseDocument() throws(Failure) -> PropertyListNode {
        try refuseWideEncodings()
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { position = 3 }
        if bytes.count - position >= 6, bytes[position] == UInt8(ascii: "b"), matches("bplist") {
            throw Failure(offset: position, message: "the file is a binary property list; convert it with `plutil -convert xml1`")
        }
        try skipMisc()
        guard position < bytes.count else { throw Failure(offset: position, message: "the file is empty; expected <plist version=\"1.0\">") }
        let rootOffset = position
        guard byte(at: position) == UInt8(ascii: "<"), byte(at: position + 1) != UInt8(ascii: "/") else {
            throw Failure(offset: position, message: "expected <plist version=\"1.0\">, found \(describe(position))")
        }
        let root = try readTag()
        guard root.name == "plist" else {
            throw Failure(offset: rootOffset, message: "expected the root element <plist>, found <\(root.name)>")
        }
        guard !root.selfClosing else { throw Failure(offset: rootOffset, message: "<plist/> is empty; it must hold one <dict>") }
        let value = try parseValue()
        try skipMisc()
        try expectEndTag("plist", opened: rootOffset)
        try skipMisc()
        if position < bytes.count {
            // Foundation ignores what follows the root element; a warning keeps it visible.
            warnings.append(Failure(offset: position, message: "\(describe(position)) after </plist> is ignored; remove it"))
        }
        return value
    }

    // MARK: Values

    private mutating func parseValue() throws(Failure) -> PropertyListNode {
        try skipMisc()
        let start = position
        guard position < bytes.count else { throw Failure(offset: position, message: "expected a value, found the end of the file") }
        guard byte(at: position) == UInt8(ascii: "<") else {
            throw Failure(offset: position, message: "expected a value such as <string>, found text; text belongs inside <string>…</string>")
        }
        if byte(at: position + 1) == UInt8(ascii: "/") {
            throw Failure(offset: position, message: "expected a value before \(describeTag(position)); every <key> needs a value after it")
        }
        let tag = try readTag()
        switch tag.name {
        case "dict":
            return PropertyListNode(offset: start, value: .dictionary(tag.selfClosing ? [] : try parseDictionaryBody(opened: start)))
        case "array":
            return PropertyListNode(offset: start, value: .array(tag.selfClosing ? [] : try parseArrayBody(opened: start)))
        case "string":
            return PropertyListNode(offset: start, value: .string(tag.selfClosing ? "" : try readText(closing: "string", opened: start)))
        case "integer":
            let text = tag.selfClosing ? "" : try readText(closing: "integer", opened: start)
            guard let value = Self.integer(text) else {
                throw Failure(offset: start, message: "<integer>\(text.prefix(40))</integer> is not a whole number that fits in 64 bits")
            }
            return PropertyListNode(offset: start, value: .integer(value))
        case "real":
            let text = tag.selfClosing ? "" : try readText(closing: "real", opened: start)
            guard let value = Double(text) else {
                throw Failure(offset: start, message: "<real>\(text.prefix(40))</real> is not a number")
            }
            return PropertyListNode(offset: start, value: .real(value))
        case "true", "false":
            if !tag.selfClosing {
                let text = try readText(closing: tag.name, opened: start)
                guard Self.trimmed(text).isEmpty else { throw Failure(offset: start, message: "<\(tag.name)> must be empty; write <\(tag.name)/>") }
            }
            return PropertyListNode(offset: start, value: .bool(tag.name == "true"))
        case "key":
            throw Failure(offset: start, message: "<key> outside a <dict>; keys name the values of a dictionary")
        case "data", "date":
            throw Failure(offset: start, message: "<\(tag.name)> is not used in localization tables; write the text as a <string>")
        default:
            throw Failure(
                offset: start, message: "unknown element <\(tag.name)>; a property list holds dict, array, key, string, integer, real, true and false")
        }
    }

    private mutating func parseDictionaryBody(opened: Int) throws(Failure) -> [PropertyListNode.Member] {
        try enter(opened)
        defer { depth -= 1 }
        var members: [PropertyListNode.Member] = []
        var indexByKey: [String: Int] = [:]
        while true {
            try skipMisc()
            guard position < bytes.count else { throw Failure(offset: opened, message: "<dict> is never closed; add </dict>") }
            if byte(at: position) == UInt8(ascii: "<"), byte(at: position + 1) == UInt8(ascii: "/") {
                try expectEndTag("dict", opened: opened)
                return members
            }
            let keyOffset = position
            guard byte(at: position) == UInt8(ascii: "<") else {
                throw Failure(offset: position, message: "expected <key> in the <dict>, found text")
            }
            let tag = try readTag()
            guard tag.name == "key" else {
                throw Failure(offset: keyOffset, message: "expected <key> in the <dict>, found <\(tag.name)>; each value must follow its <key>")
            }
            let key = tag.selfClosing ? "" : try readText(closing: "key", opened: keyOffset)
            let value = try parseValue()
            let member = PropertyListNode.Member(key: key, keyOffset: keyOffset, value: value)
            if let index = indexByKey[key] {
                warnings.append(Failure(offset: keyOffset, message: "the key \"\(key)\" appears twice in one <dict>; the last one is used, as in Foundation"))
                members[index] = member
            } else {
                indexByKey[key] = members.count
                members.append(member)
            }
        }
    }

    private mutating func parseArrayBody(opened: Int) throws(Failure) -> [PropertyListNode] {
        try enter(opened)
        defer { depth -= 1 }
        var elements: [PropertyListNode] = []
        while true {
            try skipMisc()
            guard position < bytes.count else { throw Failure(offset: opened, message: "<array> is never closed; add </array>") }
            if byte(at: position) == UInt8(ascii: "<"), byte(at: position + 1) == UInt8(ascii: "/") {
                try expectEndTag("array", opened: opened)
                return elements
            }
            elements.append(try parseValue())
        }
    }

    mutating func enter(_ offset: Int) throws(Failure) {
        depth += 1
        if depth > Self.maximumDepth {
            throw Failure(offset: offset, message: "nesting is deeper than \(Self.maximumDepth) levels")
        }
    }

    // MARK: Markup

    /// A start tag read from `<` to `>`, with its attributes (values' entities decoded); the plist
    /// reader ignores them (only `<plist version>` has one), the XLIFF reader needs them.
    mutating func readTag() throws(Failure) -> (name: String, selfClosing: Bool, attributes: [(String, String)]) {
        let start = position
        position += 1
        let nameStart = position
        while position < bytes.count, Self.isNameByte(bytes[position]) { position += 1 }
        guard position > nameStart else { throw Failure(offset: start, message: "'<' must start an element; write a literal < as &lt;") }
        let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[nameStart..<position]), as: UTF8.self)
        var attributes: [(String, String)] = []
        var quote: UInt8? = nil
        var attributeName = ""
        var nameStartOfAttribute: Int? = nil
        var value: [UInt8] = []
        while position < bytes.count {
            let current = bytes[position]
            if let open = quote {
                if current == open {
                    quote = nil
                    attributes.append((attributeName, String(decoding: value, as: UTF8.self)))
                    position += 1
                    continue
                }
                if current == UInt8(ascii: "&") {
                    try appendEntity(to: &value)
                    continue
                }
                if current == UInt8(ascii: "<") { throw Failure(offset: position, message: "'<' inside the value of \(attributeName); write it as &lt;") }
                value.append(current)
            } else if current == UInt8(ascii: "\"") || current == UInt8(ascii: "'") {
                quote = current
                value = []
            } else if current == UInt8(ascii: ">") {
                position += 1
                return (name, false, attributes)
            } else if current == UInt8(ascii: "/"), byte(at: position + 1) == UInt8(ascii: ">") {
                position += 2
                return (name, true, attributes)
            } else if current == UInt8(ascii: "<") {
                break
            } else if Self.isNameByte(current) {
                if nameStartOfAttribute == nil { nameStartOfAttribute = position }
            } else if let first = nameStartOfAttribute {
                // The name ends at `=` or white space; the value follows.
                attributeName = String(decoding: UnsafeBufferPointer(rebasing: bytes[first..<position]), as: UTF8.self)
                nameStartOfAttribute = nil
            }
            position += 1
        }
        throw Failure(offset: start, message: "the tag <\(name) is not closed with '>'")
    }

    mutating func expectEndTag(_ name: String, opened: Int) throws(Failure) {
        let start = position
        guard byte(at: position) == UInt8(ascii: "<"), byte(at: position + 1) == UInt8(ascii: "/") else {
            throw Failure(offset: position, message: "expected </\(name)>, found \(describe(position))")
        }
        position += 2
        let nameStart = position
        while position < bytes.count, Self.isNameByte(bytes[position]) { position += 1 }
        let found = String(decoding: UnsafeBufferPointer(rebasing: bytes[nameStart..<position]), as: UTF8.self)
        while position < bytes.count, Self.isSpace(bytes[position]) { position += 1 }
        guard found == name, byte(at: position) == UInt8(ascii: ">") else {
            let (line, _) = lineAndColumn(opened)
            throw Failure(offset: start, message: "expected </\(name)> to close the <\(name)> of line \(line), found </\(found)>")
        }
        position += 1
    }

    /// Refuses a UTF-16 or UTF-32 file (with a byte order mark, or an ASCII first character
    /// followed or preceded by NUL bytes): read as UTF-8 it would only say "found text".
    func refuseWideEncodings() throws(Failure) {
        guard bytes.count >= 2 else { return }
        let marked = (bytes[0] == 0xFE && bytes[1] == 0xFF) || (bytes[0] == 0xFF && bytes[1] == 0xFE)
        let unmarked = (bytes[0] == 0 && bytes[1] != 0) || (bytes[0] != 0 && bytes[0] < 0x80 && bytes[1] == 0)
        if marked || unmarked { throw Failure(offset: 0, message: "the file is UTF-16 (or UTF-32); save it as UTF-8") }
    }

    /// Skips white space, comments, processing instructions (the XML declaration) and a DOCTYPE.
    mutating func skipMisc() throws(Failure) {
        while position < bytes.count {
            let current = bytes[position]
            if Self.isSpace(current) {
                position += 1
            } else if current == UInt8(ascii: "<"), byte(at: position + 1) == UInt8(ascii: "!"), matches("<!--") {
                try skipComment()
            } else if current == UInt8(ascii: "<"), byte(at: position + 1) == UInt8(ascii: "?") {
                let start = position
                guard let end = find("?>", from: position + 2) else {
                    throw Failure(offset: start, message: "the declaration <? is not closed with ?>")
                }
                position = end + 2
            } else if current == UInt8(ascii: "<"), matches("<!DOCTYPE") {
                let start = position
                position += 9
                var quote: UInt8? = nil
                while position < bytes.count {
                    let next = bytes[position]
                    if let open = quote {
                        if next == open { quote = nil }
                    } else if next == UInt8(ascii: "\"") || next == UInt8(ascii: "'") {
                        quote = next
                    } else if next == UInt8(ascii: "[") {
                        // The declarations define entities, which can expand without bound or read
                        // other files: no reader of these formats needs them.
                        throw Failure(
                            offset: position,
                            message: readsElements
                                ? "a DOCTYPE with declarations in [ ] is refused: they define entities, which can expand without bound or read other files; remove the [ … ] part"
                                : "a DOCTYPE with declarations in [ ] is refused by Foundation; keep only <!DOCTYPE plist PUBLIC …>")
                    } else if next == UInt8(ascii: ">") {
                        break
                    }
                    position += 1
                }
                guard position < bytes.count else { throw Failure(offset: start, message: "<!DOCTYPE is not closed with '>'") }
                position += 1
            } else {
                return
            }
        }
    }

    /// The comment that ends right before `offset` with only white space between (`<!-- text -->`
    /// above a `<key>`), without `<!--`, `-->` and one space inside each, in a document this
    /// reader read: there a `-->` before an element can only close a comment, and a comment holds
    /// no `--`, so its start is the last `<!--` before, and the search reads only the comment.
    static func comment(endingBefore offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> String? {
        var end = min(offset, bytes.count)
        while end > 0, isSpace(bytes[end - 1]) { end -= 1 }
        guard end >= 7, bytes[end - 1] == UInt8(ascii: ">"), bytes[end - 2] == UInt8(ascii: "-"), bytes[end - 3] == UInt8(ascii: "-") else { return nil }
        var start = end - 7
        while start >= 0,
            !(bytes[start] == UInt8(ascii: "<") && bytes[start + 1] == UInt8(ascii: "!") && bytes[start + 2] == UInt8(ascii: "-")
                && bytes[start + 3] == UInt8(ascii: "-"))
        {
            start -= 1
        }
        guard start >= 0 else { return nil }
        var from = start + 4
        var to = end - 3
        if from < to, bytes[from] == UInt8(ascii: " ") { from += 1 }
        if from < to, bytes[to - 1] == UInt8(ascii: " ") { to -= 1 }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[from..<to]), as: UTF8.self)
    }

    mutating func skipComment() throws(Failure) {
        let start = position
        guard let end = find("-->", from: position + 4) else {
            throw Failure(offset: start, message: "the comment <!-- is not closed with -->")
        }
        position = end + 3
    }

    /// Reads character data up to `</closing>`: entities decoded, CDATA kept verbatim, comments dropped.
    private mutating func readText(closing name: String, opened: Int) throws(Failure) -> String {
        var text: [UInt8] = []
        while true {
            guard position < bytes.count else {
                throw Failure(offset: opened, message: "<\(name)> is never closed; add </\(name)>")
            }
            let current = bytes[position]
            if current == UInt8(ascii: "<") {
                if byte(at: position + 1) == UInt8(ascii: "/") {
                    try expectEndTag(name, opened: opened)
                    break
                } else if matches("<![CDATA[") {
                    let start = position
                    guard let end = find("]]>", from: position + 9) else {
                        throw Failure(offset: start, message: "the CDATA section is not closed with ]]>")
                    }
                    text.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[(position + 9)..<end]))
                    position = end + 3
                } else if matches("<!--") {
                    throw Failure(offset: position, message: "a comment inside <\(name)> is refused by Foundation; move it before the <key>")
                } else {
                    throw Failure(offset: position, message: "unexpected \(describeTag(position)) inside <\(name)>; write a literal < as &lt;")
                }
            } else if current == UInt8(ascii: "&") {
                try appendEntity(to: &text)
            } else {
                text.append(current)
                position += 1
            }
        }
        guard let string = String(validating: text, as: UTF8.self) else {
            throw Failure(offset: opened, message: "invalid UTF-8 in <\(name)>; save the file as UTF-8")
        }
        return string
    }

    /// The character XML's reference `&name;` stands for: one of the five named ones (`amp`),
    /// or a number (`#38`, `#x26`); `nil` for any other name and for `&#0;`.
    package static func scalar(ofReference name: String) -> Unicode.Scalar? {
        switch name {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos": return "'"
        default:
            let scalar: Unicode.Scalar?
            if name.hasPrefix("#x") || name.hasPrefix("#X") {
                scalar = UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init)
            } else if name.hasPrefix("#") {
                scalar = UInt32(name.dropFirst(), radix: 10).flatMap(Unicode.Scalar.init)
            } else {
                scalar = nil
            }
            return scalar?.value == 0 ? nil : scalar
        }
    }

    mutating func appendEntity(to text: inout [UInt8]) throws(Failure) {
        let start = position
        var end = position + 1
        while end < bytes.count, end - start <= 12, bytes[end] != UInt8(ascii: ";") { end += 1 }
        guard end < bytes.count, bytes[end] == UInt8(ascii: ";") else {
            throw Failure(offset: start, message: "'&' must start an entity such as &amp;; write a literal & as &amp;")
        }
        let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[(start + 1)..<end]), as: UTF8.self)
        guard let scalar = Self.scalar(ofReference: name) else {
            guard name.hasPrefix("#") else {
                throw Failure(offset: start, message: "unknown entity &\(name);; XML knows &amp; &lt; &gt; &quot; &apos; and &#…;")
            }
            throw Failure(offset: start, message: "&\(name); is not a valid Unicode character")
        }
        text.append(contentsOf: Array(String(scalar).utf8))
        position = end + 1
    }

    // MARK: Bytes

    func byte(at index: Int) -> UInt8? {
        index >= 0 && index < bytes.count ? bytes[index] : nil
    }

    func matches(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard bytes.count - position >= count else { return false }
        let pointer = literal.utf8Start
        for offset in 0..<count where bytes[position + offset] != pointer[offset] { return false }
        return true
    }

    func find(_ literal: StaticString, from start: Int) -> Int? {
        let count = literal.utf8CodeUnitCount
        let pointer = literal.utf8Start
        var index = start
        while index + count <= bytes.count {
            var equal = true
            for offset in 0..<count where bytes[index + offset] != pointer[offset] {
                equal = false
                break
            }
            if equal { return index }
            index += 1
        }
        return nil
    }

    private func describe(_ index: Int) -> String {
        guard let current = byte(at: index) else { return "the end of the file" }
        if current == UInt8(ascii: "<") { return describeTag(index) }
        return "text"
    }

    func describeTag(_ index: Int) -> String {
        var end = index + 1
        if byte(at: end) == UInt8(ascii: "/") { end += 1 }
        while end < bytes.count, end - index < 40, Self.isNameByte(bytes[end]) { end += 1 }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<end]), as: UTF8.self) + ">"
    }

    private func lineAndColumn(_ offset: Int) -> (Int, Int) {
        SourceLocator.location(of: offset, in: bytes)
    }

    static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: ":"):
            true
        default:
            false
        }
    }

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private static func trimmed(_ text: String) -> Substring {
        var slice = Substring(text)
        while let first = slice.first, first.isWhitespace { slice.removeFirst() }
        while let last = slice.last, last.isWhitespace { slice.removeLast() }
        return slice
    }

    /// An `<integer>`'s value: optional sign and decimal digits, or `0x` hexadecimal.
    private static func integer(_ text: String) -> Int? {
        // No surrounding white space: Foundation refuses `<integer> 12 </integer>`.
        if text.hasPrefix("0x") || text.hasPrefix("0X") { return Int(text.dropFirst(2), radix: 16) }
        return Int(text)
    }
}
