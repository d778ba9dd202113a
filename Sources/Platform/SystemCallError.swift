internal import LibC

/// A system call that failed, as the `errno` it set: what ``readFully(_:into:)``,
/// ``readToEnd(_:limit:sizeHint:)`` and ``writeAll(_:_:)`` report.
package struct SystemCallError: Error, Equatable, Sendable {
    /// The `errno` code; 0 for a write that wrote nothing and gave no error.
    package let code: Int32

    package init(code: Int32) {
        self.code = code
    }

    /// `strerror`'s text ("No space left on device"), or "nothing was written" for code 0.
    package var reason: String {
        code == 0 ? "nothing was written" : String(cString: strerror(code))
    }
}
