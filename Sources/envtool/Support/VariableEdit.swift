import EnvironmentCrypto
import EnvironmentKit
import Platform

/// One change to one variable of one configuration, made on the document's text (`envtool set`
/// and `unset`): the member's value is replaced, a new member is added after the last one with
/// the indentation and `": "` the object already uses, or a member is removed with its comma.
/// Every other byte of the document stays as it was, so a hand-formatted `environments.json`
/// keeps its layout and its diff is the one line that changed.
///
/// The text is read and written as ``SecretBytes``: for an encrypted document it is the
/// plaintext, which must stay in memory that is zeroed, never in a file or a Swift `String`.
struct VariableEdit {
    enum Change {
        /// Set the variable to this JSON text (one value, already encoded).
        case set(SecretBytes)
        /// Remove the variable (and, for an object, everything under it).
        case remove
    }

    /// The configuration's name.
    let configuration: String
    /// The variable's dotted path, split: `api.timeout` → `["api", "timeout"]`.
    let path: [String]
    let change: Change
    /// The document's name, for errors.
    let source: String

    /// What the edit did.
    enum Outcome { case replaced, added, removed }

    /// The document `text` with the change made.
    ///
    /// - Throws: ``EnvironmentError``: ``EnvironmentError/Kind/unknownVariable`` (68) when `unset`
    ///   names a variable that is not there, ``EnvironmentError/Kind/typeMismatch`` (65) when a
    ///   part of the path is a value, not an object.
    func apply(to text: SecretBytes) throws(EnvironmentError) -> (text: SecretBytes, outcome: Outcome) {
        let splice: Splice = try text.withUnsafeBytes { (raw) throws(EnvironmentError) -> Splice in
            try plan(raw.bindMemory(to: UInt8.self))
        }
        let insertion: SecretBytes
        switch change {
        case .set(let value): insertion = splice.insertion(value)
        case .remove: insertion = SecretBytes(count: 0) { _ in }
        }
        let result = text.withUnsafeBytes { old in
            insertion.withUnsafeBytes { new in
                SecretBytes(count: old.count - splice.range.count + new.count) { output in
                    let head = splice.range.lowerBound
                    UnsafeMutableRawBufferPointer(rebasing: output[0..<head]).copyMemory(from: UnsafeRawBufferPointer(rebasing: old[0..<head]))
                    UnsafeMutableRawBufferPointer(rebasing: output[head..<head + new.count]).copyMemory(from: new)
                    let tail = UnsafeRawBufferPointer(rebasing: old[splice.range.upperBound...])
                    UnsafeMutableRawBufferPointer(rebasing: output[(head + new.count)...]).copyMemory(from: tail)
                }
            }
        }
        return (result, splice.outcome)
    }

    /// The bytes to replace, and what goes around the value in their place.
    private struct Splice {
        var range: Range<Int>
        /// Text before the value: for a new member its separator, key and `": "`, and the
        /// openings of objects made for the rest of the path.
        var prefix: [UInt8] = []
        /// Text after the value: the closings of those objects.
        var suffix: [UInt8] = []
        var outcome: Outcome

        func insertion(_ value: SecretBytes) -> SecretBytes {
            value.withUnsafeBytes { raw in
                SecretBytes(count: prefix.count + raw.count + suffix.count) { output in
                    UnsafeMutableRawBufferPointer(rebasing: output[0..<prefix.count]).copyBytes(from: prefix)
                    UnsafeMutableRawBufferPointer(rebasing: output[prefix.count..<prefix.count + raw.count]).copyMemory(from: raw)
                    UnsafeMutableRawBufferPointer(rebasing: output[(prefix.count + raw.count)...]).copyBytes(from: suffix)
                }
            }
        }
    }

    private var dotted: String { path.joined(separator: ".") }

    private func plan(_ bytes: UnsafeBufferPointer<UInt8>) throws(EnvironmentError) -> Splice {
        // The document was validated before: the root is an object with "configurations", an
        // object that has this configuration.
        var object = JSONParser.rootOffset(in: bytes)
        for key in ["configurations", configuration] {
            guard let member = Self.member(key, ofObjectAt: object, in: bytes) else {
                throw EnvironmentError(.malformedDocument, file: source, message: "the document has no configuration \"\(configuration)\"")
            }
            object = member.valueStart
        }
        for (index, key) in path.enumerated() {
            let isLast = index == path.count - 1
            let layout = JSONParser.members(ofObjectAt: object, in: bytes)
            guard let position = layout.members.lastIndex(where: { $0.key == key }) else {
                if case .remove = change {
                    throw EnvironmentError(
                        .unknownVariable, file: source, message: "there is no variable \(dotted) in the configuration \"\(configuration)\"; nothing was changed"
                    )
                }
                return added(path[index...], to: object, layout: layout, in: bytes)
            }
            let member = layout.members[position]
            if isLast {
                if case .remove = change {
                    return Splice(range: Self.removal(of: position, layout: layout, objectStart: object), outcome: .removed)
                }
                return Splice(range: member.valueStart..<member.valueEnd, outcome: .replaced)
            }
            guard bytes[member.valueStart] == UInt8(ascii: "{") else {
                let partial = path[...index].joined(separator: ".")
                throw EnvironmentError(
                    .typeMismatch, file: source,
                    message:
                        "\(partial) in the configuration \"\(configuration)\" is \(Self.typeName(bytes[member.valueStart])), not an object, so it has no variable \(dotted); set \(partial) itself, or unset it first"
                )
            }
            object = member.valueStart
        }
        // An empty path never gets here (the command refuses it).
        throw EnvironmentError(.unknownVariable, file: source, message: "no variable named")
    }

