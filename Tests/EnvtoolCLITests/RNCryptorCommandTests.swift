import Foundation
import Testing

/// RNCryptor v3 files through the built envtool, and both ways with PyPI's `rncryptor` (a real,
/// independent implementation, installed into `.venv-test` by `scripts/dependencies test`).
/// Passwords reach the Python helper in its environment and keys in a 0600 file, never in argv.
@Suite("envtool: RNCryptor v3 files (T21Environment's), and interop with Python's rncryptor")
struct RNCryptorCommandTests {
    static let sample = "environments/environments.json"
    /// Passwords in several scripts: RNCryptor passes a password's UTF-8 bytes.
    static let passwords = ["an ASCII password", "contraseña con ñ", "中文密码 パスワード", "🔑🗝️ emoji 🔐"]

    static let python = EnvtoolProcess.repositoryRoot + "/.venv-test/bin/python"
    static let helper = EnvtoolProcess.repositoryRoot + "/Tests/Interop/rncryptor-interop.py"

    /// Runs the Python helper in `workspace` with the password in its environment.
    @discardableResult
    static func rncryptor(_ arguments: [String], password: String? = nil, in workspace: Workspace) throws -> EnvtoolProcess.Result {
        #expect(FileManager.default.isExecutableFile(atPath: python), "run scripts/dependencies test (it installs rncryptor into .venv-test)")
        var environment: [String: String] = [:]
        if let password { environment["RNCRYPTOR_PASSWORD"] = password }
        let result = try EnvtoolProcess.run([helper] + arguments, in: workspace.path, environment: environment, executable: python)
        #expect(result.status == 0, "rncryptor \(arguments): \(result.stderr)")
        return result
    }

    /// A 0600 key file of two random hex keys, in the form both sides read.
    static func keyFile(_ workspace: Workspace, _ name: String = "rn.keys") throws -> String {
        let hex = (0..<2).map { _ in (0..<32).map { _ in String(format: "%02x", UInt8.random(in: 0...255)) }.joined() }
        let path = try workspace.write(name, "# RNCryptor keys\n" + hex.joined(separator: "\n") + "\n")
        chmod(path, 0o600)
        return name
    }

    func sample(_ workspace: Workspace) -> Data { workspace.read(Self.sample)! }

