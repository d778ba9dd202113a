import Foundation
import Testing

/// The README's commands must work on a fresh Debian machine with only Swift: each installs what
/// its build needs through the one shared step, `scripts/dependencies`.
@Suite("scripts/ install what they need")
struct ScriptsTests {
    static let root = EnvtoolProcess.repositoryRoot

    @Test(
        "scripts/demo, scripts/kms-demo, scripts/install and scripts/test run scripts/dependencies before their first swift command",
        arguments: [("scripts/demo", "build"), ("scripts/kms-demo", "kms"), ("scripts/install", "build"), ("scripts/test", "test")])
    func installBeforeBuilding(script: String, kind: String) throws {
        let lines = try String(contentsOfFile: Self.root + "/" + script, encoding: .utf8).split(separator: "\n").map(String.init)
        let code = lines.filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("#") }
        let install = code.firstIndex { $0.trimmingCharacters(in: .whitespaces) == "scripts/dependencies \(kind)" }
        let build = code.firstIndex { $0.trimmingCharacters(in: .whitespaces).hasPrefix("swift ") }
        #expect(install != nil, "\(script) does not run scripts/dependencies \(kind)")
        #expect(build != nil, "\(script) runs no swift command")
        if let install, let build { #expect(install < build, "\(script) builds before it installs") }
    }

    @Test("CI runs the README's test command")
    func ciRunsTheTests() throws {
        let run = try String(contentsOfFile: Self.root + "/.ci/run", encoding: .utf8)
        #expect(run.split(separator: "\n").contains { $0.hasPrefix("scripts/test") })
    }

    /// Runs `scripts/dependencies KIND` with a PATH that holds only bash, id and a recording apt-get.
    static func recordInstall(_ kind: String) throws -> (status: Int32, installed: [String]) {
        let stubs = NSTemporaryDirectory() + "envtool-deps-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: stubs) }
        try FileManager.default.createDirectory(atPath: stubs, withIntermediateDirectories: true)
        for tool in ["bash", "id"] {
            let real = ["/bin/", "/usr/bin/"].map { $0 + tool }.first { FileManager.default.isExecutableFile(atPath: $0) }!
            try FileManager.default.createSymbolicLink(atPath: stubs + "/" + tool, withDestinationPath: real)
        }
        let log = stubs + "/apt-get.log"
        let stub = "#!\(stubs)/bash\necho \"$*\" >> \(log)\n"
        for name in ["apt-get", "sudo"] {
            let body = name == "sudo" ? "#!\(stubs)/bash\nexec \"$@\"\n" : stub
            _ = FileManager.default.createFile(atPath: stubs + "/" + name, contents: Data(body.utf8), attributes: [.posixPermissions: 0o755])
        }
        // The PyPI tools count as installed: pip is not what this test records.
        try FileManager.default.createDirectory(atPath: stubs + "/venv/bin", withIntermediateDirectories: true)
        for tool in ["android2po", "dotenv", "pre-commit", "moto_server", "aws", "sops"] {
            _ = FileManager.default.createFile(atPath: stubs + "/venv/bin/" + tool, contents: Data(stub.utf8), attributes: [.posixPermissions: 0o755])
        }
        try FileManager.default.createDirectory(atPath: stubs + "/venv/lib/python3.11/site-packages", withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: stubs + "/venv/lib/python3.11/site-packages/rncryptor.py", contents: Data())
        let process = Process()
        process.executableURL = URL(fileURLWithPath: stubs + "/bash")
        process.arguments = [root + "/scripts/dependencies", kind]
        process.environment = ["PATH": stubs, "ENVTOOL_TEST_VENV": stubs + "/venv"]
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        let lines = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        let install = lines.split(separator: "\n").first { $0.hasPrefix("install ") }.map { $0.split(separator: " ").map(String.init) } ?? []
        return (process.terminationStatus, install.filter { !$0.hasPrefix("-") && $0 != "install" })
    }

    @Test("on a machine without them, scripts/dependencies asks apt-get for the build's, the tests' and the KMS demo's packages")
    func installsWhatIsMissing() throws {
        let build = try Self.recordInstall("build")
        #expect(build.status == 0)
        #expect(build.installed == ["pkg-config", "libsodium-dev"])
        let test = try Self.recordInstall("test")
        #expect(test.status == 0)
        #expect(
            test.installed == [
                "pkg-config", "libsodium-dev", "python3", "age", "python3-venv", "gettext", "libxml2-utils", "strace", "aapt", "chromium", "dotenv",
                "openssh-client", "zsh", "fish", "mandoc", "man-db",
            ])
        let kms = try Self.recordInstall("kms")
        #expect(kms.status == 0)
        #expect(kms.installed == ["pkg-config", "libsodium-dev", "python3", "age", "python3-venv"])
    }
}
