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
    /// In a pair of optionals, not a `Result<R, Failure>`: making a `Result`'s metadata makes the
    /// Swift runtime look up `Failure: Error`, a scan of every conformance record of the binary,
    /// on the start-up path of the commands that read a document. Returned from the closure, not
    /// written to a variable it captures: a captured variable costs two dynamic exclusivity checks
    /// per access (340 instructions a call, 2% of decrypting 1 KiB).
    package func withBytes<R, Failure: Error>(_ body: (UnsafeRawBufferPointer) throws(Failure) -> R) throws(Failure) -> R {
        let (value, failure): (R?, Failure?) = withUnsafeBytes { raw in
            do throws(Failure) {
                return (try body(raw), nil)
            } catch {
                return (nil, error)
            }
        }
        if let failure { throw failure }
        // No failure: the body returned, so `value` holds its result (itself `nil` if `R` is optional).
        return value!
    }
}
