import Diagnostics

/// Turning byte offsets into the line and column editors show, for JSONParsing's callers.
package enum JSONText {
    /// The 1-based line and column (in Unicode scalars) of byte `offset` in UTF-8 `bytes`: the
    /// project's one locator (``SourceLocator``), so JSON positions count lines exactly as every
    /// other diagnostic does.
    package static func location(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (line: Int, column: Int) {
        SourceLocator.location(of: offset, in: bytes)
    }
}
