import AppleLocalization
import Platform

/// Inline markup in gettext and i18next texts: `<b>`, `</b>`, `<br/>`, `<a href="…">`, which
/// Android styles, GNOME's Pango and react-i18next's `Trans` render, and translate-toolkit's
/// `android2po` writes into `.po` as it is. Neither format has a syntax of its own for it, so a
/// tag in a text is markup when it is one an XML reader would take, and the message's tags balance.
///
/// The rule is strict on purpose: what it reads as markup, Android writes raw, so it must be
/// well-formed XML there. `a < b`, `<3`, numbered components (`<0>…</0>`), an HTML `<br>` never
/// closed, a tag a placeholder cuts (`<a href="%s">`, whose `%s` is an argument) and an attribute
/// with a bare `&` stay text. Android's `<a href="%1$s">` is markup: its `%` is written `%%`.
///
/// In a message with markup the text is XML's, as in `android2po`'s `.po`: its character
/// references (`&amp;`, `&lt;`, `&#8217;`) are read as the characters, and `&` and `<` written (``escapingText(_:)``) only where the text would
/// otherwise read back as a reference or a tag, so a bare `&` stays as the file had it. A message
/// without markup is text as it is; one that shows a balanced tag there (Android's `&lt;b&gt;`)
/// cannot be told from markup by its text. gettext says it in the message's comment
/// (``tagsAreTextLine``); i18next has no place to, and its writer reports it.
enum InlineMarkup {
    /// The line of a `.po` message's `#.` comment that says its tags are text, shown as written
    /// (Android's `&lt;br/&gt;` for `Html.fromHtml`, a CDATA section): read back, the message is
    /// not read for markup. The translator reads it beside the text too.
    static let tagsAreTextLine = "Its tags are text, shown as written: not markup."

    /// A tag: its name, and whether it opens, closes or is empty (`<br/>`).
    private struct Tag {
        enum Kind { case open, close, empty }
        var name: ArraySlice<UInt8>
        var kind: Kind
        var range: Range<Int>
    }

    /// `message` with the tags of its texts as markup pieces, when every one is well formed and
    /// they balance over the whole message (`<b>%(name)s</b>`); `message` itself otherwise.
    /// `steps` counts the bytes examined, for the test that reading is linear.
    static func reading(_ message: TranslationMessage, steps: inout Int) -> TranslationMessage {
        // Most texts have no `<`: no scan beyond the search for one.
        guard message.pieces.contains(where: { if case .text(let text) = $0 { text.containsByte(0x3C) } else { false } }) else { return message }
        var tags: [[Tag]] = []
        var texts: [[UInt8]] = []
        var open: [ArraySlice<UInt8>] = []
        for piece in message.pieces {
            guard case .text(let text) = piece else {
                tags.append([])
                texts.append([])
                continue
            }
            let bytes = Array(text.utf8)
            let found = Self.tags(in: bytes, steps: &steps)
            for tag in found {
                switch tag.kind {
                case .open: open.append(tag.name)
                case .close:
                    guard open.last == tag.name else { return message }
                    open.removeLast()
                case .empty: break
                }
            }
            tags.append(found)
            texts.append(bytes)
        }
        guard open.isEmpty, tags.contains(where: { !$0.isEmpty }) else { return message }
        // The message has markup: every text of it is XML's, a tag beside it or not
        // (`<b>Hi</b>{{n}} &amp; co`).
        var result = TranslationMessage()
        for (index, piece) in message.pieces.enumerated() {
            guard case .text = piece else {
                result.append(piece)
                continue
            }
            let bytes = texts[index]
            let found = tags[index]
            var position = 0
            for tag in found {
                result.append(.text(decodingReferences(bytes[position..<tag.range.lowerBound], steps: &steps)))
                result.append(.markup(String(decoding: bytes[tag.range], as: UTF8.self)))
                position = tag.range.upperBound
            }
            result.append(.text(decodingReferences(bytes[position...], steps: &steps)))
        }
        return result
    }

    /// `bytes` with XML's character references (`&amp;`, `&#38;`) read as their characters; an
    /// `&` that starts none is itself.
    private static func decodingReferences(_ bytes: ArraySlice<UInt8>, steps: inout Int) -> String {
        guard bytes.contains(0x26) else { return String(decoding: bytes, as: UTF8.self) }
        let all = Array(bytes)
        var out: [UInt8] = []
        out.reserveCapacity(all.count)
        var index = 0
        while index < all.count {
            steps += 1
            guard all[index] == 0x26, let end = referenceEnd(at: index, in: all, steps: &steps) else {
                out.append(all[index])
                index += 1
                continue
            }
            out.append(contentsOf: character(of: all[(index + 1)..<(end - 1)]).utf8)
            index = end
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The character a reference's body (`amp`, `#38`, `#x26`) that ``referenceEnd(at:in:steps:)``
    /// accepted stands for, as the XML reader decodes it.
    private static func character(of body: ArraySlice<UInt8>) -> String {
        let name = String(decoding: body, as: UTF8.self)
        return PropertyListReader.scalar(ofReference: name).map { String(Character($0)) } ?? "&\(name);"
    }

    /// `message` with the `&` and `<` of its texts escaped where they would read back as a
    /// reference or a tag: what a writer puts in a message that has markup, so that its texts
    /// read back as themselves (``reading(_:steps:)`` decodes them there).
    static func escapingText(_ message: TranslationMessage) -> TranslationMessage {
        guard message.hasMarkup else { return message }
        var steps = 0
        return TranslationMessage(
            message.pieces.map { piece in
                guard case .text(let text) = piece, text.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C }) else { return piece }
                let bytes = Array(text.utf8)
                var out: [UInt8] = []
                out.reserveCapacity(bytes.count + 8)
                for index in bytes.indices {
                    let next = index + 1 < bytes.count ? bytes[index + 1] : 0
                    if bytes[index] == 0x26, referenceEnd(at: index, in: bytes, steps: &steps) != nil {
                        out.append(contentsOf: "&amp;".utf8)
                    } else if bytes[index] == 0x3C, isNameStart(next) || next == 0x2F {
                        out.append(contentsOf: "&lt;".utf8)
                    } else {
                        out.append(bytes[index])
                    }
                }
                return .text(String(decoding: out, as: UTF8.self))
            })
    }

