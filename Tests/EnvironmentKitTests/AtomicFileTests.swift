import Foundation
import Testing
@testable import EnvironmentKit

@Suite("Atomic writes")
struct AtomicFileTests {
    @Test("replaces the file with the given mode and leaves no temporary file")
    func replaces() throws {
        let directory = TemporaryDirectory()
        let path = directory.write("out.txt", "old")
        try AtomicFile.write(Array("new".utf8), to: path, permissions: 0o600)
        #expect(directory.read("out.txt") == "new")
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["out.txt"])
    }

    @Test("a failed write leaves the existing target and the directory as they were")
    func failure() throws {
        let directory = TemporaryDirectory()
        directory.write("target/keep.txt", "keep")
        // rename(2) cannot replace a non-empty directory: the write fails after the temporary file exists.
        #expect(throws: EnvironmentError.self) {
            try AtomicFile.write(Array("new".utf8), to: directory.path + "/target", permissions: 0o644)
        }
        #expect(directory.read("target/keep.txt") == "keep")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["target"])
    }
}
