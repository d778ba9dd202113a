import Foundation
import Testing

/// envtool speaking the age plugin protocol (c2sp.org/age-plugin) with a real plugin: the
/// test-only `age-plugin-envtooltest` (Python, `Fixtures/age-plugin/`, put first on PATH), whose
/// `ENVTOOLTEST_MODE` picks a behaviour, and interop with the real `age` running the same plugin.
@Suite("envtool: age plugins")
struct AgePluginCommandTests {
    static let devURL = "https://dev-api.example.com/v1\n"
    static let json = "environments/environments.json"
    static let pluginFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/age-plugin").path
    static let path = pluginFolder + ":/usr/bin:/bin"

    /// The identity and recipient of the plugin for a 16-byte key id.
    static func pluginKey(_ hex: String) throws -> (identity: String, recipient: String) {
        let result = try EnvtoolProcess.run(
            ["--generate", hex], in: NSTemporaryDirectory(), environment: ["PATH": path],
            executable: pluginFolder + "/age-plugin-envtooltest")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(result.status == 0 && lines.count == 2, "\(result.stderr)")
        return (lines[0], lines[1])
    }

    static let keyA = "000102030405060708090a0b0c0d0e0f"
    static let keyB = "f0e0d0c0b0a090807060504030201000"

    /// Runs envtool with the plugin on PATH in `mode`.
    static func run(_ workspace: Workspace, _ arguments: [String], mode: String = "normal", environment: [String: String] = [:]) throws -> EnvtoolProcess.Result
    {
        var variables = ["PATH": path, "ENVTOOLTEST_MODE": mode]
        variables.merge(environment) { $1 }
        return try workspace.run(arguments, environment: variables, killingAfter: 120)
    }

    /// An identity file (mode 0600) holding `lines`.
    static func identityFile(_ workspace: Workspace, _ name: String, _ lines: [String]) throws {
        let full = try workspace.write(name, "# test identities\n" + lines.joined(separator: "\n") + "\n")
        chmod(full, 0o600)
    }

