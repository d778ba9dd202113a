import JSONParsing

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension JSONValue {
    /// Parses JSON text (a resource file, an init options file, a t() options object).
    ///
    /// Keys are kept apart by code units, and a repeated key takes the last value, as in `JSON.parse`.
    ///
    /// - Throws: ``I18NextError`` naming `source`, with the line and column of the problem.
    public init(jsonData data: Data, source: String = "<json>") throws(I18NextError) {
        let result: Result<JSONValue, I18NextError> = data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            var parser = JSONParser(bytes: bytes, recordingOffsetsToDepth: 0, rejectsDuplicateKeys: false)
            do throws(JSONParser.Failure) {
                return .success(try parser.parseDocument())
            } catch {
                let (line, column) = JSONText.location(of: error.offset, in: bytes)
                return .failure(I18NextError(.malformedResource, source: source, line: line, column: column, message: error.message))
            }
        }
        self = try result.get()
    }
}
