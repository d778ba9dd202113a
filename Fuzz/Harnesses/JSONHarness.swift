import EnvironmentKit
import Foundation
import JSONParsing

/// The JSON parser on raw bytes, in the modes its users run it in, the validator against it, then
/// the environments document built from the same bytes (the main consumer of parsed JSON and its offsets).
enum JSONHarness {
    static func run(_ input: UnsafeRawBufferPointer) {
        let bytes = input.bindMemory(to: UInt8.self)
        for rejectsDuplicateKeys in [true, false] {
            var parser = JSONParser(bytes: bytes, recordingOffsetsToDepth: 3, rejectsDuplicateKeys: rejectsDuplicateKeys)
            do {
                _ = try parser.parseDocument()
            } catch {
                // Every failure must be locatable in the input it came from.
                _ = JSONText.location(of: error.offset, in: bytes)
            }
        }
        // Readers skip the full parse on the validator's word, so it must never accept a
        // document the parser refuses; the objects it records must be whole objects.
        if let objects = JSONValidator.certainlyValidObjects(bytes, atDepth: 2) {
            var strict = JSONParser(bytes: bytes)
            if (try? strict.parseDocument()) == nil { fatalError("the validator accepted a document the parser refuses") }
            for object in objects.map(\.range) where bytes[object.lowerBound] != UInt8(ascii: "{") || bytes[object.upperBound - 1] != UInt8(ascii: "}") {
                fatalError("the validator recorded \(object), which is not an object")
            }
        }
        // The member spans `envtool set` and `unset` splice at: of a valid document's root, each
        // in bounds and in order, a key that reads as the parsed object's, a value that parses.
        var strict = JSONParser(bytes: bytes)
        if case .object(let root)? = try? strict.parseDocument() {
            let start = JSONParser.rootOffset(in: bytes)
            let layout = JSONParser.members(ofObjectAt: start, in: bytes)
            if layout.members.map(\.key) != root.members.map(\.0) || bytes[layout.closingBrace] != UInt8(ascii: "}") {
                fatalError("the member spans do not match the parsed object")
            }
            var end = start
            for member in layout.members {
                guard member.keyStart > end, member.keyEnd <= member.valueStart, member.valueStart < member.valueEnd,
                    member.valueEnd <= layout.closingBrace
                else { fatalError("member spans out of order") }
                if (try? JSONParser.parseValue(in: bytes, at: member.valueStart)) != root[member.key] {
                    fatalError("the value at a member's span is not the member's value")
                }
                end = member.valueEnd
            }
        }
        guard let document = try? EnvironmentsDocument(data: Data(input), source: "fuzz.json") else { return }
        for name in document.configurationNames {
            guard let configuration = try? document.configuration(named: name) else { continue }
            _ = JSONValue.object(configuration.variables).jsonText(pretty: true)
            for key in configuration.variables.keys {
                _ = try? configuration.int(key)
                _ = try? configuration.url(key)
            }
        }
    }
}
