import Foundation
import Testing

@Suite("envtool: encryption")
struct EncryptionCommandTests {
    /// A workspace with a key file, an identity and the sample encrypted with the key.
    func prepared() throws -> Workspace {
        let workspace = try Workspace()
        #expect(try workspace.run(["keygen", "-o", "secret.key"]).status == 0)
        let encrypt = try workspace.run(["encrypt", "environments/environments.json", "-o", "environments/environments.bin", "--key-file", "secret.key"])
        #expect(encrypt.status == 0, "\(encrypt.stderr)")
        return workspace
    }

    func mode(_ workspace: Workspace, _ name: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: workspace.path + "/" + name)[.posixPermissions] as? Int) ?? -1
    }

    @Test("keygen writes 0600 files and refuses to overwrite")
    func keygen() throws {
        let workspace = try prepared()
        #expect(try mode(workspace, "secret.key") == 0o600)
        let before = workspace.read("secret.key")
        let again = try workspace.run(["keygen", "-o", "secret.key"])
        #expect(again.status == 73)
        #expect(again.stderr.contains("pass --force"))
        #expect(workspace.read("secret.key") == before)
        let pair = try workspace.run(["keygen", "--public", "-o", "id"])
        #expect(pair.stdout.hasPrefix("envtool-recipient-1:"))
        #expect(try mode(workspace, "id") == 0o600)
        #expect(try mode(workspace, "id.pub") == 0o644)
    }

    @Test("every reading command accepts the .bin with a key file, also from ENVTOOL_KEY_FILE")
    func readBin() throws {
        let workspace = try prepared()
        #expect(
            try workspace.run(["get", "base_url", "-e", "environments/environments.bin", "--key-file", "secret.key", "-c", "pro"]).stdout
                == "https://pro-api.example.com/v1\n")
        let fromEnvironment = ["ENVTOOL_KEY_FILE": "secret.key", "ENVTOOL_ENVIRONMENTS": "environments/environments.bin"]
        #expect(try workspace.run(["get", "api.timeout"], environment: fromEnvironment).stdout == "60\n")
        #expect(try workspace.run(["localize", "greeting", "Ada", "-l", "ca"], environment: fromEnvironment).stdout == "Hola, Ada!\n")
        #expect(try workspace.run(["languages"], environment: fromEnvironment).status == 0)
        #expect(try workspace.run(["validate"], environment: fromEnvironment).status == 0)
    }

    @Test("passphrase and recipient modes round-trip; the passphrase never appears in output")
    func otherModes() throws {
        let workspace = try prepared()
        let secret = "a long passphrase only the test knows"
        let withPassphrase = ["MY_PASS": secret]
        let encrypted = try workspace.run(
            ["encrypt", "environments/environments.json", "-o", "p.bin", "--passphrase-env", "MY_PASS", "--kdf-passes", "1", "--kdf-memory-kib", "64"],
            environment: withPassphrase)
        #expect(encrypted.status == 0, "\(encrypted.stderr)")
        #expect(
            try workspace.run(["get", "base_url", "-e", "p.bin", "--passphrase-env", "MY_PASS"], environment: withPassphrase).stdout
                == "https://dev-api.example.com/v1\n")
        #expect(try workspace.run(["get", "base_url", "-e", "p.bin"], environment: ["ENVTOOL_PASSPHRASE": secret]).status == 0)
        #expect(try workspace.run(["get", "base_url", "-e", "p.bin", "--passphrase-stdin"], stdin: Data((secret + "\n").utf8)).status == 0)
        let wrong = try workspace.run(["get", "base_url", "-e", "p.bin", "--passphrase-env", "MY_PASS"], environment: ["MY_PASS": "nope " + secret])
        #expect(wrong.status == 78)
        #expect(!wrong.stderr.contains(secret))
        #expect(!encrypted.stderr.contains(secret))

        #expect(try workspace.run(["keygen", "--public", "-o", "id"]).status == 0)
        #expect(try workspace.run(["encrypt", "environments/environments.json", "-o", "r.bin", "--recipient", "id.pub"]).status == 0)
        #expect(try workspace.run(["get", "base_url", "-e", "r.bin", "--identity", "id"]).stdout == "https://dev-api.example.com/v1\n")
        let missing = try workspace.run(["get", "base_url", "-e", "r.bin"])
        #expect(missing.status == 77)
        #expect(missing.stderr.contains("pass --identity PATH"))
    }

    @Test("wrong key, tampering and truncation exit 78 and write nothing")
    func refusals() throws {
        let workspace = try prepared()
        #expect(try workspace.run(["keygen", "-o", "other.key"]).status == 0)
        let wrongKey = try workspace.run(["decrypt", "environments/environments.bin", "-o", "out.json", "--key-file", "other.key"])
        #expect(wrongKey.status == 78)
        #expect(wrongKey.stderr.contains("wrong key"))
        #expect(workspace.read("out.json") == nil)

        var tampered = try #require(workspace.read("environments/environments.bin"))
        tampered[tampered.count / 2] ^= 1
        try tampered.write(to: URL(fileURLWithPath: workspace.path + "/tampered.bin"))
        try workspace.write("out.json", "existing")
        let result = try workspace.run(["decrypt", "tampered.bin", "-o", "out.json", "--key-file", "secret.key"])
        #expect(result.status == 78)
        #expect(result.stderr.contains("tampered.bin: error: authentication failed"))
        #expect(workspace.read("out.json") == Data("existing".utf8))
        #expect(result.stdout.isEmpty)

        try tampered.prefix(30).write(to: URL(fileURLWithPath: workspace.path + "/short.bin"))
        let short = try workspace.run(["decrypt", "short.bin", "--key-file", "secret.key"])
        #expect(short.status == 65)
        #expect(short.stderr.contains("truncated"))
        #expect(short.stdout.isEmpty)
    }

    @Test("a key file readable by others is refused with the fix")
    func unsafeKeyFile() throws {
        let workspace = try prepared()
        chmod(workspace.path + "/secret.key", 0o644)
        let result = try workspace.run(["get", "base_url", "-e", "environments/environments.bin", "--key-file", "secret.key"])
        #expect(result.status == 77)
        #expect(
            result.stderr.contains(
                "secret.key: error: the file given to --key-file: the key file is readable or writable by group or others (mode 644); run `chmod 600 secret.key`"
            ), "\(result.stderr)")
    }

    @Test("encrypt refuses an invalid document and leaves the existing output as it was")
    func encryptInvalid() throws {
        let workspace = try prepared()
        let before = workspace.read("environments/environments.bin")
        try workspace.write("broken.json", "{\"languages\": [\"en\"],\n \"configurations\": {\"Debug\": 1}}")
        let result = try workspace.run(["encrypt", "broken.json", "-o", "environments/environments.bin", "--key-file", "secret.key"])
        #expect(result.status == 65)
        #expect(result.stderr.contains("broken.json:2:30: error: the configuration \"Debug\" must be an object"))
        #expect(workspace.read("environments/environments.bin") == before)
        let none = try workspace.run(["encrypt", "environments/environments.json", "-o", "x.bin"])
        #expect(none.status == 77)
        #expect(workspace.read("x.bin") == nil)
    }

    @Test(
        "passphrase costs beyond --kdf sensitive are refused with the allowed range, never a crash",
        arguments: [
            ["--kdf-memory-kib", "18446744073709551615"], ["--kdf-memory-kib", "1048577"], ["--kdf-passes", "5"],
        ])
    func kdfCeiling(options: [String]) throws {
        let workspace = try prepared()
        let result = try workspace.run(
            ["encrypt", "environments/environments.json", "-o", "p.bin", "--passphrase-env", "P"] + options, environment: ["P": "pass"])
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.stderr.contains("allowed: 1–4 passes and 8–1048576 KiB, the most `--kdf sensitive` uses"))
        #expect(workspace.read("p.bin") == nil)
    }

    @Test("decrypt writes 0600 files or stdout")
    func decrypt() throws {
        let workspace = try prepared()
        let original = try #require(workspace.read("environments/environments.json"))
        let stdout = try workspace.run(["decrypt", "environments/environments.bin", "--key-file", "secret.key"])
        #expect(Data(stdout.stdout.utf8) == original)
        #expect(try workspace.run(["decrypt", "environments/environments.bin", "-o", "plain.json", "--key-file", "secret.key"]).status == 0)
        #expect(workspace.read("plain.json") == original)
        #expect(try mode(workspace, "plain.json") == 0o600)
    }

    @Test("rekey changes the secret without writing plaintext; a failed rekey changes nothing")
    func rekey() throws {
        let workspace = try prepared()
        #expect(try workspace.run(["keygen", "-o", "new.key"]).status == 0)
        let before = workspace.read("environments/environments.bin")
        let failed = try workspace.run(["rekey", "environments/environments.bin", "--key-file", "new.key", "--new-key-file", "new.key"])
        #expect(failed.status == 78)
        #expect(workspace.read("environments/environments.bin") == before)
        let done = try workspace.run(
            ["rekey", "environments/environments.bin", "--key-file", "secret.key", "--new-passphrase-env", "NEW"], environment: ["NEW": "fresh passphrase"])
        #expect(done.status == 0, "\(done.stderr)")
        #expect(try workspace.run(["get", "base_url", "-e", "environments/environments.bin", "--key-file", "secret.key"]).status == 77)
        #expect(
            try workspace.run(["get", "base_url", "-e", "environments/environments.bin"], environment: ["ENVTOOL_PASSPHRASE": "fresh passphrase"]).status == 0)
        let contents = try FileManager.default.contentsOfDirectory(atPath: workspace.path + "/environments")
        #expect(!contents.contains { $0.hasPrefix(".") }, "no temporary files left: \(contents)")
    }

    @Test("rekey's new secret comes from the --new-… options only: the variables of the current secret are not taken as the new one")
    func rekeyNewSecretIgnoresVariables() throws {
        let workspace = try prepared()
        #expect(try workspace.run(["keygen", "-o", "other.key"]).status == 0)
        let before = workspace.read("environments/environments.bin")
        let variables = [
            "ENVTOOL_PASSPHRASE": "current", "ENVTOOL_KEY_FILE": "other.key",
            "ENVTOOL_RECIPIENT": "age1ql3z7hjy54pw3hyww5ayyfg7zqgvc7w3j2elw8zmrj2kg5sfn9aqmcac8p",
        ]
        let none = try workspace.run(["rekey", "environments/environments.bin", "--key-file", "secret.key"], environment: variables)
        #expect(none.status == 77)
        #expect(
            none.stderr.contains("no new secret: pass --new-recipient RECIPIENT, -R PATH, --new-key-file PATH, --new-passphrase-env VARIABLE or --to FORMAT"),
            "\(none.stderr)")
        #expect(workspace.read("environments/environments.bin") == before)

        // A key file has no armored form (age has no key-file mode): refused, nothing written.
        let armored = try workspace.run(["rekey", "environments/environments.bin", "--key-file", "secret.key", "--new-key-file", "other.key", "--armor"])
        #expect(armored.status == 77)
        #expect(armored.stderr.contains("--armor writes an age file"), "\(armored.stderr)")
        #expect(workspace.read("environments/environments.bin") == before)

        let toAge = try workspace.run(["rekey", "environments/environments.bin", "--key-file", "secret.key", "--new-key-file", "other.key", "--to", "age"])
        #expect(toAge.status == 77)
        #expect(
            toAge.stderr.contains(
                "age has no key-file mode; encrypt to recipients (--new-recipient, -R) or with a passphrase (--new-passphrase-env) for --to age"),
            "\(toAge.stderr)")

        let unset = try workspace.run(
            ["rekey", "environments/environments.bin", "--key-file", "secret.key", "--new-passphrase-env", "UNSET"], environment: variables)
        #expect(unset.status == 77)
        #expect(unset.stderr.contains("the environment variable named by --new-passphrase-env is not set or empty"), "\(unset.stderr)")
        #expect(workspace.read("environments/environments.bin") == before)
    }

    @Test(
        "every command names an unreadable input the same way and exits 66",
        arguments: [
            ["encrypt", "missing.json", "-o", "x.bin", "--key-file", "secret.key"], ["decrypt", "missing.bin", "--key-file", "secret.key"],
            ["inspect", "missing.bin"], ["rekey", "missing.bin", "--key-file", "secret.key", "--new-key-file", "secret.key"],
            ["edit", "missing.bin", "--key-file", "secret.key"], ["t", "k", "--init", "missing.bin"],
        ])
    func unreadableInputs(arguments: [String]) throws {
        let workspace = try prepared()
        let result = try workspace.run(arguments)
        #expect(result.status == 66)
        #expect(
            result.stderr.hasPrefix("missing.\(arguments[1] == "missing.json" ? "json" : "bin"): error: cannot read the file: no such file"), "\(result.stderr)"
        )
        #expect(workspace.read("x.bin") == nil)
    }

    @Test("inspect shows header facts without a secret")
    func inspect() throws {
        let workspace = try prepared()
        let result = try workspace.run(["inspect", "environments/environments.bin"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("key mode: key file"))
        #expect(result.stdout.contains("key fingerprint: "))
        let notBin = try workspace.run(["inspect", "environments/environments.json"])
        #expect(notBin.status == 65)
        #expect(notBin.stderr.contains("not an environments.bin file"))
    }

    @Test("decrypt --textconv shows plaintext for git diff, and never fails the diff")
    func textconv() throws {
        let workspace = try prepared()
        let original = try #require(workspace.read("environments/environments.json"))
        let plain = try workspace.run(["decrypt", "--textconv", "environments/environments.bin"], environment: ["ENVTOOL_KEY_FILE": "secret.key"])
        #expect(Data(plain.stdout.utf8) == original)
        let noSecret = try workspace.run(["decrypt", "--textconv", "environments/environments.bin"])
        #expect(noSecret.status == 0)
        #expect(noSecret.stdout.hasPrefix("# envtool: encrypted environments, not shown:"))
        let json = try workspace.run(["decrypt", "--textconv", "environments/environments.json"])
        #expect(Data(json.stdout.utf8) == original)
    }

    @Test("edit re-encrypts a valid edit; an invalid or aborted edit leaves the .bin as it was")
    func edit() throws {
        let workspace = try prepared()
        let bin = "environments/environments.bin"
        let key = ["ENVTOOL_KEY_FILE": "secret.key"]
        try workspace.write("edit-ok.sh", "#!/bin/sh\nsed -i 's/dev-api.example.com/edited.example.com/' \"$1\"\n")
        try workspace.write("edit-bad.sh", "#!/bin/sh\necho '{\"languages\": 1}' > \"$1\"\n")
        try workspace.write("edit-fail.sh", "#!/bin/sh\nexit 3\n")
        try workspace.write("edit-none.sh", "#!/bin/sh\ntrue\n")
        for script in ["edit-ok.sh", "edit-bad.sh", "edit-fail.sh", "edit-none.sh"] { chmod(workspace.path + "/" + script, 0o755) }

        let original = workspace.read(bin)
        let bad = try workspace.run(["edit", bin], environment: key.merging(["EDITOR": workspace.path + "/edit-bad.sh"]) { $1 })
        #expect(bad.status == 65)
        #expect(bad.stderr.contains("\"languages\" must be an array"))
        #expect(workspace.read(bin) == original)
        let failed = try workspace.run(["edit", bin], environment: key.merging(["EDITOR": workspace.path + "/edit-fail.sh"]) { $1 })
        #expect(failed.status == 75)
        #expect(workspace.read(bin) == original)
        let none = try workspace.run(["edit", bin], environment: key.merging(["EDITOR": workspace.path + "/edit-none.sh"]) { $1 })
        #expect(none.status == 0)
        #expect(none.stderr.contains("no changes"))
        #expect(workspace.read(bin) == original)

        let ok = try workspace.run(["edit", bin], environment: key.merging(["VISUAL": workspace.path + "/edit-ok.sh"]) { $1 })
        #expect(ok.status == 0, "\(ok.stderr)")
        #expect(try workspace.run(["get", "base_url", "-e", bin], environment: key).stdout == "https://edited.example.com/v1\n")
    }

    @Test("the build-phase script validates, encrypts when the input changed, and needs a secret")
    func buildPhaseScript() throws {
        let workspace = try prepared()
        let script = EnvtoolProcess.repositoryRoot + "/scripts/encrypt-environments.sh"
        func run(_ environment: [String: String], _ arguments: [String] = []) throws -> EnvtoolProcess.Result {
            var variables = ["ENVTOOL": EnvtoolProcess.executable, "PATH": "/usr/bin:/bin"]
            variables.merge(environment) { $1 }
            return try EnvtoolProcess.run(
                ["-c", "exec \"$0\" \"$@\"", script] + arguments, in: workspace.path, environment: variables, executable: "/bin/bash")
        }
        try FileManager.default.removeItem(atPath: workspace.path + "/environments/environments.bin")
        let noSecret = try run([:])
        #expect(noSecret.status == 77)
        #expect(noSecret.stderr.contains("no secret to encrypt with: set ENVTOOL_KEY_FILE"))
        #expect(workspace.read("environments/environments.bin") == nil)

        let key = ["ENVTOOL_KEY_FILE": workspace.path + "/secret.key"]
        #expect(try run(key).status == 0)
        let first = try #require(workspace.read("environments/environments.bin"))
        let second = try run(key)
        #expect(second.stdout.contains("up to date"))
        #expect(workspace.read("environments/environments.bin") == first)
        #expect(try run(key.merging(["ENVTOOL_FORCE": "1"]) { $1 }).status == 0)
        #expect(workspace.read("environments/environments.bin") != first)

        try workspace.write("broken/environments.json", "{\n  \"languages\": [\"en\",]\n}")
        let broken = try run(key, ["broken/environments.json"])
        #expect(broken.status == 65)
        #expect(broken.stderr.contains(workspace.path + "/broken/environments.json:2:22: error: trailing comma"))
        #expect(workspace.read("broken/environments.bin") == nil)
    }
}