    /// A new member for `keys` (the first the member's key, the rest objects made around the
    /// value) after the last member of the object at `object`, spaced as that object is.
    private func added(
        _ keys: ArraySlice<String>, to object: Int, layout: (members: [JSONParser.MemberSpan], closingBrace: Int),
        in bytes: UnsafeBufferPointer<UInt8>
    ) -> Splice {
        let members = layout.members
        var prefix: [UInt8]
        var colon: [UInt8] = Array(": ".utf8)
        let at: Int
        if let last = members.last {
            colon = Array(bytes[last.keyEnd..<last.valueStart])
            if members.count >= 2 {
                // The comma and white space between the last two members.
                prefix = Array(bytes[members[members.count - 2].valueEnd..<last.keyStart])
            } else {
                let space = Array(bytes[(object + 1)..<last.keyStart])
                prefix = [UInt8(ascii: ",")] + (space.isEmpty ? [UInt8(ascii: " ")] : space)
            }
            at = last.valueEnd
        } else {
            prefix = []
            at = object + 1
        }
        var suffix: [UInt8] = []
        for (offset, key) in keys.enumerated() {
            if offset > 0 { prefix += Array("{".utf8); suffix += Array("}".utf8) }
            prefix += Self.quoted(key) + (offset == 0 ? colon : Array(": ".utf8))
        }
        return Splice(range: at..<at, prefix: prefix, suffix: suffix, outcome: .added)
    }

    /// The bytes that removing member `index` takes away: the member and one comma with the
    /// white space around it, so the rest reads as it did.
    private static func removal(of index: Int, layout: (members: [JSONParser.MemberSpan], closingBrace: Int), objectStart: Int) -> Range<Int> {
        let members = layout.members
        if members.count == 1 { return (objectStart + 1)..<layout.closingBrace }
        if index < members.count - 1 { return members[index].keyStart..<members[index + 1].keyStart }
        return members[index - 1].valueEnd..<members[index].valueEnd
    }

    private static func member(_ key: String, ofObjectAt offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> JSONParser.MemberSpan? {
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: "{") else { return nil }
        return JSONParser.members(ofObjectAt: offset, in: bytes).members.last { $0.key == key }
    }

    private static func typeName(_ first: UInt8) -> String {
        switch first {
        case UInt8(ascii: "\""): "a string"
        case UInt8(ascii: "["): "an array"
        case UInt8(ascii: "t"), UInt8(ascii: "f"): "a boolean"
        case UInt8(ascii: "n"): "null"
        default: "a number"
        }
    }

    /// `key` as a JSON string.
    static func quoted(_ key: String) -> [UInt8] {
        var output: [UInt8] = []
        Array(key.utf8).withUnsafeBufferPointer { appendQuoted($0, to: &output) }
        return output
    }

    /// Appends `text` (valid UTF-8) as a JSON string: `"` and `\` escaped, control characters as
    /// `\n`, `\t`, … or `\u00XX`, everything else as it is.
    static func appendQuoted(_ text: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        for byte in text {
            switch byte {
            case UInt8(ascii: "\""): output += Array(#"\""#.utf8)
            case UInt8(ascii: "\\"): output += Array(#"\\"#.utf8)
            case 0x0A: output += Array(#"\n"#.utf8)
            case 0x0D: output += Array(#"\r"#.utf8)
            case 0x09: output += Array(#"\t"#.utf8)
            case 0x08: output += Array(#"\b"#.utf8)
            case 0x0C: output += Array(#"\f"#.utf8)
            case 0..<0x20, 0x7F:
                let hex = Array("0123456789abcdef".utf8)
                output += Array(#"\u00"#.utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            default: output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }

    /// The secret `value` (UTF-8) as a JSON string, in zeroing memory.
    ///
    /// - Throws: ``EnvironmentError`` of kind ``EnvironmentError/Kind/malformedDocument`` when it
    ///   is not UTF-8 (JSON holds text only), naming the byte offset, not the value.
    static func jsonString(_ value: SecretBytes) throws(EnvironmentError) -> SecretBytes {
        try value.withUnsafeBytes { (raw) throws(EnvironmentError) -> SecretBytes in
            let bytes = raw.bindMemory(to: UInt8.self)
            if let bad = UTF8Validation.firstInvalidOffset(in: bytes) {
                throw EnvironmentError(.malformedDocument, message: "the value is not UTF-8 text (byte \(bad + 1)); a JSON document holds text only")
            }
            var escaped: [UInt8] = []
            escaped.reserveCapacity(bytes.count + 2)
            appendQuoted(bytes, to: &escaped)
            defer { escaped.withUnsafeMutableBytes { _ = $0.initializeMemory(as: UInt8.self, repeating: 0) } }
            return SecretBytes(copying: escaped)
        }
    }
}
