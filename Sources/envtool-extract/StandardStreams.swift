import Foundation
import Platform

/// Results on stdout, written with `write(2)` and checked, as envtool's Console does: a full or
/// closed stdout ends the run with status 74 instead of a silently truncated report.
enum StandardStreams {
    /// A failed write to standard output.
    struct OutputFailure: Error {}

    /// Writes `text` and a newline to standard output.
    static func output(_ text: String) throws(OutputFailure) {
        let bytes = Array((text + "\n").utf8)
        let failure: String? = bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return nil }
            var written = 0
            while written < raw.count {
                let result = write(STDOUT_FILENO, base + written, raw.count - written)
                if result < 0, errno == EINTR { continue }
                guard result > 0 else { return result < 0 ? String(cString: strerror(errno)) : "nothing was written" }
                written += result
            }
            return nil
        }
        if let failure {
            error("envtool-extract: error: cannot write the output: \(failure)")
            throw OutputFailure()
        }
    }

    /// Writes a line to standard error; its failure has nowhere to be reported.
    static func error(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
