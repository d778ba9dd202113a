import Foundation
import Testing

@testable import EnvironmentKit
@testable import Environments

@Suite("Atomic writes")
struct AtomicFileTests {
    @Test("replaces the file with the given mode and leaves no temporary file", arguments: [AtomicFile.Durability.synced, .atomic])
    func replaces(durability: AtomicFile.Durability) throws {
        let directory = TemporaryDirectory()
        let path = directory.write("out.txt", "old")
        try AtomicFile.write(Array("new".utf8), to: path, permissions: 0o600, durability: durability)
        #expect(directory.read("out.txt") == "new")
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["out.txt"])
    }

    @Test("a failed write leaves the existing target and the directory as they were", arguments: [AtomicFile.Durability.synced, .atomic])
    func failure(durability: AtomicFile.Durability) throws {
        let directory = TemporaryDirectory()
        directory.write("target/keep.txt", "keep")
        // rename(2) cannot replace a non-empty directory: the write fails after the temporary file exists.
        #expect(throws: EnvironmentError.self) {
            try AtomicFile.write(Array("new".utf8), to: directory.path + "/target", permissions: 0o644, durability: durability)
        }
        #expect(directory.read("target/keep.txt") == "keep")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["target"])
    }

    /// The pid of a process that has exited (and was reaped), so that no process has it now.
    static func deadPID() throws -> pid_t {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        try process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }

    @Test("temporary files of dead writers are removed; those of live ones, and other files, are kept")
    func staleTemporaries() throws {
        let directory = TemporaryDirectory()
        let dead = try Self.deadPID()
        directory.write(".out.txt.tmp-\(dead)-Ab12Cd", "left by kill -9")
        directory.write(".out.txt.tmp-\(getpid())-Ef34Gh", "a write in progress")
        directory.write(".other.txt.tmp-\(dead)-Ij56Kl", "another file's")
        try AtomicFile.write(Array("new".utf8), to: directory.path + "/out.txt")
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        #expect(names == [".other.txt.tmp-\(dead)-Ij56Kl", ".out.txt.tmp-\(getpid())-Ef34Gh", "out.txt"])
    }

    @Test("a symbolic link is written through: the link stays and its target gets the content")
    func symlink() throws {
        let directory = TemporaryDirectory()
        directory.write("real/target.txt", "old")
        try FileManager.default.createSymbolicLink(atPath: directory.path + "/link.txt", withDestinationPath: "real/target.txt")
        try AtomicFile.write(Array("new".utf8), to: directory.path + "/link.txt")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: directory.path + "/link.txt") == "real/target.txt")
        #expect(directory.read("real/target.txt") == "new")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path + "/real") == ["target.txt"])
    }

    @Test("keepingExistingMode keeps the mode of the file it replaces, and uses the given one for a new file")
    func keepsMode() throws {
        let directory = TemporaryDirectory()
        let path = directory.write("secret.bin", "old")
        chmod(path, 0o640)
        try AtomicFile.write(Array("new".utf8), to: path, permissions: 0o644, keepingExistingMode: true)
        #expect((try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) == 0o640)
        let fresh = directory.path + "/fresh.bin"
        try AtomicFile.write(Array("new".utf8), to: fresh, permissions: 0o600, keepingExistingMode: true)
        #expect((try FileManager.default.attributesOfItem(atPath: fresh)[.posixPermissions] as? Int) == 0o600)
    }

    @Test("a locked file cannot be locked again until the lock is released, also after it was replaced")
    func lock() throws {
        let directory = TemporaryDirectory()
        let path = directory.write("environments.bin", "v1")
        var first: AtomicFile.Lock? = try AtomicFile.lock(path)
        #expect { try AtomicFile.lock(path) } throws: { error in
            let error = error as! EnvironmentError
            return error.kind == .writeFailed && error.message.contains("another envtool is editing or re-encrypting this file")
        }
        try AtomicFile.write(Array("v2".utf8), to: path)
        _ = try AtomicFile.lock(path)
        withExtendedLifetime(first) {}
        first = nil
        _ = try AtomicFile.lock(path)
        #expect { try AtomicFile.lock(directory.path + "/missing.bin") } throws: { ($0 as? EnvironmentError)?.kind == .unreadableFile }
    }
}

@Suite("Atomic writes confined to a directory")
struct ConfinedAtomicFileTests {
    @Test("writes below the root, creating folders; reads back what it wrote")
    func writesBelow() throws {
        let directory = TemporaryDirectory()
        try AtomicFile.write(Array("new".utf8), to: "es/translation.po", under: directory.path + "/out")
        #expect(directory.read("out/es/translation.po") == "new")
        #expect(try AtomicFile.contents(of: "es/translation.po", under: directory.path + "/out") == Array("new".utf8))
        #expect(try AtomicFile.contents(of: "fr/translation.po", under: directory.path + "/out") == nil)
        #expect(try AtomicFile.contents(of: "x.po", under: directory.path + "/missing") == nil)
    }

    @Test(
        "a path that could leave the root is refused before anything is touched",
        arguments: ["../victim.txt", "es/../../victim.txt", "/etc/victim.txt", "es//x.po", "./x.po", "es/.", ""])
    func refusesEscapes(relative: String) throws {
        let directory = TemporaryDirectory()
        directory.write("victim.txt", "keep")
        #expect(throws: EnvironmentError.self) { try AtomicFile.write(Array("new".utf8), to: relative, under: directory.path + "/out") }
        #expect(throws: EnvironmentError.self) { try AtomicFile.contents(of: relative, under: directory.path + "/out") }
        #expect(directory.read("victim.txt") == "keep")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["victim.txt"])
    }

    @Test("a link below the root, at the file or a folder, is an error and its target is untouched")
    func refusesLinks() throws {
        let directory = TemporaryDirectory()
        directory.write("victim.txt", "keep")
        directory.write("out/es/keep.txt", "keep")
        try FileManager.default.createSymbolicLink(atPath: directory.path + "/out/es/translation.po", withDestinationPath: "../../victim.txt")
        try FileManager.default.createSymbolicLink(atPath: directory.path + "/out/fr", withDestinationPath: "..")
        for relative in ["es/translation.po", "fr/victim.txt"] {
            #expect { try AtomicFile.write(Array("new".utf8), to: relative, under: directory.path + "/out") } throws: { error in
                (error as? EnvironmentError)?.kind == .writeFailed && "\(error)".contains("is a symbolic link")
            }
            #expect(throws: EnvironmentError.self) { try AtomicFile.contents(of: relative, under: directory.path + "/out") }
        }
        #expect(directory.read("victim.txt") == "keep")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path + "/out/es").sorted() == ["keep.txt", "translation.po"])
    }
}
