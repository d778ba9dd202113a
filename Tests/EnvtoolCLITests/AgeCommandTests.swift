import EnvironmentCrypto
import Foundation
import Testing

/// envtool and the real `age`/`age-keygen` CLIs (Debian package `age`) reading each other's files,
/// through the built envtool, and the team workflow on age files.
@Suite("envtool: age files, interop with age")
struct AgeCommandTests {
    static let devURL = "https://dev-api.example.com/v1\n"
    static let json = "environments/environments.json"

    static func tool(_ name: String) throws -> String {
        guard let path = ["/usr/bin/", "/usr/local/bin/"].map({ $0 + name }).first(where: FileManager.default.isExecutableFile(atPath:)) else {
            Issue.record("\(name) is not installed; install the Debian package age (scripts/test does)")
            throw CancellationError()
        }
        return path
    }

    /// Runs a program other than envtool in the workspace.
    static func run(_ program: String, _ arguments: [String], in workspace: Workspace, environment: [String: String] = [:]) throws -> EnvtoolProcess.Result {
        try EnvtoolProcess.run(arguments, in: workspace.path, environment: environment, executable: tool(program))
    }

    /// An identity from `age-keygen` in each of the files `names`, as (file name, recipient).
    static func keys(_ workspace: Workspace, _ names: [String]) throws -> [(file: String, recipient: String)] {
        try names.map { name in
            #expect(try run("age-keygen", ["-o", name], in: workspace).status == 0)
            let recipient = try run("age-keygen", ["-y", name], in: workspace).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(recipient.hasPrefix("age1"))
            return (name, recipient)
        }
    }

    @Test("envtool encrypts to several recipients; age -d -i decrypts with each, and not with a stranger's key")
    func envtoolToAge() throws {
        let workspace = try Workspace()
        let keys = try Self.keys(workspace, ["a.key", "b.key", "c.key", "stranger.key"])
        try workspace.write("team.txt", "# the team\n\(keys[1].recipient)\n\n# CI\n\(keys[2].recipient)\n")
        let encrypted = try workspace.run(["encrypt", Self.json, "-o", "env.bin", "--recipient", keys[0].recipient, "-R", "team.txt"])
        #expect(encrypted.status == 0, "\(encrypted.stderr)")
        #expect(encrypted.stderr.contains("age, 3 recipients"))
        let original = try #require(workspace.read(Self.json))
        for key in keys.prefix(3) {
            let decrypted = try Self.run("age", ["-d", "-i", key.file, "env.bin"], in: workspace)
            #expect(decrypted.status == 0, "\(decrypted.stderr)")
            #expect(Data(decrypted.stdout.utf8) == original)
        }
        let stranger = try Self.run("age", ["-d", "-i", keys[3].file, "env.bin"], in: workspace)
        #expect(stranger.status != 0 && stranger.stdout.isEmpty)
        // The recipients list beside the file is an age recipients file: age -R reads it.
        #expect(try Self.run("age", ["-e", "-R", "env.bin.recipients", "-o", "again.age", Self.json], in: workspace).status == 0)
        #expect(try workspace.run(["get", "base_url", "-e", "again.age", "--identity", "c.key"]).stdout == Self.devURL)

        let armored = try workspace.run(["encrypt", Self.json, "-o", "armored.bin", "--recipient", keys[0].recipient, "--armor"])
        #expect(armored.status == 0, "\(armored.stderr)")
        #expect(workspace.read("armored.bin").map { String(decoding: $0.prefix(34), as: UTF8.self) } == "-----BEGIN AGE ENCRYPTED FILE-----")
        #expect(try Self.run("age", ["-d", "-i", "a.key", "armored.bin"], in: workspace).status == 0)
    }

