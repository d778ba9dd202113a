import Foundation
import PackagePlugin

/// `swift package envtool-encrypt [--input FILE] [--output FILE] [--format FORMAT] [--force]`:
/// validates `environments.json` and encrypts it into `environments.bin`, the SwiftPM counterpart
/// of `scripts/encrypt-environments.sh`. `--format` (default `ENVTOOL_FORMAT`) is `age`, `v1` or
/// `rncryptor`, the RNCryptor v3 file an app on T21Environment's recipe decrypts.
///
/// The secret comes from the environment only, never from arguments (they show in `ps` and in
/// shell history): `ENVTOOL_KEY_FILE`, `ENVTOOL_PASSPHRASE`, `ENVTOOL_RECIPIENT` or
/// `ENVTOOL_IDENTITY_FILE`, which `envtool` reads itself. Problems are reported through SwiftPM's
/// diagnostics with the file and line, so Xcode and `swift package` show them at the place.
///
/// Like the script, it encrypts again when the output is missing or older than the input, and
/// also when what it is encrypted with changed: `OUTPUT.stamp`, the same stamp the script writes
/// (``stamp(format:output:environment:)``), records the format, the kind of secret and digests of
/// the recipient and of the recipients sidecar; a key file or passphrase that no longer opens the
/// output (`envtool decrypt`) makes it stale too.
@main
struct EnvtoolEncrypt: CommandPlugin {
    /// The variables `envtool encrypt` takes its secret from (an identity file decrypts, it does not encrypt).
    static let secretVariables = ["ENVTOOL_KEY_FILE", "ENVTOOL_PASSPHRASE", "ENVTOOL_RECIPIENT"]

    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let inputs = extractor.extractOption(named: "input")
        let outputs = extractor.extractOption(named: "output")
        let formats = extractor.extractOption(named: "format")
        let force = extractor.extractFlag(named: "force") > 0
        guard extractor.remainingArguments.isEmpty, inputs.count <= 1, outputs.count <= 1, formats.count <= 1 else {
            Diagnostics.error(
                "usage: swift package envtool-encrypt [--input environments.json] [--output environments.bin] [--format age|v1|rncryptor] [--force]; secrets come from ENVTOOL_KEY_FILE, ENVTOOL_PASSPHRASE or ENVTOOL_RECIPIENT, never from arguments"
            )
            return
        }
        let format = formats.first ?? ProcessInfo.processInfo.environment["ENVTOOL_FORMAT"].flatMap { $0.isEmpty ? nil : $0 }
        if let format, !["age", "v1", "rncryptor"].contains(format) {
            Diagnostics.error("unknown format '\(format)' (--format or ENVTOOL_FORMAT): age, v1 or rncryptor")
            return
        }
        let root = context.package.directoryURL
        let input =
            inputs.first.map { URL(fileURLWithPath: $0, relativeTo: root).standardizedFileURL }
            ?? root.appending(path: "environments/environments.json")
        let output =
            outputs.first.map { URL(fileURLWithPath: $0, relativeTo: root).standardizedFileURL }
            ?? input.deletingPathExtension().appendingPathExtension("bin")

        guard FileManager.default.fileExists(atPath: input.path) else {
            Diagnostics.error("cannot read \(input.path): no such file; pass --input PATH", file: input.path)
            return
        }
        let environment = ProcessInfo.processInfo.environment
        guard Self.secretVariables.contains(where: { !(environment[$0] ?? "").isEmpty }) else {
            Diagnostics.error("no secret to encrypt with: set ENVTOOL_KEY_FILE (envtool keygen -o FILE), ENVTOOL_PASSPHRASE or ENVTOOL_RECIPIENT")
            return
        }
        let envtool = try context.tool(named: "envtool").url

