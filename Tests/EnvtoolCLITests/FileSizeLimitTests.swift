import Foundation
import Testing

/// Issue #33, item 6: under `ulimit -f`, `encrypt` and `decrypt -o` died of SIGXFSZ (153) with no
/// message and left their temporary file behind (plaintext, for `decrypt -o`).
@Suite("a write past ulimit -f is an error (73) that leaves no file behind")
struct FileSizeLimitTests {
    /// Runs envtool through sh with a file-size limit of 100 blocks and the passphrase on stdin.
    static func limited(_ arguments: [String], in workspace: Workspace) throws -> (status: Int32, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "ulimit -f 100 && echo pw | exec \"$@\"", "sh", EnvtoolProcess.executable] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: workspace.path)
        let error = Pipe()
        process.standardError = error
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    @Test("encrypt -o and decrypt -o of a document over the limit")
    func overTheLimit() throws {
        let workspace = try Workspace(copySample: false)
        try workspace.write("big.json", #"{"languages": ["en"], "configurations": {"Debug": {"k": "\#(String(repeating: "x", count: 300_000))"}}}"#)
        let encrypted = try Self.limited(["encrypt", "big.json", "-o", "big.bin", "--passphrase-stdin"], in: workspace)
        #expect(encrypted.status == 73, "\(encrypted.stderr)")
        #expect(encrypted.stderr.contains("big.bin: error: cannot write the file: file too large"), "\(encrypted.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: workspace.path).sorted() == ["big.json"])

        #expect(try workspace.run(["encrypt", "big.json", "-o", "big.bin", "--passphrase-stdin"], stdin: Data("pw\n".utf8)).status == 0)
        let decrypted = try Self.limited(["decrypt", "big.bin", "-o", "plain.json", "--passphrase-stdin"], in: workspace)
        #expect(decrypted.status == 73, "\(decrypted.stderr)")
        #expect(decrypted.stderr.contains("plain.json: error: cannot write the file: file too large"), "\(decrypted.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: workspace.path).sorted() == ["big.bin", "big.json"])
    }

    @Test("decrypt -o of an age file, streamed, is 73 and names the output, not 77 (\"no usable secret\"), and leaves no file")
    func ageOverTheLimit() throws {
        let workspace = try Workspace(copySample: false)
        try workspace.write("big.json", #"{"languages": ["en"], "configurations": {"Debug": {"k": "\#(String(repeating: "x", count: 300_000))"}}}"#)
        let keygen = try workspace.run(["keygen", "--age", "-o", "id.txt"])
        #expect(keygen.status == 0, "\(keygen.stderr)")
        let recipient = keygen.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(try workspace.run(["encrypt", "big.json", "-o", "big.bin", "--recipient", recipient]).status == 0)
        let before = try FileManager.default.contentsOfDirectory(atPath: workspace.path).sorted()
        let decrypted = try Self.limited(["decrypt", "big.bin", "-o", "plain.json", "--identity", "id.txt"], in: workspace)
        #expect(decrypted.status == 73, "\(decrypted.stderr)")
        #expect(decrypted.stderr.contains("plain.json: error: cannot write the output: file too large"), "\(decrypted.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: workspace.path).sorted() == before)
    }
}
