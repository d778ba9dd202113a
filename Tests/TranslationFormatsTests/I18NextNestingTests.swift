import AppleLocalization
import JSONParsing
import Testing

@testable import TranslationFormats

/// The i18next writer nests with a tree of objects by number that hashes only objects when no key
/// comes twice, asks the set of leaves once per run of keys under one prefix, and splits an ASCII
/// key by bytes; these tests hold it to the nesting it replaced (a tree of objects by reference,
/// each with a dictionary of its keys, kept here as the oracle) on generated keys made to tell
/// them apart: a key twice, a key and a prefix of another, canonically equal keys written apart
/// (`é` and `e` + U+0301, `K` and the Kelvin sign), empty parts, marks after a dot, deep keys.
@Suite("i18next nesting gives the dictionary nesting's result")
struct I18NextNestingTests {
    enum Oracle {
        /// The document the writer gave for `flat` (key, text), as written before.
        static func document(_ flat: [(String, String)]) -> String {
            var output: [UInt8] = []
            nest(flat).write(to: &output, indent: 0)
            output.append(UInt8(ascii: "\n"))
            return String(decoding: output, as: UTF8.self)
        }

        /// Nests `a.b` under `a` unless `a` is itself a key (then the key stays flat).
        static func nest(_ flat: [(String, String)]) -> NestingObject {
            let leaves = Set(flat.map(\.0))
            let root = NestingObject()
            for (key, text) in flat {
                let parts = dotSeparatedParts(key)
                // Flat when a prefix is a leaf, or a part is empty (`a..b`, `.a`); deeper than 32
                // levels too, as nesting is written recursively.
                var flatKey = parts.count > 32 || parts.contains("")
                if !flatKey, parts.count > 1 {
                    var prefix = ""
                    for part in parts.dropLast() {
                        prefix = prefix.isEmpty ? part : prefix + "." + part
                        if leaves.contains(prefix) { flatKey = true; break }
                    }
                }
                guard !flatKey, parts.count > 1 else {
                    root.set(key, text)
                    continue
                }
                var object = root
                for part in parts.dropLast() { object = object.child(part) }
                object.set(parts[parts.count - 1], text)
            }
            return root
        }

        /// A JSON object being nested into, held by reference so that a member deep inside is added
        /// in place. Members keep their first position; a later value replaces the earlier one, and
        /// an object takes the place of a text at its key, as `JSONObject` subscripts do.
        final class NestingObject {
            enum Member {
                case text(String)
                case object(NestingObject)
            }
            var members: [(key: String, value: Member)] = []
            var positions: [String: Int] = [:]

            func set(_ key: String, _ text: String) {
                if let position = positions[key] {
                    members[position].value = .text(text)
                } else {
                    positions[key] = members.count
                    members.append((key, .text(text)))
                }
            }

            /// The object at `key`, made (or put in place of a text there) when there is none.
            func child(_ key: String) -> NestingObject {
                if let position = positions[key] {
                    if case .object(let object) = members[position].value { return object }
                    let object = NestingObject()
                    members[position].value = .object(object)
                    return object
                }
                let object = NestingObject()
                positions[key] = members.count
                members.append((key, .object(object)))
                return object
            }

            /// The object as `JSONValue.jsonText(pretty: true)` writes one: two-space indentation,
            /// `"key": value`, `{}` when empty.
            func write(to output: inout [UInt8], indent: Int) {
                guard !members.isEmpty else { output.append(contentsOf: "{}".utf8); return }
                output.append(UInt8(ascii: "{"))
                for (position, member) in members.enumerated() {
                    if position > 0 { output.append(UInt8(ascii: ",")) }
                    Self.newline(indent + 1, to: &output)
                    JSONValue.writeQuoted(member.key, to: &output)
                    output.append(UInt8(ascii: ":"))
                    output.append(UInt8(ascii: " "))
                    switch member.value {
                    case .text(let text): JSONValue.writeQuoted(text, to: &output)
                    case .object(let object): object.write(to: &output, indent: indent + 1)
                    }
                }
                Self.newline(indent, to: &output)
                output.append(UInt8(ascii: "}"))
            }

            static func newline(_ indent: Int, to output: inout [UInt8]) {
                output.append(UInt8(ascii: "\n"))
                for _ in 0..<indent { output.append(UInt8(ascii: " ")); output.append(UInt8(ascii: " ")) }
            }
        }

        /// `key` split at each `.`, empty parts kept. An ASCII key (nearly all) is split by bytes:
        /// splitting by Characters was most of nesting a 20k-key file. Any other is split by
        /// Characters, where a `.` followed by a combining mark is no separator.
        static func dotSeparatedParts(_ key: String) -> [String] {
            var key = key
            let ascii: [String]? = key.withUTF8 { bytes in
                guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
                var parts: [String] = []
                var start = 0
                for index in bytes.indices where bytes[index] == UInt8(ascii: ".") {
                    parts.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
                    start = index + 1
                }
                guard !parts.isEmpty else { return [] }
                parts.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start...]), as: UTF8.self))
                return parts
            }
            if let ascii { return ascii.isEmpty ? [key] : ascii }
            return key.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        }

    }

    static func keys(count: Int, seed: UInt64) -> [String] {
        let parts = ["a", "b", "a_one", "é", "e\u{301}", "K", "\u{212A}", "\u{301}x", "", "s0", "s1", "s10", "item9", "item99", "\"q\"", "\\", "\n"]
        var state = seed
        func next() -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(truncatingIfNeeded: state >> 33)
        }
        return (0..<count).map { _ in
            let depth = next() % 8 == 0 ? 34 : 1 + next() % 4
            return (0..<depth).map { _ in parts[next() % parts.count] }.joined(separator: next() % 10 == 0 ? ".." : ".")
        }
    }

    @Test("generated key sets nest and write alike", arguments: [false, true])
    func generated(sorted: Bool) throws {
        var state: UInt64 = 29
        for round in 0..<1_500 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            var keys = Self.keys(count: 1 + Int(state >> 59), seed: state)
            if sorted { keys.sort() }
            let entries = keys.enumerated().map { index, key in
                TranslationEntry(key: key, value: .single(TranslationMessage([.text("\(index) \(key)")])))
            }
            var issues = ConversionIssues(file: "t.json", language: "en")
            let written = String(decoding: I18NextJSONFormat.write(entries, path: "t.json", language: "en", issues: &issues), as: UTF8.self)
            let expected = Oracle.document(keys.enumerated().map { ($1, "\($0) \($1)") })
            #expect(written == expected, "round \(round): \(keys.debugDescription)")
        }
    }
}
