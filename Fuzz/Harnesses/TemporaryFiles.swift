import Foundation

/// A directory of this process for harnesses whose code under test reads paths, not bytes
/// (catalog lookups, the converter). Each input overwrites the files of the one before.
enum TemporaryFiles {
    static let directory: String = {
        let directory = NSTemporaryDirectory() + "envfuzz-files-\(getpid())"
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        return directory
    }()

    /// Writes `data` to `name` under a fresh, empty `folder` of ``directory``, returning its path.
    static func write(_ data: Data, as name: String, in folder: String) -> String {
        let base = directory + "/" + folder
        try? FileManager.default.removeItem(atPath: base)
        let path = base + "/" + name
        try? FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: path, contents: data)
        return path
    }
}
