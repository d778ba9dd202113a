import EnvironmentKit
import Foundation
import JSONParsing

/// The JSON parser on raw bytes, in the modes its users run it in, then the environments
/// document built from the same bytes (the main consumer of parsed JSON and its offsets).
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
