import Foundation

/// A directory under the system's temporary directory, removed when the value is released.
final class TemporaryDirectory {
    let path: String

    init() {
        path = NSTemporaryDirectory() + "key-extraction-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// Writes `text` (UTF-8) at `relative`, creating folders; returns the full path.
    @discardableResult
    func write(_ relative: String, _ text: String) -> String {
        let full = path + "/" + relative
        try? FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: full, contents: Data(text.utf8))
        return full
    }

    /// Copies the fixture folder `relative` into this directory; returns the copy's path.
    func copy(fixture relative: String) throws -> String {
        let destination = path + "/" + (relative as NSString).lastPathComponent
        try FileManager.default.copyItem(atPath: Fixtures.path(relative), toPath: destination)
        return destination
    }

    func read(_ relative: String) -> String {
        (try? String(contentsOfFile: path + "/" + relative, encoding: .utf8)) ?? ""
    }
}

enum Fixtures {
    static let directory = Bundle.module.resourceURL!.appendingPathComponent("Fixtures").path

    static func path(_ relative: String) -> String { directory + "/" + relative }

    /// Where `needle` is in the fixture file, found by searching its text: line and column in
    /// Unicode scalars, 1-based. An oracle independent of the parser and the locator under test.
    static func position(of needle: String, in relative: String) -> (line: Int, column: Int)? {
        let text = (try? String(contentsOfFile: path(relative), encoding: .utf8)) ?? ""
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if let range = line.range(of: needle) {
                return (index + 1, line[..<range.lowerBound].unicodeScalars.count + 1)
            }
        }
        return nil
    }
}
