#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension Data {
    /// `body` run over the bytes of this data, its typed error thrown as it is: `withUnsafeBytes`
    /// rethrows an untyped one, so the result is carried out in a `Result`. The parsers that read
    /// a file in place use it.
    package func withBytes<T, Failure: Error>(_ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> T) throws(Failure) -> T {
        let result: Result<T, Failure> = withUnsafeBytes { raw in
            Result { () throws(Failure) in try body(raw.bindMemory(to: UInt8.self)) }
        }
        return try result.get()
    }
}
