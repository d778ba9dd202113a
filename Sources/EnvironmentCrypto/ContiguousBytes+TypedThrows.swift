#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension ContiguousBytes {
    /// `withUnsafeBytes` for a body that throws a typed error.
    ///
    /// Foundation's `withUnsafeBytes` is `rethrows`, which erases a typed error to `any Error`;
    /// this carries it through a `Result` so that callers keep `throws(CryptoError)` (or
    /// `EnvironmentError`) without a cast.
    package func withBytes<R, Failure: Error>(_ body: (UnsafeRawBufferPointer) throws(Failure) -> R) throws(Failure) -> R {
        let result: Result<R, Failure> = withUnsafeBytes { raw in
            Result { () throws(Failure) in try body(raw) }
        }
        return try result.get()
    }
}
