import Foundation
import Platform
import Testing

@Suite("RegularFile: regular files only, never a wait")
struct RegularFileTests {
    /// A fresh folder, removed when `body` returns.
    func withFolder(_ body: (String) throws -> Void) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("regular-file-tests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try body(directory)
    }

    @Test("a regular file is read whole, an empty one as no bytes")
    func regular() throws {
        try withFolder { directory in
            let bytes = Data((0..<200_000).map { UInt8(truncatingIfNeeded: $0) })
            try bytes.write(to: URL(fileURLWithPath: directory + "/f.bin"))
            let read = try RegularFile.read(directory + "/f.bin")
            #expect(read == bytes)
            try Data().write(to: URL(fileURLWithPath: directory + "/empty"))
            let empty = try RegularFile.read(directory + "/empty")
            #expect(empty.isEmpty)
        }
    }

    @Test("a FIFO without a writer is refused unopened, by name and kind, and so is a link to it")
    func fifo() throws {
        try withFolder { directory in
            let fifo = directory + "/x.xcstrings"
            #expect(mkfifo(fifo, 0o600) == 0)
            #expect(symlink(fifo, directory + "/link.xcstrings") == 0)
            for path in [fifo, directory + "/link.xcstrings"] {
                do throws(UnreadableFile) {
                    _ = try RegularFile.read(path)
                    Issue.record("\(path) was read")
                } catch {
                    #expect(error.description == "\(path): cannot read the file: it is a FIFO, not a regular file; remove it or give it another name")
                    #expect(error.kind == .notRegular)
                }
                #expect(RegularFile.contents(atPath: path) == nil)
            }
            #expect(unreadableReason(fifo) == "it is a FIFO, not a regular file; remove it or give it another name")
        }
    }

    @Test("missing is told apart from unreadable: readIfPresent gives nil for nothing, an error for a directory")
    func missing() throws {
        try withFolder { directory in
            #expect(throws: UnreadableFile(directory + "/none", reason: "no such file", kind: .missing)) { try RegularFile.read(directory + "/none") }
            let none = try RegularFile.readIfPresent(directory + "/none")
            #expect(none == nil)
            #expect(throws: UnreadableFile(directory, reason: "it is a directory", kind: .directory)) { try RegularFile.readIfPresent(directory) }
        }
    }

    @Test("followingLinks: false refuses a link to a regular file; the default follows it")
    func links() throws {
        try withFolder { directory in
            try Data("x".utf8).write(to: URL(fileURLWithPath: directory + "/target"))
            #expect(symlink(directory + "/target", directory + "/link") == 0)
            let followed = try RegularFile.read(directory + "/link")
            #expect(followed == Data("x".utf8))
            #expect(throws: UnreadableFile(directory + "/link", reason: "it is a symbolic link", kind: .symbolicLink)) {
                try RegularFile.read(directory + "/link", followingLinks: false)
            }
        }
    }
}