    @Test("encrypt to two plugin recipients and an X25519 one runs the plugin once; each identity opens the file")
    func roundTrip() throws {
        let workspace = try Workspace()
        let a = try Self.pluginKey(Self.keyA)
        let b = try Self.pluginKey(Self.keyB)
        let x25519 = try AgeCommandTests.keys(workspace, ["x.key"])[0].recipient
        try workspace.write("team.txt", "# plugin recipients\n\(b.recipient)\n")
        // In msg mode the plugin says something once per run: once for both of its recipients.
        let encrypted = try Self.run(
            workspace, ["encrypt", Self.json, "-o", "env.bin", "--recipient", a.recipient, "-R", "team.txt", "--recipient", x25519], mode: "msg")
        #expect(encrypted.status == 0, "\(encrypted.stderr)")
        #expect(encrypted.stderr.components(separatedBy: "age-plugin-envtooltest: touch the test token").count == 2, "\(encrypted.stderr)")
        #expect(encrypted.stderr.contains("age, 3 recipients"), "\(encrypted.stderr)")

        try Self.identityFile(workspace, "b.id", [b.identity])
        #expect(try Self.run(workspace, ["get", "base_url", "-e", "env.bin", "--identity", "b.id"]).stdout == Self.devURL)
        #expect(try Self.run(workspace, ["get", "base_url", "-e", "env.bin", "--identity", "x.key"]).stdout == Self.devURL)
        // ENVTOOL_IDENTITY holds the identity itself; an X25519 identity first that does not open it.
        let stranger = try AgeCommandTests.keys(workspace, ["stranger.key"])[0].recipient
        #expect(!stranger.isEmpty)
        let text = String(decoding: try #require(workspace.read("stranger.key")), as: UTF8.self) + a.identity + "\n"
        let viaVariable = try Self.run(workspace, ["get", "base_url", "-e", "env.bin"], environment: ["ENVTOOL_IDENTITY": text])
        #expect(viaVariable.stdout == Self.devURL, "\(viaVariable.stderr)")
        try Self.identityFile(workspace, "ab.id", [a.identity, b.identity])
        #expect(try Self.run(workspace, ["get", "base_url", "-e", "env.bin"], environment: ["ENVTOOL_IDENTITY_FILE": "ab.id"]).stdout == Self.devURL)
        // An identity of the plugin that is not a recipient: no match (exit 78), the plugin ran.
        let c = try Self.pluginKey("11111111111111111111111111111111")
        try Self.identityFile(workspace, "c.id", [c.identity])
        let wrong = try Self.run(workspace, ["get", "base_url", "-e", "env.bin", "--identity", "c.id"])
        #expect(wrong.status == 78, "\(wrong.stderr)")
        #expect(wrong.stderr.contains("none of the 1 identities given opens this file"), "\(wrong.stderr)")
    }

    @Test("a file age wrote to a plugin recipient opens with envtool; age -d opens what envtool wrote")
    func interopWithAge() throws {
        let workspace = try Workspace()
        let a = try Self.pluginKey(Self.keyA)
        try Self.identityFile(workspace, "a.id", [a.identity])
        let sealed = try AgeCommandTests.run("age", ["-r", a.recipient, "-o", "by-age.bin", Self.json], in: workspace, environment: ["PATH": Self.path])
        #expect(sealed.status == 0, "\(sealed.stderr)")
        #expect(try Self.run(workspace, ["get", "base_url", "-e", "by-age.bin", "--identity", "a.id"]).stdout == Self.devURL)

        let encrypted = try Self.run(workspace, ["encrypt", Self.json, "-o", "by-envtool.bin", "--recipient", a.recipient])
        #expect(encrypted.status == 0, "\(encrypted.stderr)")
        let opened = try AgeCommandTests.run("age", ["-d", "-i", "a.id", "by-envtool.bin"], in: workspace, environment: ["PATH": Self.path])
        #expect(opened.status == 0, "\(opened.stderr)")
        #expect(Data(opened.stdout.utf8) == workspace.read(Self.json))
    }

    /// A target that must stay as it was after a failure.
    static let previous = "previous content\n"

    static func failingEncrypt(mode: String, environment: [String: String] = [:]) throws -> (EnvtoolProcess.Result, Workspace) {
        let workspace = try Workspace()
        try workspace.write("env.bin", previous)
        let a = try pluginKey(keyA)
        let result = try run(workspace, ["encrypt", json, "-o", "env.bin", "--recipient", a.recipient], mode: mode, environment: environment)
        #expect(workspace.read("env.bin") == Data(previous.utf8), "the target changed")
        #expect(workspace.read("env.bin.recipients") == nil)
        return (result, workspace)
    }

    static func failingDecrypt(mode: String, environment: [String: String] = [:]) throws -> EnvtoolProcess.Result {
        let workspace = try Workspace()
        let a = try pluginKey(keyA)
        try identityFile(workspace, "a.id", [a.identity])
        #expect(try run(workspace, ["encrypt", json, "-o", "env.bin", "--recipient", a.recipient]).status == 0)
        try workspace.write("out.json", previous)
        let result = try run(workspace, ["decrypt", "env.bin", "-o", "out.json", "--force", "--identity", "a.id"], mode: mode, environment: environment)
        #expect(workspace.read("out.json") == Data(previous.utf8), "the output changed")
        return result
    }

    static let refusals: [(mode: String, asked: String)] = [
        ("confirm", "it asked to confirm \"really?\""),
        ("request-secret", "it asked for a secret value (\"PIN for the test token\")"),
        ("request-public", "it asked for a value (\"PIN for the test token\")"),
    ]

    @Test("without a terminal a plugin's question is refused with a clear error (exit 72), nothing written", arguments: refusals)
    func questionsWithoutTerminal(mode: String, asked: String) throws {
        let (encrypt, _) = try Self.failingEncrypt(mode: mode)
        #expect(encrypt.status == 72, "\(encrypt.stderr)")
        #expect(encrypt.stderr.contains(asked) && encrypt.stderr.contains("there is no terminal to ask on"), "\(encrypt.stderr)")
        let decrypt = try Self.failingDecrypt(mode: mode)
        #expect(decrypt.status == 72, "\(decrypt.stderr)")
        #expect(decrypt.stderr.contains(asked) && decrypt.stderr.contains("there is no terminal to ask on"), "\(decrypt.stderr)")
    }

    /// Runs envtool on a pseudo-terminal, answering "Yes" to a question that mentions "really?"
    /// and "1234" to one that mentions "PIN"; what the terminal showed is the result's stdout.
    static func onTerminal(_ workspace: Workspace, _ arguments: [String], mode: String) throws -> EnvtoolProcess.Result {
        try PseudoTerminal.run(
            EnvtoolProcess.executable, arguments,
            answering: [.init(cue: "really?", text: "Yes"), .init(cue: "PIN", text: "1234")], in: workspace,
            environment: ["PATH": path, "ENVTOOLTEST_MODE": mode, "XDG_CONFIG_HOME": workspace.configHome])
    }

    @Test(
        "on a terminal a plugin's questions are asked and answered; a secret answer is not echoed", arguments: ["confirm", "request-secret", "request-public"])
    func questionsOnTerminal(mode: String) throws {
        let workspace = try Workspace()
        let a = try Self.pluginKey(Self.keyA)
        try Self.identityFile(workspace, "a.id", [a.identity])
        let encrypted = try Self.onTerminal(workspace, ["encrypt", Self.json, "-o", "env.bin", "--recipient", a.recipient], mode: mode)
        #expect(encrypted.status == 0, "\(encrypted.stdout)")
        #expect(encrypted.stdout.contains("age-plugin-envtooltest: "), "\(encrypted.stdout)")
        if mode == "request-secret" { #expect(!encrypted.stdout.contains("1234")) }
        if mode == "request-public" { #expect(encrypted.stdout.contains("1234")) }
        let decrypted = try Self.onTerminal(workspace, ["get", "base_url", "-e", "env.bin", "--identity", "a.id"], mode: mode)
        // On the terminal, standard output and standard error are the terminal.
        #expect(decrypted.status == 0 && decrypted.stdout.contains("https://dev-api.example.com/v1"), "\(decrypted.stdout)")
    }

    @Test("the recipients list keeps plugin recipients: set keeps them, rekey --add/--remove-recipient change them, a list without them is refused")
    func recipientsListKeepsPluginRecipients() throws {
        let workspace = try Workspace()
        let a = try Self.pluginKey(Self.keyA)
        let b = try Self.pluginKey(Self.keyB)
        let x25519 = try AgeCommandTests.keys(workspace, ["x.key"])[0].recipient
        try Self.identityFile(workspace, "a.id", [a.identity])
        try Self.identityFile(workspace, "b.id", [b.identity])
        #expect(try Self.run(workspace, ["encrypt", Self.json, "-o", "env.bin", "--recipient", a.recipient, "--recipient", x25519]).status == 0)
        let listed = try Self.run(workspace, ["recipients", "list", "env.bin"])
        #expect(
            listed.status == 0 && Set(listed.stdout.split(separator: "\n")) == [Substring(a.recipient), Substring(x25519)], "\(listed.stdout)\(listed.stderr)")

        // set re-encrypts to both: the plugin identity still opens the file.
        let set = try Self.run(workspace, ["set", "api.token", "changed", "-e", "env.bin", "-c", "Release", "--identity", "x.key"])
        #expect(set.status == 0, "\(set.stderr)")
        #expect(try Self.run(workspace, ["get", "api.token", "-e", "env.bin", "-c", "Release", "--identity", "a.id"]).stdout == "changed\n")

        // A team moving to another key of the plugin: add b, remove a and the X25519 key.
        let added = try Self.run(workspace, ["rekey", "env.bin", "--identity", "x.key", "--add-recipient", b.recipient])
        #expect(added.status == 0, "\(added.stderr)")
        #expect(try Self.run(workspace, ["get", "base_url", "-e", "env.bin", "--identity", "b.id"]).stdout == Self.devURL)
        let removed = try Self.run(workspace, ["rekey", "env.bin", "--identity", "b.id", "--remove-recipient", a.recipient, "--remove-recipient", x25519])
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(try Self.run(workspace, ["recipients", "list", "env.bin"]).stdout == b.recipient + "\n")
        #expect(try Self.run(workspace, ["get", "base_url", "-e", "env.bin", "--identity", "b.id"]).stdout == Self.devURL)
        #expect(try Self.run(workspace, ["get", "base_url", "-e", "env.bin", "--identity", "a.id"]).status == 78)
        // Only plugin stanzas are left: an X25519 key is the wrong kind of secret (exit 77).
        #expect(try Self.run(workspace, ["get", "base_url", "-e", "env.bin", "--identity", "x.key"]).status == 77)

        // A list that names no plugin recipient for a file with plugin stanzas would drop them.
        #expect(try Self.run(workspace, ["encrypt", Self.json, "-o", "mixed.bin", "--recipient", a.recipient, "--recipient", x25519]).status == 0)
        try workspace.write("mixed.bin.recipients", x25519 + "\n")
        let before = workspace.read("mixed.bin")
        let refused = try Self.run(workspace, ["set", "api.token", "changed", "-e", "mixed.bin", "-c", "Release", "--identity", "x.key"])
        #expect(refused.status == 77, "\(refused.stderr)")
        #expect(refused.stderr.contains("is also encrypted to recipients mixed.bin.recipients does not list (1 × envtooltest)"), "\(refused.stderr)")
        #expect(workspace.read("mixed.bin") == before)
    }

    @Test("a plugin's error stanza is shown with its message and what it is about (exit 72)")
    func errorStanza() throws {
        let (encrypt, _) = try Self.failingEncrypt(mode: "error")
        #expect(encrypt.status == 72)
        #expect(encrypt.stderr.contains("the age plugin age-plugin-envtooltest reported an error about recipient age1envtooltest1"), "\(encrypt.stderr)")
        #expect(encrypt.stderr.contains(": the test key is revoked"), "\(encrypt.stderr)")
        let decrypt = try Self.failingDecrypt(mode: "error")
        #expect(decrypt.status == 72)
        #expect(decrypt.stderr.contains("reported an error about its identity 1 of 1: the test token is locked"), "\(decrypt.stderr)")
        #expect(!decrypt.stderr.contains("AGE-PLUGIN-"), "an identity was shown")
    }

    static let failures: [(mode: String, message: String)] = [
        ("crash", "the age plugin age-plugin-envtooltest stopped before it said done: it exited with status 9"),
        (
            "hang",
            "the age plugin age-plugin-envtooltest sent nothing for 1 s and was stopped; if it waits for something (a hardware token, a network), set ENVTOOL_PLUGIN_TIMEOUT"
        ),
        ("garbage", "the age plugin age-plugin-envtooltest failed: it does not speak the age plugin protocol: stanza 1 does not start with \"-> \""),
    ]

    @Test("a plugin that crashes, hangs or speaks garbage is a clear error (exit 72), nothing written", arguments: failures)
    func brokenPlugin(mode: String, message: String) throws {
        let started = Date()
        let (encrypt, _) = try Self.failingEncrypt(mode: mode, environment: ["ENVTOOL_PLUGIN_TIMEOUT": "1"])
        #expect(encrypt.status == 72 && !encrypt.wasKilled, "\(encrypt.stderr)")
        #expect(encrypt.stderr.contains(message), "\(encrypt.stderr)")
        let decrypt = try Self.failingDecrypt(mode: mode, environment: ["ENVTOOL_PLUGIN_TIMEOUT": "1"])
        #expect(decrypt.status == 72 && !decrypt.wasKilled, "\(decrypt.stderr)")
        #expect(decrypt.stderr.contains(message), "\(decrypt.stderr)")
        // The time limit bounds the wait (the hanging plugin sleeps an hour).
        #expect(Date().timeIntervalSince(started) < 60)
    }

    @Test("a plugin that sends a byte every 0.2 s is stopped by the limit on the whole run (ENVTOOL_PLUGIN_TOTAL_TIMEOUT), exit 72")
    func tricklingPlugin() throws {
        let limits = ["ENVTOOL_PLUGIN_TIMEOUT": "1", "ENVTOOL_PLUGIN_TOTAL_TIMEOUT": "2"]
        let message =
            "the age plugin age-plugin-envtooltest ran for 2 s in all and was stopped; if it waits for something (a hardware token, a network), set ENVTOOL_PLUGIN_TOTAL_TIMEOUT"
        let (encrypt, _) = try Self.failingEncrypt(mode: "trickle", environment: limits)
        #expect(encrypt.status == 72 && !encrypt.wasKilled, "\(encrypt.stderr)")
        #expect(encrypt.stderr.contains(message), "\(encrypt.stderr)")
        let decrypt = try Self.failingDecrypt(mode: "trickle", environment: limits)
        #expect(decrypt.status == 72 && !decrypt.wasKilled, "\(decrypt.stderr)")
        #expect(decrypt.stderr.contains(message), "\(decrypt.stderr)")
        let workspace = try Workspace()
        let bad = try Self.run(
            workspace, ["encrypt", Self.json, "-o", "env.bin", "--recipient", try Self.pluginKey(Self.keyA).recipient],
            environment: ["ENVTOOL_PLUGIN_TOTAL_TIMEOUT": "-1"])
        #expect(bad.status == 77, "\(bad.stderr)")
        #expect(bad.stderr.contains("ENVTOOL_PLUGIN_TOTAL_TIMEOUT must be a number of seconds"), "\(bad.stderr)")
    }

    /// Whether process `pid` has ended (gone, or a zombie its new parent has not reaped yet),
    /// looked at a few times: SIGKILL takes effect when the process is next scheduled.
    static func hasEnded(_ pid: Int32) -> Bool {
        for _ in 0..<100 {
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return true }
            if let close = stat.lastIndex(of: ")"), stat[close...].dropFirst(2).first == "Z" { return true }
            usleep(20_000)
        }
        return false
    }

    @Test("a plugin that exits while a child of its own holds its output ends the run at its exit (exit 72), and the child is killed")
    func pluginLeavesAChild() throws {
        for decrypting in [false, true] {
            let pidFile = NSTemporaryDirectory() + "envtooltest-orphan-\(UUID().uuidString)"
            defer { try? FileManager.default.removeItem(atPath: pidFile) }
            // A silence limit longer than any test: only noticing the exit ends the wait.
            let environment = ["ENVTOOL_PLUGIN_TIMEOUT": "600", "ENVTOOLTEST_ORPHAN_PID": pidFile]
            let result =
                decrypting
                ? try Self.failingDecrypt(mode: "orphan", environment: environment)
                : try Self.failingEncrypt(mode: "orphan", environment: environment).0
            #expect(result.status == 72 && !result.wasKilled, "\(result.stderr)")
            #expect(result.stderr.contains("the age plugin age-plugin-envtooltest stopped before it said done: it exited with status 5"), "\(result.stderr)")
            let pid = try #require(Int32(try String(contentsOfFile: pidFile, encoding: .utf8)))
            #expect(Self.hasEnded(pid), "the plugin's child \(pid) still runs")
            if !Self.hasEnded(pid) { kill(pid, SIGKILL) }
        }
    }

    @Test("a plugin that answers and leaves a child running: the command succeeds, and the child is killed when the run ends")
    func pluginLingers() throws {
        let workspace = try Workspace()
        let a = try Self.pluginKey(Self.keyA)
        try Self.identityFile(workspace, "a.id", [a.identity])
        for arguments in [["encrypt", Self.json, "-o", "env.bin", "--recipient", a.recipient], ["get", "base_url", "-e", "env.bin", "--identity", "a.id"]] {
            let pidFile = workspace.path + "/child.pid"
            let result = try Self.run(workspace, arguments, mode: "linger", environment: ["ENVTOOLTEST_ORPHAN_PID": pidFile])
            #expect(result.status == 0 && !result.wasKilled, "\(result.stderr)")
            let pid = try #require(Int32(try String(contentsOfFile: pidFile, encoding: .utf8)))
            #expect(Self.hasEnded(pid), "the plugin's child \(pid) still runs after envtool \(arguments[0])")
            if !Self.hasEnded(pid) { kill(pid, SIGKILL) }
        }
    }

    @Test("a plugin missing from PATH is named with how to install it (exit 72); a bad timeout is refused")
    func missingPlugin() throws {
        let workspace = try Workspace()
        try workspace.write("env.bin", Self.previous)
        let recipient = Bech32Text.encode(hrp: "age1nosuchplugin", data: Array(repeating: 7, count: 16))
        let result = try workspace.run(["encrypt", Self.json, "-o", "env.bin", "--recipient", recipient], environment: ["PATH": Self.path])
        #expect(result.status == 72, "\(result.stderr)")
        #expect(result.stderr.contains("the age plugin age-plugin-nosuchplugin was not found on PATH; install it"), "\(result.stderr)")
        #expect(workspace.read("env.bin") == Data(Self.previous.utf8))

        let a = try Self.pluginKey(Self.keyA)
        #expect(try Self.run(workspace, ["encrypt", Self.json, "-o", "plugin.bin"], environment: ["ENVTOOL_RECIPIENT": a.recipient]).status == 0)
        let identity = Bech32Text.encode(hrp: "age-plugin-nosuchplugin-", data: Array(repeating: 7, count: 16)).uppercased()
        let missing = try Self.run(workspace, ["get", "base_url", "-e", "plugin.bin"], environment: ["ENVTOOL_IDENTITY": identity])
        #expect(missing.status == 72, "\(missing.stderr)")
        #expect(missing.stderr.contains("the age plugin age-plugin-nosuchplugin was not found on PATH; install it"), "\(missing.stderr)")
        #expect(!missing.stderr.contains(identity))

        let badTimeout = try Self.run(
            workspace, ["encrypt", Self.json, "-o", "env.bin", "--recipient", a.recipient], environment: ["ENVTOOL_PLUGIN_TIMEOUT": "soon"])
        #expect(badTimeout.status == 77, "\(badTimeout.stderr)")
        #expect(badTimeout.stderr.contains("ENVTOOL_PLUGIN_TIMEOUT must be a number of seconds"), "\(badTimeout.stderr)")
    }

    @Test("a plugin identity file opens a file age wrote; its recipient cannot name a path to run")
    func pluginNamesArePlain() throws {
        let workspace = try Workspace()
        let bad = Bech32Text.encode(hrp: "age1../../bin/sh", data: Array(repeating: 1, count: 8))
        let result = try workspace.run(["encrypt", Self.json, "-o", "env.bin", "--recipient", bad], environment: ["PATH": Self.path])
        #expect(result.status != 0 && workspace.read("env.bin") == nil, "\(result.stderr)")
    }
}

/// Bech32 (BIP 173) text for test recipients and identities of made-up plugins.
enum Bech32Text {
    static let alphabet = Array("qpzry9x8gf2tvdw0s3jn54khce6mua7l")