    @Test("envtool reads what age -r … -R file-with-comments and age -a wrote; a wrong identity exits 78 with a clear message")
    func ageToEnvtool() throws {
        let workspace = try Workspace()
        let keys = try Self.keys(workspace, ["a.key", "b.key", "stranger.key"])
        try workspace.write("recipients.txt", "# the team\n\n\(keys[1].recipient)\n")
        #expect(try Self.run("age", ["-r", keys[0].recipient, "-R", "recipients.txt", "-o", "env.bin", Self.json], in: workspace).status == 0)
        #expect(try Self.run("age", ["-a", "-r", keys[0].recipient, "-o", "armored.bin", Self.json], in: workspace).status == 0)
        for key in keys.prefix(2) {
            #expect(try workspace.run(["get", "base_url", "-e", "env.bin", "--identity", key.file]).stdout == Self.devURL)
        }
        let original = try #require(workspace.read(Self.json))
        #expect(Data(try workspace.run(["decrypt", "armored.bin", "--identity", "a.key"]).stdout.utf8) == original)

        let wrong = try workspace.run(["decrypt", "env.bin", "-o", "out.json", "--identity", "stranger.key"])
        #expect(wrong.status == 78)
        #expect(wrong.stderr.contains("env.bin: error: none of the 1 identities given opens this file (its stanzas: 2 × X25519)"), "\(wrong.stderr)")
        #expect(workspace.read("out.json") == nil)
        let missing = try workspace.run(["get", "base_url", "-e", "env.bin"])
        #expect(missing.status == 77)
        #expect(missing.stderr.contains("the file is encrypted to age recipients; pass --identity PATH"))
    }

    @Test("envtool reads age -p files, and age -d reads envtool's --to age passphrase files")
    func passphrases() throws {
        let workspace = try Workspace()
        let passphrase = "a passphrase for age and envtool alike"
        let age = try Self.tool("age")
        // age reads a passphrase only from a terminal, and asks for a new one twice.
        let typing = [PseudoTerminal.Answer(cue: "passphrase", text: passphrase, everyTime: true)]
        let made = try PseudoTerminal.run(age, ["-p", "-o", "p.age", Self.json], answering: typing, in: workspace, environment: ["PATH": "/usr/bin:/bin"])
        #expect(made.status == 0, "\(made.stdout)")
        let read = try workspace.run(["get", "base_url", "-e", "p.age", "--passphrase-env", "P"], environment: ["P": passphrase])
        #expect(read.stdout == Self.devURL, "\(read.stderr)")
        #expect(!read.stderr.contains(passphrase))
        let wrong = try workspace.run(["get", "base_url", "-e", "p.age", "--passphrase-env", "P"], environment: ["P": "not it"])
        #expect(wrong.status == 78)

        let sealed = try workspace.run(
            ["encrypt", Self.json, "-o", "p.bin", "--to", "age", "--passphrase-env", "P", "--scrypt-work-factor", "10"], environment: ["P": passphrase])
        #expect(sealed.status == 0, "\(sealed.stderr)")
        #expect(try workspace.run(["inspect", "p.bin"]).stdout.contains("key mode: passphrase (scrypt)"))
        let opened = try PseudoTerminal.run(age, ["-d", "-o", "plain.json", "p.bin"], answering: typing, in: workspace, environment: ["PATH": "/usr/bin:/bin"])
        #expect(opened.status == 0, "\(opened.stdout)")
        #expect(workspace.read("plain.json") == workspace.read(Self.json))
    }

