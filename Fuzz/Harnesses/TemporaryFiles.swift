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
        write([(name, data)], in: folder)[0]
    }

    /// Writes each file to its name (a relative path) under a fresh, empty `folder` of
    /// ``directory``, returning their paths in order.
    static func write(_ files: [(name: String, data: Data)], in folder: String) -> [String] {
        let base = directory + "/" + folder
        try? FileManager.default.removeItem(atPath: base)
        return files.map { name, data in
            let path = base + "/" + name
            try? FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            write(data, to: path)
            return path
        }
    }

    /// Writes `data` to `path` without fsync: `FileManager.createFile` and `Data.write` sync
    /// every file, which made the disk's latency (under other builds) the fuzzer's pace instead
    /// of the code under test. A file left unwritten only makes the input read as missing.
    private static func write(_ data: Data, to path: String) {
        guard let stream = OutputStream(toFileAtPath: path, append: false) else { return }
        stream.open()
        defer { stream.close() }
        data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            var offset = 0
            while offset < bytes.count, let base = bytes.baseAddress {
                let written = stream.write(base + offset, maxLength: bytes.count - offset)
                guard written > 0 else { return }
                offset += written
            }
        }
    }
}