        guard try run(envtool, ["validate", "--environments", input.path]) else { return }
        let stampFile = output.appendingPathExtension("stamp")
        if !force {
            guard let reason = try staleness(input: input, output: output, stampFile: stampFile, format: format, envtool: envtool) else {
                print("\(output.path) is up to date (--force encrypts anyway)")
                return
            }
            print("encrypting \(output.path): \(reason)")
        }
        guard try run(envtool, ["encrypt", input.path, "--output", output.path] + (format.map { ["--to", $0] } ?? [])) else { return }
        try Data(Self.stamp(format: format, output: output, environment: environment).utf8).write(to: stampFile, options: .atomic)
        print("encrypted \(input.path) into \(output.path)")
    }

    /// Why the output must be encrypted again, or `nil` when it is up to date (the script's `stale`).
    private func staleness(input: URL, output: URL, stampFile: URL, format: String?, envtool: URL) throws -> String? {
        let environment = ProcessInfo.processInfo.environment
        guard let outputDate = Self.modificationDate(output) else { return "\(output.path) does not exist" }
        guard let inputDate = Self.modificationDate(input), outputDate > inputDate else { return "\(input.path) changed" }
        guard let recorded = try? String(contentsOf: stampFile, encoding: .utf8),
            recorded == Self.stamp(format: format, output: output, environment: environment)
        else {
            return "the format or the recipients changed"
        }
        if (environment["ENVTOOL_RECIPIENT"] ?? "").isEmpty {
            let process = Process()
            process.executableURL = envtool
            process.arguments = ["decrypt", output.path]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            if process.terminationStatus != 0 { return "the key or passphrase changed" }
        }
        return nil
    }

    /// What the output is encrypted with, without any secret, in the words of
    /// `scripts/encrypt-environments.sh`'s `stamp`: the format asked for, the kind of secret, and
    /// SHA-256 digests of the recipient (`ENVTOOL_RECIPIENT`'s file or text: only a digest, in case
    /// an identity was given there by mistake) and of the recipients sidecar.
    static func stamp(format: String?, output: URL, environment: [String: String]) -> String {
        var kind = (environment["ENVTOOL_KEY_FILE"] ?? "").isEmpty ? "passphrase" : "key-file"
        var recipient = "none"
        if let value = environment["ENVTOOL_RECIPIENT"], !value.isEmpty {
            kind = "recipient"
            let bytes = FileManager.default.contents(atPath: value).map { [UInt8]($0) } ?? Array(value.utf8)
            recipient = SHA256.hex(bytes)
        }
        let sidecar = FileManager.default.contents(atPath: output.path + ".recipients").map { SHA256.hex([UInt8]($0)) } ?? "none"
        return "envtool-encrypt-stamp 1\nformat: \(format ?? "default")\nsecret: \(kind)\nrecipient: \(recipient)\nrecipients-file: \(sidecar)\n"
    }

    /// Runs envtool, relaying its `file:line:col: severity: message` lines as SwiftPM
    /// diagnostics (other lines as plain errors); `false` when it failed.
    private func run(_ executable: URL, _ arguments: [String]) throws -> Bool {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let data = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let failed = process.terminationStatus != 0
        for line in String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline) {
            Self.report(String(line), failed: failed)
        }
        if process.terminationStatus != 0 && data.isEmpty {
            Diagnostics.error("envtool \(arguments[0]) failed with exit status \(process.terminationStatus)")
        }
        return process.terminationStatus == 0
    }

    /// One line envtool wrote to stderr: a diagnostic, reported with its file and line when it
    /// has them; other lines are notes (`encrypted … (key …)`), errors only when envtool failed.
    static func report(_ line: String, failed: Bool) {
        for severity in ["error", "warning"] {
            guard let marker = line.range(of: ": \(severity): ") else { continue }
            let location = line[..<marker.lowerBound].split(separator: ":", omittingEmptySubsequences: false)
            // `swift package` prints a command plugin's diagnostics without their file and line
            // (Xcode shows them), so the message keeps envtool's location for CI logs too.
            let message =
                location.count > 1 || FileManager.default.fileExists(atPath: String(line[..<marker.lowerBound]))
                ? "\(line[..<marker.lowerBound]): \(line[marker.upperBound...])" : String(line[marker.upperBound...])
            // The location is `file`, `file:line` or `file:line:column`; a file name may hold `:`.
            var file = location.map(String.init)
            var lineNumber: Int?
            if file.count >= 3, Int(file[file.count - 1]) != nil, let number = Int(file[file.count - 2]) {
                lineNumber = number
                file.removeLast(2)
            } else if file.count >= 2, let number = Int(file[file.count - 1]) {
                lineNumber = number
                file.removeLast()
            }
            // `envtool: error: …` names the program, not a file.
            let joined = file.joined(separator: ":")
            let path: String? = lineNumber != nil || FileManager.default.fileExists(atPath: joined) ? joined : nil
            if severity == "error" {
                Diagnostics.error(message, file: path, line: lineNumber)
            } else {
                Diagnostics.warning(message, file: path, line: lineNumber)
            }
            return
        }
        if failed { Diagnostics.error(line) } else { print(line) }
    }

    private static func modificationDate(_ url: URL) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: url.path))?[.modificationDate] as? Date
    }
}

/// SHA-256 (FIPS 180-4), for the stamp's digests: a plugin links no library, and Foundation on
/// Linux has no digest of its own.
enum SHA256 {
    private static let k: [UInt32] = [
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
        0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
        0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
        0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
        0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
        0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
        0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
    ]

    /// The digest of `message` in lower-case hex, as `sha256sum` prints it.
    static func hex(_ message: [UInt8]) -> String {
        var h: [UInt32] = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]
        var data = message
        let bitLength = UInt64(message.count) &* 8
        data.append(0x80)
        while data.count % 64 != 56 { data.append(0) }
        for shift in stride(from: 56, through: 0, by: -8) { data.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift))) }
        func rotr(_ x: UInt32, _ n: UInt32) -> UInt32 { (x >> n) | (x << (32 - n)) }
        var w = [UInt32](repeating: 0, count: 64)
        for chunk in stride(from: 0, to: data.count, by: 64) {
            for i in 0..<16 {
                w[i] = (0..<4).reduce(0) { $0 << 8 | UInt32(data[chunk + i * 4 + $1]) }
            }
            for i in 16..<64 {
                let s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^ (w[i - 15] >> 3)
                let s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^ (w[i - 2] >> 10)
                w[i] = w[i - 16] &+ s0 &+ w[i - 7] &+ s1
            }
            var (a, b, c, d, e, f, g, hh) = (h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7])
            for i in 0..<64 {
                let t1 = hh &+ (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) &+ ((e & f) ^ (~e & g)) &+ k[i] &+ w[i]
                let t2 = (rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) &+ ((a & b) ^ (a & c) ^ (b & c))
                (hh, g, f, e, d, c, b, a) = (g, f, e, d &+ t1, c, b, a, t1 &+ t2)
            }
            for (i, value) in [a, b, c, d, e, f, g, hh].enumerated() { h[i] = h[i] &+ value }
        }
        let digits = Array("0123456789abcdef")
        return String(h.flatMap { word in (0..<8).reversed().map { digits[Int(word >> (UInt32($0) * 4) & 0xf)] } })
    }
}
