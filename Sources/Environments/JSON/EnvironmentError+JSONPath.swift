import JSONParsing

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension EnvironmentError {
    /// An error about the value at `path`, with its line and column when the document's bytes
    /// are at hand: they are found by parsing `bytes` once more, since values keep no positions.
    static func located(_ kind: Kind, file: String, at path: JSONPath, in bytes: UnsafeBufferPointer<UInt8>?, message: String) -> EnvironmentError {
        let offset = bytes.flatMap { JSONParser.offset(of: path, in: $0) }
        guard let bytes, let offset else { return EnvironmentError(kind, file: file, jsonPath: path.description, message: message) }
        return located(kind, file: file, offset: offset, in: bytes, jsonPath: path.description, message: message)
    }

    /// ``located(_:file:at:in:message:)`` for a document kept as `Data` (`nil`: not kept, as for decrypted text).
    static func located(_ kind: Kind, file: String, at path: JSONPath, in text: Data?, message: String) -> EnvironmentError {
        guard let text else { return located(kind, file: file, at: path, in: UnsafeBufferPointer<UInt8>?.none, message: message) }
        return text.withUnsafeBytes { raw in
            located(kind, file: file, at: path, in: raw.bindMemory(to: UInt8.self), message: message)
        }
    }
}