    @Test("files rncryptor writes with a password are read by get, print, decrypt and run", arguments: passwords)
    func readsPython(password: String) throws {
        let workspace = try Workspace()
        try Self.rncryptor(["encrypt", Self.sample, "py.bin"], password: password, in: workspace)
        let secret = ["PW": password]
        let get = try workspace.run(["get", "base_url", "-e", "py.bin", "-c", "Release", "--passphrase-env", "PW"], environment: secret)
        #expect(get.status == 0, "\(get.stderr)")
        #expect(get.stdout == "https://api.example.com/v1\n")
        #expect(
            try workspace.run(["get", "base_url", "-e", "py.bin"], environment: ["ENVTOOL_PASSPHRASE": password]).stdout == "https://dev-api.example.com/v1\n")
        #expect(try workspace.run(["get", "base_url", "-e", "py.bin", "--passphrase-stdin"], stdin: Data((password + "\n").utf8)).status == 0)
        let print = try workspace.run(["print", "-e", "py.bin", "--format", "dotenv", "--passphrase-env", "PW"], environment: secret)
        #expect(print.stdout.contains("BASE_URL="), "\(print.stderr)")
        let decrypted = try workspace.run(["decrypt", "py.bin", "--passphrase-env", "PW"], environment: secret)
        #expect(Data(decrypted.stdout.utf8) == sample(workspace))
        let run = try workspace.run(["run", "-e", "py.bin", "--passphrase-env", "PW", "--", "sh", "-c", #"echo "$BASE_URL""#], environment: secret)
        #expect(run.stdout == "https://dev-api.example.com/v1\n", "\(run.stderr)")
        for result in [get, print, decrypted, run] { #expect(!result.stderr.contains(password)) }
    }

    @Test("files envtool writes with --to rncryptor (or --format) are read by rncryptor", arguments: passwords)
    func writesForPython(password: String) throws {
        let workspace = try Workspace()
        let secret = ["PW": password]
        for spelling in ["--to", "--format"] {
            let encrypt = try workspace.run(["encrypt", Self.sample, "-o", "env.bin", spelling, "rncryptor", "--passphrase-env", "PW"], environment: secret)
            #expect(encrypt.status == 0, "\(encrypt.stderr)")
            #expect(encrypt.stderr.contains("(RNCryptor v3, password)"))
            try Self.rncryptor(["decrypt", "env.bin", "back.json"], password: password, in: workspace)
            #expect(workspace.read("back.json") == sample(workspace))
        }
        // A wrong password is refused by the other side too.
        let wrong = try EnvtoolProcess.run(
            [Self.helper, "decrypt", "env.bin", "x.json"], in: workspace.path,
            environment: ["RNCRYPTOR_PASSWORD": password + "x"], executable: Self.python)
        #expect(wrong.status == 1)
        #expect(wrong.stderr.contains("DecryptionError"))
    }

    @Test("two keys from a key file, both ways: envtool writes RNCryptor for an RNCryptor key file, and reads what rncryptor's cipher wrote")
    func keysBothWays() throws {
        let workspace = try Workspace()
        let keys = try Self.keyFile(workspace)
        let encrypt = try workspace.run(["encrypt", Self.sample, "-o", "k.bin", "--key-file", keys])
        #expect(encrypt.status == 0, "\(encrypt.stderr)")
        #expect(encrypt.stderr.contains("(RNCryptor v3, encryption and HMAC keys)"))
        #expect(workspace.read("k.bin")?.prefix(2) == Data([3, 0]))
        try Self.rncryptor(["decrypt-keys", keys, "k.bin", "back.json"], in: workspace)
        #expect(workspace.read("back.json") == sample(workspace))

        try Self.rncryptor(["encrypt-keys", keys, Self.sample, "py.bin"], in: workspace)
        #expect(
            try workspace.run(["get", "base_url", "-e", "py.bin", "-c", "pro"], environment: ["ENVTOOL_KEY_FILE": keys]).stdout
                == "https://pro-api.example.com/v1\n")
        // The 64-byte form opens it too.
        let text = String(decoding: workspace.read(keys)!, as: UTF8.self).split(separator: "\n").filter { !$0.hasPrefix("#") }.joined()
        let raw = Data(stride(from: 0, to: text.count, by: 2).map { UInt8(String(Array(text)[$0...$0 + 1]), radix: 16)! })
        try raw.write(to: URL(fileURLWithPath: workspace.path + "/raw.keys"))
        chmod(workspace.path + "/raw.keys", 0o600)
        #expect(try workspace.run(["decrypt", "py.bin", "--key-file", "raw.keys"]).stdout == String(decoding: sample(workspace), as: UTF8.self))
        // Checked as every key file is.
        chmod(workspace.path + "/raw.keys", 0o644)
        let open = try workspace.run(["get", "base_url", "-e", "py.bin", "--key-file", "raw.keys"])
        #expect(open.status == 77)
        #expect(open.stderr.contains("readable or writable by group or others (mode 644)"))
    }

    /// Runs envtool on a pseudo-terminal, types `typed` (from the environment, not argv) once it
    /// asks "Passphrase: ", and returns the status and everything the terminal showed.
    static func onTerminal(_ arguments: [String], typing typed: String, in workspace: Workspace) throws -> EnvtoolProcess.Result {
        try PseudoTerminal.run(
            EnvtoolProcess.executable, arguments, answering: [.init(cue: "Passphrase: ", text: typed)], in: workspace,
            environment: ["XDG_CONFIG_HOME": workspace.configHome])
    }

    @Test("with no other secret, the password is asked on the terminal, without echo", arguments: ["pässwörd 中文", "XXXXXXXXXX"])
    func prompt(password: String) throws {
        let workspace = try Workspace()
        try Self.rncryptor(["encrypt", Self.sample, "py.bin"], password: password, in: workspace)
        let right = try Self.onTerminal(["get", "base_url", "-e", "py.bin", "-c", "Release"], typing: password, in: workspace)
        #expect(right.status == 0, "\(right.stdout) \(right.stderr)")
        #expect(right.stdout.contains("Passphrase: "))
        #expect(right.stdout.contains("https://api.example.com/v1"))
        #expect(!right.stdout.contains(password), "the password was echoed")
        let wrong = try Self.onTerminal(["get", "base_url", "-e", "py.bin"], typing: "not " + password, in: workspace)
        #expect(wrong.status == 78)
        #expect(wrong.stdout.contains("RNCryptor HMAC mismatch: the password is wrong"))
    }

    @Test("inspect describes an RNCryptor file, mode and sizes, needing and showing no secret")
    func inspect() throws {
        let workspace = try Workspace()
        try Self.rncryptor(["encrypt", Self.sample, "py.bin"], password: "inspected", in: workspace)
        let text = try workspace.run(["inspect", "py.bin"])
        #expect(text.status == 0)
        #expect(text.stdout.hasPrefix("format: RNCryptor data format v3\n"))
        #expect(text.stdout.contains("key mode: password (RNCryptor options 0x01)\n"))
        #expect(text.stdout.contains("kdf: PBKDF2-HMAC-SHA1, 10000 rounds"))
        #expect(text.stdout.contains("header: 34 bytes\n"))
        let json = try workspace.run(["inspect", "py.bin", "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["format"] as? String == "rncryptor")
        #expect(object["keyMode"] as? String == "passphrase")
        #expect(object["headerBytes"] as? Int == 34)
        let size = try #require(workspace.read("py.bin")).count
        #expect(object["encryptedBytes"] as? Int == size - 34 - 32)
    }

    @Test("each failure has its own message and exit status, and prints no secret")
    func failures() throws {
        let workspace = try Workspace()
        let password = "the right password"
        try Self.rncryptor(["encrypt", Self.sample, "good.bin"], password: password, in: workspace)
        let good = try #require(workspace.read("good.bin"))
        func attempt(_ file: Data, _ secret: String = password) throws -> EnvtoolProcess.Result {
            try file.write(to: URL(fileURLWithPath: workspace.path + "/case.bin"))
            let result = try workspace.run(["get", "base_url", "-e", "case.bin", "--passphrase-env", "PW"], environment: ["PW": secret])
            #expect(!result.stderr.contains(secret))
            return result
        }
        let wrong = try attempt(good, "a wrong password")
        #expect(wrong.status == 78)
        #expect(wrong.stderr.contains("RNCryptor HMAC mismatch: the password is wrong, or the file was modified or truncated; nothing was decrypted"))
        var tampered = good
        tampered[60] ^= 0x80
        let modified = try attempt(tampered)
        #expect(modified.status == 78)
        #expect(modified.stderr.contains("RNCryptor HMAC mismatch"))
        let truncated = try attempt(good.prefix(good.count - 5))
        #expect(truncated.status == 65)
        #expect(truncated.stderr.contains("the file is truncated or extended"))
        let short = try attempt(good.prefix(20))
        #expect(short.status == 65)
        #expect(short.stderr.contains("the file is truncated: it ends inside the RNCryptor header (IV)"))
        var version = good
        version[0] = 2
        let old = try attempt(version)
        #expect(old.status == 65)
        #expect(old.stderr.contains("RNCryptor version 2 file"))
        var options = good
        options[1] = 9
        let unknown = try attempt(options)
        #expect(unknown.status == 65)
        #expect(unknown.stderr.contains("unknown RNCryptor options byte 9"))
        let noSecret = try workspace.run(["get", "base_url", "-e", "good.bin"])
        #expect(noSecret.status == 77)
        #expect(
            noSecret.stderr.contains("the file is encrypted with a passphrase; pass --passphrase-env VARIABLE or --passphrase-stdin, or set ENVTOOL_PASSPHRASE")
        )
    }

    @Test("rekey --to age migrates a file rncryptor wrote, keeping the password; a new password keeps it RNCryptor")
    func migrate() throws {
        let workspace = try Workspace()
        try Self.rncryptor(["encrypt", Self.sample, "env.bin"], password: "old", in: workspace)
        let rotated = try workspace.run(
            ["rekey", "env.bin", "--passphrase-env", "OLD", "--new-passphrase-env", "NEW"], environment: ["OLD": "old", "NEW": "new ñ"])
        #expect(rotated.status == 0, "\(rotated.stderr)")
        try Self.rncryptor(["decrypt", "env.bin", "back.json"], password: "new ñ", in: workspace)
        #expect(workspace.read("back.json") == sample(workspace))

        let migrated = try workspace.run(
            ["rekey", "env.bin", "--to", "age", "--passphrase-env", "NEW", "--scrypt-work-factor", "10"], environment: ["NEW": "new ñ"])
        #expect(migrated.status == 0, "\(migrated.stderr)")
        #expect(migrated.stderr.contains("(age, passphrase, scrypt work factor 10)"))
        #expect(try workspace.run(["inspect", "env.bin"]).stdout.hasPrefix("format: age v1"))
        #expect(
            try workspace.run(["get", "base_url", "-e", "env.bin"], environment: ["ENVTOOL_PASSPHRASE": "new ñ"]).stdout == "https://dev-api.example.com/v1\n")
        // And back, for an app not yet moved.
        let back = try workspace.run(["rekey", "env.bin", "--to", "rncryptor", "--passphrase-env", "NEW"], environment: ["NEW": "new ñ"])
        #expect(back.status == 0, "\(back.stderr)")
        try Self.rncryptor(["decrypt", "env.bin", "again.json"], password: "new ñ", in: workspace)
        #expect(workspace.read("again.json") == sample(workspace))
    }

    @Test("the build-phase script writes what RNCryptor reads, for ENVTOOL_FORMAT=rncryptor and --format rncryptor")
    func buildPhase() throws {
        let workspace = try Workspace()
        let script = EnvtoolProcess.repositoryRoot + "/scripts/encrypt-environments.sh"
        for (environment, arguments) in [(["ENVTOOL_FORMAT": "rncryptor"], [String]()), ([:], ["--format", "rncryptor"]), ([:], ["--format=rncryptor"])] {
            var variables = ["ENVTOOL": EnvtoolProcess.executable, "PATH": "/usr/bin:/bin", "ENVTOOL_PASSPHRASE": "XXXXXXXXXX", "ENVTOOL_FORCE": "1"]
            variables.merge(environment) { $1 }
            let result = try EnvtoolProcess.run(
                ["-c", "exec \"$0\" \"$@\"", script] + arguments, in: workspace.path, environment: variables, executable: "/bin/bash")
            #expect(result.status == 0, "\(result.stderr)")
            try Self.rncryptor(["decrypt", "environments/environments.bin", "app.json"], password: "XXXXXXXXXX", in: workspace)
            #expect(workspace.read("app.json") == sample(workspace))
        }
        let unknown = try EnvtoolProcess.run(
            ["-c", "exec \"$0\" \"$@\"", script, "--format", "zip"], in: workspace.path,
            environment: ["ENVTOOL": EnvtoolProcess.executable, "PATH": "/usr/bin:/bin", "ENVTOOL_PASSPHRASE": "x"], executable: "/bin/bash")
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("unknown format 'zip'"))
    }

