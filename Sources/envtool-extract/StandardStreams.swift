import Foundation
import LibC
import Platform

/// Results on stdout, written with `write(2)` and checked, as envtool's Console does: a full or
/// closed stdout ends the run with status 74 instead of a silently truncated report.
enum StandardStreams {
    /// A failed write to standard output.
    struct OutputFailure: Error {}

    /// Writes `text` and a newline to standard output.
    static func output(_ text: String) throws(OutputFailure) {
        let bytes = Array((text + "\n").utf8)
        let written = bytes.withUnsafeBytes { raw in Result { () throws(SystemCallError) in try writeAll(STDOUT_FILENO, raw) } }
        if case .failure(let failure) = written {
            error("envtool-extract: error: cannot write the output: \(failure.reason)")
            throw OutputFailure()
        }
    }

    /// Writes a line to standard error; its failure has nowhere to be reported.
    static func error(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