    @Test("identities: several --identity tried in order, ENVTOOL_IDENTITY_FILE, ENVTOOL_IDENTITY text, envtool keygen --age")
    func identities() throws {
        let workspace = try Workspace()
        let keys = try Self.keys(workspace, ["a.key", "stranger.key"])
        let generated = try workspace.run(["keygen", "--age", "-o", "mine.key"])
        #expect(generated.status == 0)
        let mine = generated.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(mine.hasPrefix("age1") && mine.count == 62)
        #expect((try FileManager.default.attributesOfItem(atPath: workspace.path + "/mine.key")[.posixPermissions] as? Int) == 0o600)
        #expect(try Self.run("age-keygen", ["-y", "mine.key"], in: workspace).stdout == mine + "\n")
        #expect(try workspace.run(["encrypt", Self.json, "-o", "env.bin", "--recipient", keys[0].recipient, "--recipient", mine]).status == 0)

        #expect(try workspace.run(["get", "base_url", "-e", "env.bin", "--identity", "stranger.key", "--identity", "mine.key"]).stdout == Self.devURL)
        #expect(try workspace.run(["get", "base_url", "-e", "env.bin"], environment: ["ENVTOOL_IDENTITY_FILE": "a.key"]).stdout == Self.devURL)
        let text = String(decoding: try #require(workspace.read("a.key")), as: UTF8.self)
        let fromText = try workspace.run(["get", "base_url", "-e", "env.bin"], environment: ["ENVTOOL_IDENTITY": text])
        #expect(fromText.stdout == Self.devURL, "\(fromText.stderr)")
        // The identity text is for envtool: `run` does not pass it on to the command.
        let child = try workspace.run(
            ["run", "-e", "env.bin", "--", "/bin/sh", "-c", "echo \"[$BASE_URL][${ENVTOOL_IDENTITY:-unset}]\""],
            environment: ["ENVTOOL_IDENTITY": text])
        #expect(child.stdout == "[https://dev-api.example.com/v1][unset]\n", "\(child.stderr)")
        let secretLine = try #require(text.split(separator: "\n").first { $0.hasPrefix("AGE-SECRET-KEY-1") })
        let badText = try workspace.run(["get", "base_url", "-e", "env.bin"], environment: ["ENVTOOL_IDENTITY": String(secretLine.dropLast(3)) + "QQQ"])
        #expect(badText.status == 77)
        #expect(badText.stderr.contains("ENVTOOL_IDENTITY: "))
        #expect(!badText.stderr.contains(String(secretLine.suffix(20))))

        // An envtool identity (keygen --public) opens an age file encrypted to the same key pair.
        #expect(try workspace.run(["keygen", "--public", "-o", "old"]).status == 0)
        #expect(try workspace.run(["encrypt", Self.json, "-o", "old.bin", "--recipient", "old.pub", "--to", "age"]).status == 0)
        #expect(try workspace.run(["inspect", "old.bin"]).stdout.contains("format: age v1"))
        #expect(try workspace.run(["get", "base_url", "-e", "old.bin", "--identity", "old"]).stdout == Self.devURL)
    }

    @Test("bad input: a recipient that is not bech32, an identity file open to others, a cut-short pipe; nothing written")
    func badInput() throws {
        let workspace = try Workspace()
        let keys = try Self.keys(workspace, ["a.key"])
        let bad = String(keys[0].recipient.dropLast()) + (keys[0].recipient.hasSuffix("q") ? "p" : "q")
        let refused = try workspace.run(["encrypt", Self.json, "-o", "env.bin", "--recipient", keys[0].recipient, "--recipient", bad])
        #expect(refused.status == 77)
        #expect(refused.stderr.contains("--recipient: \"\(bad)\" is not an age recipient"), "\(refused.stderr)")
        #expect(workspace.read("env.bin") == nil && workspace.read("env.bin.recipients") == nil)
        try workspace.write("team.txt", "# team\n\(keys[0].recipient)\nage1notbech32\n")
        let badFile = try workspace.run(["encrypt", Self.json, "-o", "env.bin", "-R", "team.txt"])
        #expect(badFile.status == 77)
        #expect(badFile.stderr.hasPrefix("team.txt:3: error: "), "\(badFile.stderr)")
        #expect(workspace.read("env.bin") == nil)

        #expect(try workspace.run(["encrypt", Self.json, "-o", "env.bin", "--recipient", keys[0].recipient]).status == 0)
        chmod(workspace.path + "/a.key", 0o644)
        let open = try workspace.run(["get", "base_url", "-e", "env.bin", "--identity", "a.key"])
        #expect(open.status == 77)
        #expect(open.stderr.contains("readable or writable by group or others (mode 644); run `chmod 600 a.key`"), "\(open.stderr)")
        chmod(workspace.path + "/a.key", 0o600)

        let sealed = try #require(workspace.read("env.bin"))
        for cut in [20, sealed.count - 200, sealed.count - 1] {
            let short = try workspace.run(["decrypt", "-", "-o", "out.json", "--identity", "a.key"], stdin: sealed.prefix(cut))
            #expect(short.status == 65 || short.status == 78, "\(short.stderr)")
            #expect(short.stderr.hasPrefix("<stdin>: error: "), "\(short.stderr)")
            #expect(short.stdout.isEmpty)
            #expect(workspace.read("out.json") == nil)
        }
        let whole = try workspace.run(["decrypt", "-", "--identity", "a.key"], stdin: sealed)
        #expect(Data(whole.stdout.utf8) == workspace.read(Self.json))
    }

    @Test("team workflow: rekey --to age keeps the key pair; add and remove recipients; a removed identity cannot open the new file")
    func team() throws {
        let workspace = try Workspace()
        let keys = try Self.keys(workspace, ["alice.key", "bob.key", "carol.key"])
        #expect(try workspace.run(["keygen", "--public", "-o", "old"]).status == 0)
        #expect(try workspace.run(["encrypt", Self.json, "-o", "env.bin", "--recipient", "old.pub"]).status == 0)
        #expect(try workspace.run(["inspect", "env.bin"]).stdout.contains("format: environments.bin version 1"))

        let converted = try workspace.run(["rekey", "env.bin", "--identity", "old", "--to", "age"])
        #expect(converted.status == 0, "\(converted.stderr)")
        #expect(try workspace.run(["get", "base_url", "-e", "env.bin", "--identity", "old"]).stdout == Self.devURL)
        #expect(try workspace.run(["recipients", "list", "env.bin"]).stdout.split(separator: "\n").count == 1)

        let added = try workspace.run(["rekey", "env.bin", "--identity", "old", "--add-recipient", keys[0].recipient, "--add-recipient", keys[1].recipient])
        #expect(added.status == 0, "\(added.stderr)")
        let list = try workspace.run(["recipients", "list", "env.bin", "--format", "json"])
        #expect(list.stdout.contains(keys[0].recipient) && list.stdout.contains(keys[1].recipient), "\(list.stdout)")
        #expect(try Self.run("age", ["-d", "-i", "bob.key", "env.bin"], in: workspace).status == 0)
        let bobsCopy = try #require(workspace.read("env.bin"))

        let removed = try workspace.run(["rekey", "env.bin", "--identity", "alice.key", "--remove-recipient", keys[1].recipient])
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(try workspace.run(["recipients", "list", "env.bin"]).stdout.contains(keys[1].recipient) == false)
        let bob = try workspace.run(["get", "base_url", "-e", "env.bin", "--identity", "bob.key"])
        #expect(bob.status == 78)
        #expect(try Self.run("age", ["-d", "-i", "bob.key", "env.bin"], in: workspace).status != 0)
        // The file key was rotated: the header of the new file shares nothing with the one Bob saw.
        let rotated = try #require(workspace.read("env.bin"))
        #expect(rotated.suffix(64) != bobsCopy.suffix(64))
        #expect(try workspace.run(["get", "base_url", "-e", "env.bin", "--identity", "alice.key"]).stdout == Self.devURL)

        let notThere = try workspace.run(["rekey", "env.bin", "--identity", "alice.key", "--remove-recipient", keys[2].recipient])
        #expect(notThere.status == 64, "removing a recipient the file does not have is a usage error")
        #expect(notThere.stderr.contains("is not a recipient of this file"))

        // A list that does not match the header is refused, not trusted.
        try workspace.write("env.bin.recipients", "\(keys[0].recipient)\n")
        let mismatch = try workspace.run(["recipients", "list", "env.bin"])
        #expect(mismatch.status == 77)
        #expect(mismatch.stderr.contains("lists 1 recipient, but the file is encrypted to 2"), "\(mismatch.stderr)")
    }

    @Test("encrypt and rekey refuse a header envtool could not read back (about 10,000 recipients), writing nothing; just below it, the file opens")
    func tooManyRecipients() throws {
        let workspace = try Workspace()
        let mine = try Self.keys(workspace, ["mine.key"])[0]
        // Distinct recipients (a repeated one is written once): 98 header bytes each, so 10,800 pass 1 MiB.
        let others = try (0..<10_799).map { _ in try AgeIdentity.generate().recipient.encoded }
        try workspace.write("many.txt", ([mine.recipient] + others).joined(separator: "\n") + "\n")
        try workspace.write("fewer.txt", ([mine.recipient] + others.prefix(10_400)).joined(separator: "\n") + "\n")

        let refused = try workspace.run(["encrypt", Self.json, "-o", "env.bin", "-R", "many.txt"])
        #expect(refused.status == 77, "\(refused.stderr)")
        #expect(
            refused.stderr.contains("10800 recipients make an age header of") && refused.stderr.contains("encrypt to fewer recipients"), "\(refused.stderr)")
        #expect(workspace.read("env.bin") == nil && workspace.read("env.bin.recipients") == nil)

        let fewer = try workspace.run(["encrypt", Self.json, "-o", "env.bin", "-R", "fewer.txt"])
        #expect(fewer.status == 0, "\(fewer.stderr)")
        #expect(try workspace.run(["get", "base_url", "-e", "env.bin", "--identity", "mine.key"]).stdout == Self.devURL)
        let before = workspace.read("env.bin")
        let rekey = try workspace.run(["rekey", "env.bin", "--identity", "mine.key", "-R", "many.txt"])
        #expect(rekey.status == 77 && rekey.stderr.contains("more than the 1024 KiB envtool reads back"), "\(rekey.stderr)")
        #expect(workspace.read("env.bin") == before)
    }

