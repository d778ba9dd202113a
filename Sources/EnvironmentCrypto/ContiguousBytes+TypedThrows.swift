#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension ContiguousBytes {
    /// `withUnsafeBytes` for a body that throws a typed error.
    ///
    /// Foundation's `withUnsafeBytes` is `rethrows`, which erases a typed error to `any Error`;
    /// this carries it out of the closure so that callers keep `throws(CryptoError)` (or
    /// `EnvironmentError`) without a cast.
    ///
    /// In an optional, not a `Result<R, Failure>`: making a `Result`'s metadata makes the Swift
    /// runtime look up `Failure: Error`, a scan of every conformance record of the binary, on
    /// the start-up path of the commands that read a document.
    package func withBytes<R, Failure: Error>(_ body: (UnsafeRawBufferPointer) throws(Failure) -> R) throws(Failure) -> R {
        var failure: Failure?
        let value: R? = withUnsafeBytes { raw in
            do throws(Failure) {
                return try body(raw)
            } catch {
                failure = error
                return nil
            }
        }
        if let failure { throw failure }
        // No failure: the body returned, so `value` holds its result (itself `nil` if `R` is optional).
        return value!
    }
}
