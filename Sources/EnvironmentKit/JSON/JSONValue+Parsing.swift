#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import JSONParsing

extension JSONValue {
    /// Parses JSON text (for callers that hold JSON in memory, such as tests and `--options`).
    ///
    /// - Throws: ``EnvironmentError`` with kind ``EnvironmentError/Kind/malformedDocument`` and the line and column.
    public init(parsing data: Data, path: String = "<input>") throws(EnvironmentError) {
        // The error is carried out of the closure by hand: a `Result<JSONValue, EnvironmentError>`
        // would make the runtime look up `EnvironmentError: Error` (a scan of every conformance
        // record) on the start-up path of every command that reads the saved language.
        var failure: EnvironmentError?
        let value: JSONValue? = data.withUnsafeBytes { raw in
            do throws(EnvironmentError) {
                return try JSONValue.parse(raw, path: path)
            } catch {
                failure = error
                return nil
            }
        }
        guard let value else { throw failure! }
        self = value
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