    @Test("edit on an age file re-seals to the same recipients")
    func edit() throws {
        let workspace = try Workspace()
        let keys = try Self.keys(workspace, ["a.key", "b.key"])
        #expect(try workspace.run(["encrypt", Self.json, "-o", "env.bin", "--recipient", keys[0].recipient, "--recipient", keys[1].recipient]).status == 0)
        try workspace.write("editor.sh", "#!/bin/sh\nsed -i 's/dev-api/edited-api/' \"$1\"\n")
        chmod(workspace.path + "/editor.sh", 0o755)
        let edited = try workspace.run(["edit", "env.bin", "--identity", "a.key"], environment: ["EDITOR": workspace.path + "/editor.sh"])
        #expect(edited.status == 0, "\(edited.stderr)")
        #expect(edited.stderr.contains("age, 2 recipients"))
        let decrypted = try Self.run("age", ["-d", "-i", "b.key", "env.bin"], in: workspace)
        #expect(decrypted.stdout.contains("edited-api"))
    }

    @Test("inspect and recipients list print JSON; inspect reads standard input")
    func json() throws {
        let workspace = try Workspace()
        let keys = try Self.keys(workspace, ["a.key"])
        #expect(try workspace.run(["encrypt", Self.json, "-o", "env.bin", "--recipient", keys[0].recipient, "--armor"]).status == 0)
        let inspected = try workspace.run(["inspect", "-", "--format", "json"], stdin: workspace.read("env.bin"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(inspected.stdout.utf8)) as? [String: Any])
        #expect(object["file"] as? String == "<stdin>")
        #expect(object["format"] as? String == "age")
        #expect(object["keyMode"] as? String == "recipients")
        #expect(object["armored"] as? Bool == true)
        #expect(object["recipients"] as? Int == 1)
        let listed = try workspace.run(["recipients", "list", "env.bin", "--format", "json"])
        let list = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [String: Any])
        #expect(list["recipients"] as? [String] == [keys[0].recipient])
        #expect(list["stanzas"] as? Int == 1)
    }

    @Test("decrypt -o streams a 64 MiB age file in under 32 MiB; a bad chunk leaves no output and no temporary file")
    func streaming() throws {
        let workspace = try Workspace(copySample: false)
        let keys = try Self.keys(workspace, ["a.key"])
        let shell = { (script: String) throws -> EnvtoolProcess.Result in
            try EnvtoolProcess.run(["-c", script], in: workspace.path, environment: [:], executable: "/bin/sh")
        }
        #expect(try shell("head -c 67108864 /dev/urandom > big.raw && age -r \(keys[0].recipient) -o big.age big.raw && cp big.age bad.age").status == 0)
        // One byte inverted, not overwritten: a fixed byte equals the random ciphertext there once in 256 runs.
        #expect(
            try shell(#"python3 -c "f = open('bad.age', 'r+b'); f.seek(40000000); b = f.read(1); f.seek(40000000); f.write(bytes([b[0] ^ 0xFF]))""#).status == 0
        )
        // The peak resident memory of the envtool child alone, as the kernel counts it.
        let measure = """
            import resource, subprocess, sys
            status = subprocess.run(sys.argv[1:]).returncode
            print(status, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
            """
        try workspace.write("measure.py", measure)
        let measured = try EnvtoolProcess.run(
            ["measure.py", EnvtoolProcess.executable, "decrypt", "big.age", "-o", "big.out", "--identity", "a.key"],
            in: workspace.path, executable: "/usr/bin/python3")
        let fields = measured.stdout.split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        #expect(fields.first == 0, "\(measured.stderr)")
        #expect((fields.last ?? .max) < 32 * 1024, "peak resident memory \(fields.last ?? -1) KiB")
        #expect(try shell("cmp big.raw big.out").status == 0)
        #expect((try FileManager.default.attributesOfItem(atPath: workspace.path + "/big.out")[.posixPermissions] as? Int) == 0o600)

        let bad = try workspace.run(["decrypt", "bad.age", "-o", "bad.out", "--identity", "a.key"])
        #expect(bad.status == 78)
        #expect(bad.stderr.contains("bad.age: error: chunk 611 of the payload does not authenticate"), "\(bad.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: workspace.path)
        #expect(!names.contains("bad.out") && !names.contains { $0.hasPrefix(".bad.out") }, "\(names)")
    }

    @Test("rekey --to age converts a v1 passphrase file to scrypt; a key-file file needs a new secret; a missing list is reported")
    func conversions() throws {
        let workspace = try Workspace()
        let passphrase = ["P": "the team passphrase"]
        #expect(
            try workspace.run(
                ["encrypt", Self.json, "-o", "p.bin", "--passphrase-env", "P", "--kdf-passes", "1", "--kdf-memory-kib", "64"], environment: passphrase
            ).status == 0)
        let converted = try workspace.run(["rekey", "p.bin", "--passphrase-env", "P", "--to", "age", "--scrypt-work-factor", "10"], environment: passphrase)
        #expect(converted.status == 0, "\(converted.stderr)")
        #expect(try workspace.run(["inspect", "p.bin"]).stdout.contains("key mode: passphrase (scrypt)"))
        #expect(try workspace.run(["get", "base_url", "-e", "p.bin", "--passphrase-env", "P"], environment: passphrase).stdout == Self.devURL)

        #expect(try workspace.run(["keygen", "-o", "app.key"]).status == 0)
        #expect(try workspace.run(["encrypt", Self.json, "-o", "k.bin", "--key-file", "app.key"]).status == 0)
        let before = workspace.read("k.bin")
        let keyFile = try workspace.run(["rekey", "k.bin", "--key-file", "app.key", "--to", "age"])
        #expect(keyFile.status == 77)
        #expect(keyFile.stderr.contains("age has no key-file mode"), "\(keyFile.stderr)")
        #expect(workspace.read("k.bin") == before)
        let armored = try workspace.run(["encrypt", Self.json, "-o", "x.bin", "--key-file", "app.key", "--armor"])
        #expect(armored.status == 77)
        #expect(armored.stderr.contains("--armor writes an age file"))
        #expect(workspace.read("x.bin") == nil)

        let keys = try Self.keys(workspace, ["a.key"])
        #expect(try workspace.run(["encrypt", Self.json, "-o", "r.bin", "--recipient", keys[0].recipient]).status == 0)
        try FileManager.default.removeItem(atPath: workspace.path + "/r.bin.recipients")
        let missing = try workspace.run(["recipients", "list", "r.bin"])
        #expect(missing.status == 77)
        #expect(missing.stderr.contains("there is no recipients list r.bin.recipients"), "\(missing.stderr)")
        let rekey = try workspace.run(["rekey", "r.bin", "--identity", "a.key", "--add-recipient", keys[0].recipient])
        #expect(rekey.status == 77)

        // To standard output, a file cut short releases nothing at all.
        let sealed = try #require(workspace.read("r.bin"))
        let short = try workspace.run(["decrypt", "-", "--identity", "a.key"], stdin: sealed.prefix(sealed.count - 10))
        #expect(short.status == 78)
        #expect(short.stdout.isEmpty)
    }
}
