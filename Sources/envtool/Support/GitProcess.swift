import LibC
import Platform

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Runs `git` (found on PATH) and collects what it prints: what `envtool guard` reads the
/// staged files with.
enum GitProcess {
    struct Result {
        let status: Int32
        let output: Data
        let error: String
    }

    /// `git` could not be started at all.
    struct Unavailable: Error {
        let reason: String
    }

    /// Runs `git arguments…`, with `input` (if any) as its standard input. Standard input comes
    /// from a file and standard error goes to one, so only standard output is a pipe: nothing
    /// git writes can fill a pipe that is not being read.
    static func run(_ arguments: [String], input: Data? = nil) throws(Unavailable) -> Result {
        let scratch = temporaryFile()
        if input != nil, scratch == nil {
            throw Unavailable(reason: "cannot make a temporary folder for git's input: \(String(cString: strerror(errno)).lowercased())")
        }
        defer {
            if let scratch {
                unlink(scratch.input)
                unlink(scratch.error)
                rmdir(PathText.deletingLastComponent(scratch.input))
            }
        }
        if let scratch, let input {
            _ = FileManager.default.createFile(atPath: scratch.input, contents: input)
        }
        var pipeEnds: [Int32] = [-1, -1]
        guard pipe(&pipeEnds) == 0 else { throw Unavailable(reason: "cannot make a pipe: \(String(cString: strerror(errno)))") }
        // Both ends are close-on-exec: git gets the write end only as its standard output, so the
        // read below ends when git's output does, and no other child started meanwhile holds it.
        _ = fcntl(pipeEnds[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(pipeEnds[1], F_SETFD, FD_CLOEXEC)
        let inputPath = input != nil ? (scratch?.input ?? "/dev/null") : "/dev/null"
        let process: SpawnedProcess
        do {
            process = try SpawnedProcess(
                ["git"] + arguments, standardInput: .file(inputPath, flags: O_RDONLY),
                standardOutput: .descriptor(pipeEnds[1]),
                standardError: .file(scratch?.error ?? "/dev/null", flags: O_WRONLY | O_CREAT | O_TRUNC))
        } catch {
            close(pipeEnds[0]); close(pipeEnds[1])
            throw Unavailable(reason: error.isNotFound ? "git is not installed or not on PATH" : "cannot run git: \(error.reason)")
        }
        close(pipeEnds[1])
        // A failed read ends the output as its end does.
        let output = readToEnd(pipeEnds[0]).bytes
        close(pipeEnds[0])
        let code = process.wait()?.shellStatus ?? 0
        let error = scratch.flatMap { FileManager.default.contents(atPath: $0.error) }.map { String(decoding: $0, as: UTF8.self) } ?? ""
        return Result(status: code, output: output, error: error.trimmingWhitespaceAndNewlines())
    }

    /// Paths for a child's standard input and error, in a private (0700) folder of this run.
    private static func temporaryFile() -> (input: String, error: String)? {
        let base = EnvironmentSelection.environmentValue("TMPDIR").flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array("\(base)/envtool-git-XXXXXX".utf8CString)
        guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else { return nil }
        let folder = String(decoding: template.map { UInt8(bitPattern: $0) }.prefix { $0 != 0 }, as: UTF8.self)
        return (folder + "/input", folder + "/error")
    }
}
