/// A generic XML element, as ``PropertyListReader/parseElementDocument()`` reads it for formats
/// other than property lists (XLIFF): one tokenizer for every XML file envtool reads.
package struct XMLElement: Sendable {
    /// The element name as written (`trans-unit`).
    package var name: String
    /// The attributes in order, values decoded.
    package var attributes: [(String, String)]
    /// The child elements in order.
    package var children: [XMLElement]
    /// The character data directly inside, entities decoded, CDATA kept.
    package var text: String
    /// All the character data inside, the children's included, in document order: the text of
    /// `Tippe <g id="1">hier</g> jetzt` is `Tippe  jetzt`, its whole text `Tippe hier jetzt`.
    package var wholeText: String
    /// The byte offset of the start tag.
    package var offset: Int
    /// What is inside, in document order: text, CDATA sections, comments and child elements
    /// (by their index in ``children``), for formats where the interleaving means something
    /// (Android string resources: inline markup, `<xliff:g>`, a comment above an entry).
    package var content: [XMLContent] = []

    /// The value of the attribute `name`, if present.
    package func attribute(_ name: String) -> String? { attributes.first { $0.0 == name }?.1 }

    /// The first child named `name`.
    package func child(_ name: String) -> XMLElement? { children.first { $0.name == name } }
}

/// One piece of an element's content, in document order.
package enum XMLContent: Sendable, Equatable {
    /// Character data, entities decoded.
    case text(String)
    /// A CDATA section, as written.
    case cdata(String)
    /// A comment, without `<!--` and `-->`.
    case comment(String)
    /// The child element at this index of ``XMLElement/children``.
    case element(Int)
}

extension PropertyListReader {
    /// Reads a whole XML document into elements: prolog, one root element, nothing after it.
    package mutating func parseElementDocument() throws(Failure) -> XMLElement {
        readsElements = true
        try refuseWideEncodings()
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { position = 3 }
        try skipMisc()
        guard position < bytes.count, byte(at: position) == UInt8(ascii: "<") else {
            throw Failure(offset: position, message: position < bytes.count ? "expected the root element, found text" : "the file is empty")
        }
        let root = try parseElement()
        try skipMisc()
        if position < bytes.count { throw Failure(offset: position, message: "\(describeTag(position)) after the root element; an XML file has one root") }
        return root
    }

    private mutating func parseElement() throws(Failure) -> XMLElement {
        let start = position
        try enter(start)
        defer { depth -= 1 }
        let tag = try readTag()
        var element = XMLElement(name: tag.name, attributes: tag.attributes, children: [], text: "", wholeText: "", offset: start)
        if tag.selfClosing { return element }
        var text: [UInt8] = []
        var whole: [UInt8] = []
        // The character data since the last other piece of content.
        var run: [UInt8] = []
        func flush() throws(Failure) {
            guard !run.isEmpty else { return }
            guard let string = String(validating: run, as: UTF8.self) else {
                throw Failure(offset: start, message: "invalid UTF-8 in <\(tag.name)>; save the file as UTF-8")
            }
            element.content.append(.text(string))
            run = []
        }
        while true {
            guard position < bytes.count else { throw Failure(offset: start, message: "<\(tag.name)> is never closed; add </\(tag.name)>") }
            let current = bytes[position]
            if current == UInt8(ascii: "<") {
                if byte(at: position + 1) == UInt8(ascii: "/") {
                    try expectEndTag(tag.name, opened: start)
                    break
                } else if matches("<![CDATA[") {
                    guard let end = find("]]>", from: position + 9) else {
                        throw Failure(offset: position, message: "the CDATA section is not closed with ]]>")
                    }
                    let section = UnsafeBufferPointer(rebasing: bytes[(position + 9)..<end])
                    text.append(contentsOf: section)
                    whole.append(contentsOf: section)
                    try flush()
                    guard let string = String(validating: section, as: UTF8.self) else {
                        throw Failure(offset: position, message: "invalid UTF-8 in a CDATA section; save the file as UTF-8")
                    }
                    element.content.append(.cdata(string))
                    position = end + 3
                } else if matches("<!--") {
                    let opened = position
                    try skipComment()
                    try flush()
                    guard let string = String(validating: UnsafeBufferPointer(rebasing: bytes[(opened + 4)..<(position - 3)]), as: UTF8.self) else {
                        throw Failure(offset: opened, message: "invalid UTF-8 in a comment; save the file as UTF-8")
                    }
                    element.content.append(.comment(string))
                } else if byte(at: position + 1) == UInt8(ascii: "?") {
                    guard let end = find("?>", from: position + 2) else {
                        throw Failure(offset: position, message: "the processing instruction <? is not closed with ?>")
                    }
                    position = end + 2
                } else {
                    let child = try parseElement()
                    whole.append(contentsOf: child.wholeText.utf8)
                    try flush()
                    element.content.append(.element(element.children.count))
                    element.children.append(child)
                }
            } else if current == UInt8(ascii: "&") {
                let before = text.count
                try appendEntity(to: &text)
                whole.append(contentsOf: text[before...])
                run.append(contentsOf: text[before...])
            } else {
                text.append(current)
                whole.append(current)
                run.append(current)
                position += 1
            }
        }
        try flush()
        guard let string = String(validating: text, as: UTF8.self) else {
            throw Failure(offset: start, message: "invalid UTF-8 in <\(tag.name)>; save the file as UTF-8")
        }
        element.text = string
        // Valid when the text and every child's are: the same bytes, interleaved.
        element.wholeText = String(decoding: whole, as: UTF8.self)
        return element
    }
}
