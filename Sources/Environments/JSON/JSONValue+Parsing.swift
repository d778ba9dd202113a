import EnvironmentCrypto
import JSONParsing

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension JSONValue {
    /// Parses JSON text (for callers that hold JSON in memory, such as tests and `--options`).
    ///
    /// - Throws: ``EnvironmentError`` with kind ``EnvironmentError/Kind/malformedDocument`` and the line and column.
    public init(parsing data: Data, path: String = "<input>") throws(EnvironmentError) {
        self = try data.withBytes { raw throws(EnvironmentError) in try JSONValue.parse(raw, path: path) }
    }

    /// Parses a document in place (duplicate keys refused), naming `path` in errors.
    static func parse(_ raw: UnsafeRawBufferPointer, path: String) throws(EnvironmentError) -> JSONValue {
        let bytes = raw.bindMemory(to: UInt8.self)
        var parser = JSONParser(bytes: bytes)
        do throws(JSONParser.Failure) {
            return try parser.parseDocument()
        } catch {
            throw EnvironmentError.located(.malformedDocument, file: path, offset: error.offset, in: bytes, message: error.message)
        }
    }
}