    @Test("the wrong kind of secret, or --to rncryptor with one it cannot hold, is refused with what it takes")
    func wrongSecrets() throws {
        let workspace = try Workspace()
        #expect(try workspace.run(["keygen", "-o", "envtool.key"]).status == 0)
        let keys = try Self.keyFile(workspace)
        let envtoolKey = try workspace.run(["encrypt", Self.sample, "-o", "x.bin", "--to", "rncryptor", "--key-file", "envtool.key"])
        #expect(envtoolKey.status == 77)
        #expect(envtoolKey.stderr.contains("RNCryptor's key mode takes two 32-byte keys"))
        let toV1 = try workspace.run(["encrypt", Self.sample, "-o", "x.bin", "--to", "v1", "--key-file", keys])
        #expect(toV1.status == 77)
        #expect(toV1.stderr.contains("encrypts RNCryptor files only"))
        let armored = try workspace.run(
            ["encrypt", Self.sample, "-o", "x.bin", "--to", "rncryptor", "--armor", "--passphrase-env", "PW"], environment: ["PW": "p"])
        #expect(armored.status == 77)
        #expect(workspace.read("x.bin") == nil)
        #expect(try workspace.run(["encrypt", Self.sample, "-o", "k.bin", "--key-file", keys]).status == 0)
        let password = try workspace.run(["get", "base_url", "-e", "k.bin", "--passphrase-env", "PW"], environment: ["PW": "p"])
        #expect(password.status == 77)
        #expect(
            password.stderr.contains(
                "the file is encrypted with two keys (RNCryptor: an encryption key and an HMAC key); pass --key-file PATH or set ENVTOOL_KEY_FILE"))
        let envtoolKeyForKeys = try workspace.run(["get", "base_url", "-e", "k.bin", "--key-file", "envtool.key"])
        #expect(envtoolKeyForKeys.status == 77)
        #expect(envtoolKeyForKeys.stderr.contains("it opens with its two keys"))
        let keysToAge = try workspace.run(["rekey", "k.bin", "--key-file", keys, "--to", "age"])
        #expect(keysToAge.status == 77)
        #expect(keysToAge.stderr.contains("cannot be converted to age as it is"))
    }

    /// The README's "Coming from T21Environment" commands, as written there, on the sample.
    @Test("the README's Coming from T21Environment commands run on the sample")
    func readme() throws {
        let workspace = try Workspace()
        let readme = try String(contentsOfFile: EnvtoolProcess.repositoryRoot + "/README.md", encoding: .utf8)
        let section = try #require(readme.range(of: "### Coming from T21Environment"))
        let rest = readme[section.upperBound...]
        let block = try #require(rest.range(of: "```sh\n")).upperBound
        let end = try #require(rest[block...].range(of: "```")).lowerBound
        let commands = String(rest[block..<end])
        #expect(commands.contains("--to rncryptor"))
        #expect(commands.contains("rekey"))
        let shell = "set -euo pipefail\nenvtool() { \"$ENVTOOL\" \"$@\"; }\n" + commands
        let result = try EnvtoolProcess.run(
            ["-c", shell], in: workspace.path,
            environment: ["ENVTOOL": EnvtoolProcess.executable, "PATH": "/usr/bin:/bin", "XDG_CONFIG_HOME": workspace.configHome],
            executable: "/bin/bash")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("https://api.example.com/v1"), "\(result.stdout)")
        #expect(try workspace.run(["inspect", "environments/environments.bin"]).stdout.hasPrefix("format: age v1"))
    }
}
