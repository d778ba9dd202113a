import Platform

extension Diagnostic {
    /// The error for a file that cannot be read, located at its start as the parsers locate a
    /// problem with the whole file: `path:1:1: error: cannot read the file: it is a FIFO, …`.
    /// The one shape of that error for every reader whose errors are diagnostics.
    package init(_ failure: UnreadableFile) {
        self.init(.error, file: failure.path, line: 1, column: 1, message: failure.message)
        isUnreadableFile = true
    }
}
