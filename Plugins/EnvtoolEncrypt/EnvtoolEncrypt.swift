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
            Diagnostics.error("usage: swift package envtool-encrypt [--input environments.json] [--output environments.bin] [--format age|v1|rncryptor] [--force]; secrets come from ENVTOOL_KEY_FILE, ENVTOOL_PASSPHRASE or ENVTOOL_RECIPIENT, never from arguments")
            return
        }
        let format = formats.first ?? ProcessInfo.processInfo.environment["ENVTOOL_FORMAT"].flatMap { $0.isEmpty ? nil : $0 }
        if let format, !["age", "v1", "rncryptor"].contains(format) {
            Diagnostics.error("unknown format '\(format)' (--format or ENVTOOL_FORMAT): age, v1 or rncryptor")
            return
        }
        let root = context.package.directoryURL
        let input = inputs.first.map { URL(fileURLWithPath: $0, relativeTo: root).standardizedFileURL }
            ?? root.appending(path: "environments/environments.json")
        let output = outputs.first.map { URL(fileURLWithPath: $0, relativeTo: root).standardizedFileURL }
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
        if !force, let outputDate = Self.modificationDate(output), let inputDate = Self.modificationDate(input), outputDate > inputDate {
            print("\(output.path) is up to date (--force encrypts anyway)")
            return
        }
        guard try run(envtool, ["encrypt", input.path, "--output", output.path] + (format.map { ["--to", $0] } ?? [])) else { return }
        print("encrypted \(input.path) into \(output.path)")
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
            let message = location.count > 1 || FileManager.default.fileExists(atPath: String(line[..<marker.lowerBound]))
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
