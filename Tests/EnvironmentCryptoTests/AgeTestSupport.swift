import CSodium
import Foundation
import Testing

@testable import EnvironmentCrypto

/// The age tests, one at a time: the memory test measures the whole process, and the
/// conformance and interop tests hold or allocate tens of MiB (large vectors, scrypt at age's
/// work factor), which would show up as the stream's own use if they ran beside it.
@Suite("age v1", .serialized)
struct AgeSuite {}

/// One C2SP/CCTV age test vector: `name: value` lines, a blank line, then the age file
/// (zlib-compressed when `compressed: zlib`).
struct AgeVector: CustomStringConvertible, Sendable {
    let name: String
    let expect: String
    let payload: String?
    let fileKey: [UInt8]
    let identities: [String]
    let passphrases: [String]
    let armored: Bool
    let body: Data

    var description: String { name }

    /// Every vector in `Fixtures/age-testkit` (the files without an extension other than the READMEs).
    static let all: [AgeVector] = {
        let directory = Fixtures.url("age-testkit")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { !$0.hasSuffix(".md") }.sorted().map { load($0, from: directory) }
    }()

    static func load(_ name: String, from directory: URL) -> AgeVector {
        let data = try! Data(contentsOf: directory.appendingPathComponent(name))
        var fields: [(String, String)] = []
        var offset = data.startIndex
        while let newline = data[offset...].firstIndex(of: 0x0A) {
            let line = String(decoding: data[offset..<newline], as: UTF8.self)
            offset = newline + 1
            if line.isEmpty { break }
            let parts = line.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            fields.append((parts[0], parts.count > 1 ? parts[1] : ""))
        }
        var body = Data(data[offset...])
        if fields.contains(where: { $0 == ("compressed", "zlib") }) { body = inflate(body) }
        func values(_ key: String) -> [String] { fields.filter { $0.0 == key }.map(\.1) }
        let keyHex = Array(values("file key").first!.utf8)
        let fileKey = stride(from: 0, to: keyHex.count, by: 2).map { UInt8(String(decoding: keyHex[$0..<$0 + 2], as: UTF8.self), radix: 16)! }
        return AgeVector(
            name: name, expect: values("expect").first!, payload: values("payload").first, fileKey: fileKey,
            identities: values("identity"), passphrases: values("passphrase"),
            armored: values("armored").first == "yes", body: body)
    }

    /// zlib inflate through python3 (in the standard library there; Swift on Linux has no zlib API,
    /// and the test target should not link a library only for this).
    static func inflate(_ data: Data) -> Data {
        let result = try! runProcess(
            "/usr/bin/env", ["python3", "-c", "import sys, zlib; sys.stdout.buffer.write(zlib.decompress(sys.stdin.buffer.read()))"], input: data)
        precondition(result.status == 0, "python3 could not inflate a test vector: \(result.stderr)")
        return result.stdout
    }
}

/// SHA-256 in hex, as the vectors give their payloads.
func sha256Hex(_ bytes: SecretBytes) -> String {
    var digest = [UInt8](repeating: 0, count: 32)
    bytes.withUnsafeBytes { _ = crypto_hash_sha256(&digest, $0.baseAddress!.assumingMemoryBound(to: UInt8.self), UInt64($0.count)) }
    return digest.map { String(format: "%02x", $0) }.joined()
}

struct ProcessResult {
    let status: Int32
    let stdout: Data
    let stderr: String
    var text: String { String(decoding: stdout, as: UTF8.self) }
}

/// Runs a program with `input` on stdin; output goes through files so large outputs cannot block.
func runProcess(
    _ executable: String, _ arguments: [String], input: Data = Data(), environment: [String: String]? = nil,
    directory: String? = nil
) throws -> ProcessResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let environment { process.environment = environment }
    if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
    let scratch = NSTemporaryDirectory() + "envtool-age-process-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: scratch) }
    _ = FileManager.default.createFile(atPath: scratch + "/in", contents: input)
    _ = FileManager.default.createFile(atPath: scratch + "/out", contents: nil)
    _ = FileManager.default.createFile(atPath: scratch + "/err", contents: nil)
    process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: scratch + "/in"))
    process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: scratch + "/out"))
    process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: scratch + "/err"))
    try process.run()
    process.waitUntilExit()
    return ProcessResult(
        status: process.terminationStatus,
        stdout: try Data(contentsOf: URL(fileURLWithPath: scratch + "/out")),
        stderr: String(decoding: try Data(contentsOf: URL(fileURLWithPath: scratch + "/err")), as: UTF8.self))
}