    static func polymod(_ values: [UInt8]) -> UInt32 {
        let generator: [UInt32] = [0x3b6a_57b2, 0x2650_8e6d, 0x1ea1_19fa, 0x3d42_33dd, 0x2a14_62b3]
        var check: UInt32 = 1
        for value in values {
            let top = check >> 25
            check = (check & 0x1ff_ffff) << 5 ^ UInt32(value)
            for bit in 0..<5 where (top >> UInt32(bit)) & 1 == 1 { check ^= generator[bit] }
        }
        return check
    }

    static func encode(hrp: String, data: [UInt8]) -> String {
        var groups: [UInt8] = []
        var accumulator: UInt32 = 0
        var bits = 0
        for byte in data {
            accumulator = (accumulator << 8 | UInt32(byte)) & 0xfff
            bits += 8
            while bits >= 5 { bits -= 5; groups.append(UInt8((accumulator >> UInt32(bits)) & 31)) }
        }
        if bits > 0 { groups.append(UInt8((accumulator << UInt32(5 - bits)) & 31)) }
        let human = Array(hrp.utf8)
        let expanded = human.map { $0 >> 5 } + [0] + human.map { $0 & 31 }
        let check = polymod(expanded + groups + [0, 0, 0, 0, 0, 0]) ^ 1
        let checksum = (0..<6).map { UInt8((check >> UInt32(5 * (5 - $0))) & 31) }
        return hrp + "1" + String((groups + checksum).map { alphabet[Int($0)] })
    }
}
