import EnvironmentCrypto
import Foundation

/// Wall time of a whole `envtool get base_url` from an environments.bin with a key file:
/// process start, key file check, decryption, parse, lookup, print.
enum CommandBenchmark {
    static func run() {
        print("envtool get base_url from environments.bin (--key-file), whole process")
        let envtool = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("envtool").path
        guard FileManager.default.isExecutableFile(atPath: envtool) else {
            print("  skipped: \(envtool) not built (run `swift build -c release` first)\n")
            return
        }
        let directory = NSTemporaryDirectory() + "envbench-" + UUID().uuidString
        try! FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let json = Data(
            """
            {"languages": ["en", "es", "ca"], "configurations": {
              "Release": {"base_url": "https://api.example.com/v1", "max_retries": 3, "api": {"timeout": 30}}}}
            """.utf8)
        let key = try! SymmetricKey.generate()
        let keyPath = directory + "/bench.key"
        _ = key.keyFileText.withUnsafeBytes { FileManager.default.createFile(atPath: keyPath, contents: Data($0), attributes: [.posixPermissions: 0o600]) }
        let binPath = directory + "/environments.bin"
        try! EnvironmentsBin.encrypt(json, to: .v1(.key(key))).write(to: URL(fileURLWithPath: binPath))

        let runs = 30
        let command = ChildProcess(
            arguments: [envtool, "get", "base_url", "-e", binPath, "--key-file", keyPath, "-c", "Release"],
            environment: ["XDG_CONFIG_HOME": directory, "HOME": directory])
        var times: [Double] = []
        for _ in 0..<runs {
            // posix_spawn, not Foundation's Process, whose own ~50 ms per launch would be most of the figure.
            let run = command.run()
            precondition(run.status == 0, "envtool get failed")
            times.append(run.seconds)
        }
        times.sort()
        Measure.row("median of \(runs) runs", String(format: "%6.1f ms", times[runs / 2] * 1000))
        Measure.row("fastest", String(format: "%6.1f ms", times[0] * 1000))
        print()
    }
}