    /// The well-formed tags of `bytes`, in order. A candidate at a `<` ends at the first byte its
    /// grammar refuses, at the latest at the next `<` (never inside an attribute's value), so
    /// that each byte is examined a bounded number of times.
    private static func tags(in bytes: [UInt8], steps: inout Int) -> [Tag] {
        var found: [Tag] = []
        var index = 0
        while index < bytes.count {
            steps += 1
            if bytes[index] == 0x3C, let tag = tag(at: index, in: bytes, steps: &steps) {
                found.append(tag)
                index = tag.range.upperBound
            } else {
                index += 1
            }
        }
        return found
    }

    private static func isNameStart(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        isNameStart(byte) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2D || byte == 0x2E || byte == 0x5F
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// The tag at `start` (a `<`): `<name( attribute="value")*\s*/?>` or `</name\s*>`, names of
    /// ASCII letters, digits, `-`, `.` and `_` starting with a letter; a value in either quote,
    /// without `<`, and with `&` only as a reference (`&amp;`, `&#38;`).
    private static func tag(at start: Int, in bytes: [UInt8], steps: inout Int) -> Tag? {
        var index = start + 1
        func peek() -> UInt8? {
            steps += 1
            return index < bytes.count ? bytes[index] : nil
        }
        func name() -> ArraySlice<UInt8>? {
            guard let first = peek(), isNameStart(first) else { return nil }
            let begin = index
            while let byte = peek(), isNameByte(byte) { index += 1 }
            return bytes[begin..<index]
        }
        func skipSpace() -> Bool {
            let begin = index
            while let byte = peek(), isSpace(byte) { index += 1 }
            return index > begin
        }
        let closing = peek() == 0x2F
        if closing { index += 1 }
        guard let element = name() else { return nil }
        if closing {
            _ = skipSpace()
            guard peek() == 0x3E else { return nil }
            return Tag(name: element, kind: .close, range: start..<(index + 1))
        }
        while true {
            let spaced = skipSpace()
            switch peek() {
            case 0x3E: return Tag(name: element, kind: .open, range: start..<(index + 1))
            case 0x2F:
                index += 1
                guard peek() == 0x3E else { return nil }
                return Tag(name: element, kind: .empty, range: start..<(index + 1))
            default:
                guard spaced, name() != nil, peek() == 0x3D else { return nil }
                index += 1
                guard let quote = peek(), quote == 0x22 || quote == 0x27 else { return nil }
                index += 1
                while let byte = peek(), byte != quote {
                    if byte == 0x3C { return nil }
                    if byte == 0x26 {
                        guard let end = referenceEnd(at: index, in: bytes, steps: &steps) else { return nil }
                        index = end
                        continue
                    }
                    index += 1
                }
                guard peek() == quote else { return nil }
                index += 1
            }
        }
    }

    /// XML's five named references, without `&` and `;`.
    private static let namedReferences: [[UInt8]] = [Array("amp".utf8), Array("lt".utf8), Array("gt".utf8), Array("quot".utf8), Array("apos".utf8)]

    /// The end of the character reference at `start` (a `&`): one of XML's five named ones
    /// (`&amp;`), or `&#38;` or `&#x26;`; an HTML name (`&nbsp;`) is not XML's, and aapt refuses it.
    private static func referenceEnd(at start: Int, in bytes: [UInt8], steps: inout Int) -> Int? {
        guard let semicolon = bytes[(start + 1)..<min(bytes.count, start + 12)].firstIndex(of: 0x3B) else { return nil }
        steps += semicolon - start
        let body = bytes[(start + 1)..<semicolon]
        if namedReferences.contains(where: { $0.elementsEqual(body) }) { return semicolon + 1 }
        guard body.first == 0x23 else { return nil }
        // A character XML allows (`&#0;` and a surrogate are not); at most 8 digits, so no overflow.
        let digits = body.dropFirst()
        let hex = digits.first == 0x78
        let text = String(decoding: hex ? digits.dropFirst() : digits, as: UTF8.self)
        guard !text.isEmpty, text.utf8.count <= 8, text.utf8.allSatisfy({ isNameByte($0) }), let value = UInt32(text, radix: hex ? 16 : 10),
            let scalar = Unicode.Scalar(value),
            scalar.value >= 0x20 || [0x09, 0x0A, 0x0D].contains(scalar.value), scalar.value != 0xFFFE, scalar.value != 0xFFFF
        else { return nil }
        return semicolon + 1
    }
}
