import Foundation
import Testing

/// Identities from where people keep them (#37 item 2), through the built envtool against the
/// real `age` and `ssh-keygen` (Debian packages `age` and `openssh-client`, which scripts/test
/// installs): SSH keys both ways, `age -p` protected identity files, `ENVTOOL_IDENTITY_COMMAND`.
@Suite("envtool: SSH keys, age -p identities and ENVTOOL_IDENTITY_COMMAND, interop with age")
struct SSHIdentityCommandTests {
    static let devURL = AgeCommandTests.devURL
    static let json = AgeCommandTests.json

    /// A key pair from `ssh-keygen` (no passphrase) at `name` and `name.pub`; `bits` for RSA.
    static func sshKey(_ workspace: Workspace, _ name: String, type: String, bits: Int? = nil, passphrase: String = "") throws {
        let sizes = bits.map { ["-b", String($0)] } ?? []
        let made = try AgeCommandTests.run(
            "ssh-keygen", ["-q", "-t", type] + sizes + ["-N", passphrase, "-C", "someone@example.com", "-f", name], in: workspace)
        #expect(made.status == 0, "\(made.stderr)")
    }

    /// Runs `program arguments…` on a pseudo-terminal, answering every prompt for a passphrase
    /// ("Enter passphrase", "Passphrase for …") with `passphrase`.
    static func onTerminal(
        _ workspace: Workspace, _ program: String, _ arguments: [String], passphrase: String,
        environment: [String: String] = [:]
    ) throws -> EnvtoolProcess.Result {
        try PseudoTerminal.run(
            program, arguments, answering: [.init(cue: "assphrase", text: passphrase, everyTime: true)], in: workspace,
            environment: ["PATH": "/usr/bin:/bin"].merging(environment) { $1 })
    }

    static func publicLine(_ workspace: Workspace, _ name: String) -> String {
        String(decoding: workspace.read(name + ".pub") ?? Data(), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test("age -R key.pub writes what envtool opens with --identity key; envtool's file to the .pub opens with age -d -i key", arguments: ["ed25519", "rsa"])
    func bothDirections(type: String) throws {
        let workspace = try Workspace()
        try Self.sshKey(workspace, "key", type: type, bits: type == "rsa" ? 3072 : nil)
        try Self.sshKey(workspace, "other", type: type, bits: type == "rsa" ? 3072 : nil)
        let original = try #require(workspace.read(Self.json))

        // age → envtool.
        #expect(try AgeCommandTests.run("age", ["-R", "key.pub", "-o", "from-age.bin", Self.json], in: workspace).status == 0)
        let read = try workspace.run(["get", "base_url", "-e", "from-age.bin", "--identity", "key"])
        #expect(read.stdout == Self.devURL, "\(read.stderr)")
        #expect(try workspace.run(["inspect", "from-age.bin"]).stdout.contains("ssh-\(type)"))
        let stranger = try workspace.run(["get", "base_url", "-e", "from-age.bin", "--identity", "other"])
        #expect(stranger.status == 78, "\(stranger.stderr)")
        #expect(stranger.stderr.contains("none of the 1 identities given opens this file (its stanzas: 1 × ssh-\(type))"), "\(stranger.stderr)")

        // envtool → age: the .pub file, and the line itself (comment and all), as --recipient takes them.
        for (name, recipient) in [("to-pub.bin", "key.pub"), ("to-line.bin", Self.publicLine(workspace, "key"))] {
            let sealed = try workspace.run(["encrypt", Self.json, "-o", name, "--recipient", recipient])
            #expect(sealed.status == 0, "\(sealed.stderr)")
            let opened = try AgeCommandTests.run("age", ["-d", "-i", "key", name], in: workspace)
            #expect(opened.status == 0, "\(opened.stderr)")
            #expect(Data(opened.stdout.utf8) == original)
            #expect(try AgeCommandTests.run("age", ["-d", "-i", "other", name], in: workspace).status != 0)
        }
        // The list beside the file holds the key; age -R reads it, and envtool opens the result.
        let listed = String(decoding: workspace.read("to-pub.bin.recipients") ?? Data(), as: UTF8.self)
        #expect(listed.contains("ssh-\(type) AAAA"))
        #expect(!listed.contains("someone@example.com"))
        #expect(try AgeCommandTests.run("age", ["-R", "to-pub.bin.recipients", "-o", "again.bin", Self.json], in: workspace).status == 0)
        #expect(try workspace.run(["get", "base_url", "-e", "again.bin", "--identity", "key"]).stdout == Self.devURL)
        // The default identity file and ENVTOOL_IDENTITY_FILE read SSH keys too.
        #expect(try workspace.run(["get", "base_url", "-e", "to-pub.bin"], environment: ["ENVTOOL_IDENTITY_FILE": "key"]).stdout == Self.devURL)
    }

    @Test("an SSH key in a team: -R with an SSH line, recipients list, set keeps it, rekey --remove-recipient drops it")
    func team() throws {
        let workspace = try Workspace()
        let age = try AgeCommandTests.keys(workspace, ["a.key"])[0]
        try Self.sshKey(workspace, "ed", type: "ed25519")
        try Self.sshKey(workspace, "rsa", type: "rsa", bits: 2048)
        try workspace.write("team.txt", "# the team\n\(age.recipient)\n\(Self.publicLine(workspace, "ed"))\n\(Self.publicLine(workspace, "rsa"))\n")
        let sealed = try workspace.run(["encrypt", Self.json, "-o", "env.bin", "-R", "team.txt"])
        #expect(sealed.status == 0, "\(sealed.stderr)")
        #expect(sealed.stderr.contains("age, 3 recipients"), "\(sealed.stderr)")
        let list = try workspace.run(["recipients", "list", "env.bin"])
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout.contains(age.recipient) && list.stdout.contains("ssh-ed25519 AAAA") && list.stdout.contains("ssh-rsa AAAA"), "\(list.stdout)")
        let set = try workspace.run(["set", "base_url", "https://example.org", "-e", "env.bin", "-c", "Debug", "--identity", "ed"])
        #expect(set.status == 0, "\(set.stderr)")
        for key in ["a.key", "ed", "rsa"] {
            #expect(try AgeCommandTests.run("age", ["-d", "-i", key, "env.bin"], in: workspace).status == 0)
        }
        let removed = try workspace.run(["rekey", "env.bin", "--remove-recipient", Self.publicLine(workspace, "rsa"), "--identity", "a.key"])
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(try AgeCommandTests.run("age", ["-d", "-i", "rsa", "env.bin"], in: workspace).status != 0)
        #expect(try workspace.run(["get", "base_url", "-e", "env.bin", "-c", "Debug", "--identity", "ed"]).stdout == "https://example.org\n")
    }

    @Test("an identity file protected with age -p: ENVTOOL_PASSPHRASE without a terminal, asked on one; a wrong one exits 78 naming the file")
    func passphraseProtectedIdentity() throws {
        let workspace = try Workspace()
        let key = try AgeCommandTests.keys(workspace, ["plain.key"])[0]
        let passphrase = "correct horse battery staple"
        let age = try AgeCommandTests.tool("age")
        let made = try Self.onTerminal(workspace, age, ["-p", "-o", "protected.key", "plain.key"], passphrase: passphrase)
        #expect(made.status == 0, "\(made.stdout)")
        #expect(chmod(workspace.path + "/protected.key", 0o600) == 0)
        #expect(unlink(workspace.path + "/plain.key") == 0)
        #expect(try AgeCommandTests.run("age", ["-r", key.recipient, "-o", "env.bin", Self.json], in: workspace).status == 0)

        let read = try workspace.run(["get", "base_url", "-e", "env.bin", "--identity", "protected.key"], environment: ["ENVTOOL_PASSPHRASE": passphrase])
        #expect(read.stdout == Self.devURL, "\(read.stderr)")
        let wrong = try workspace.run(["get", "base_url", "-e", "env.bin", "--identity", "protected.key"], environment: ["ENVTOOL_PASSPHRASE": "not it"])
        #expect(wrong.status == 78)
        #expect(wrong.stderr.contains("protected.key: error: the passphrase does not open this identity file (protected with age -p)"), "\(wrong.stderr)")
        #expect(!wrong.stderr.contains("not it"))
        let none = try workspace.run(["get", "base_url", "-e", "env.bin", "--identity", "protected.key"])
        #expect(none.status == 77)
        #expect(
            none.stderr.contains("protected with a passphrase (age -p or ssh-keygen); run on a terminal to be asked for it, or set ENVTOOL_PASSPHRASE"),
            "\(none.stderr)")
        // On a terminal the passphrase is asked, naming the file.
        let asked = try Self.onTerminal(
            workspace, EnvtoolProcess.executable, ["get", "base_url", "-e", "env.bin", "--identity", "protected.key"],
            passphrase: passphrase, environment: ["XDG_CONFIG_HOME": workspace.configHome, "HOME": workspace.path])
        #expect(asked.status == 0, "\(asked.stdout)")
        #expect(asked.stdout.contains("Passphrase for the identity file protected.key:"))
        #expect(asked.stdout.contains("https://dev-api.example.com/v1"))
    }

    @Test(
        "ssh-keygen -N keys (ed25519, rsa 3072, aes256-gcm): age -R key.pub → envtool with ENVTOOL_PASSPHRASE; envtool → age -d -i key on a terminal; a wrong passphrase exits 78 naming the file",
        arguments: [("ed25519", nil), ("rsa", nil), ("ed25519", "aes256-gcm@openssh.com")] as [(String, String?)])
    func passphraseProtectedSSHKey(type: String, cipher: String?) throws {
        let workspace = try Workspace()
        let passphrase = "secret"
        let sizes = type == "rsa" ? ["-b", "3072"] : []
        let made = try AgeCommandTests.run(
            "ssh-keygen",
            ["-q", "-t", type] + sizes + (cipher.map { ["-Z", $0] } ?? [])
                + ["-N", passphrase, "-C", "someone@example.com", "-f", "key"], in: workspace)
        #expect(made.status == 0, "\(made.stderr)")
        let original = try #require(workspace.read(Self.json))

        // age → envtool, the passphrase from the environment (no terminal).
        #expect(try AgeCommandTests.run("age", ["-R", "key.pub", "-o", "from-age.bin", Self.json], in: workspace).status == 0)
        let read = try workspace.run(["get", "base_url", "-e", "from-age.bin", "--identity", "key"], environment: ["ENVTOOL_PASSPHRASE": passphrase])
        #expect(read.stdout == Self.devURL, "\(read.stderr)")
        let wrong = try workspace.run(["get", "base_url", "-e", "from-age.bin", "--identity", "key"], environment: ["ENVTOOL_PASSPHRASE": "hunter2-wrong"])
        #expect(wrong.status == 78, "\(wrong.stderr)")
        #expect(wrong.stderr.contains("key: error: the passphrase does not open this OpenSSH private key"), "\(wrong.stderr)")
        #expect(!wrong.stderr.contains("hunter2") && !wrong.stderr.contains(passphrase) && !wrong.stderr.contains("PRIVATE KEY"))
        let none = try workspace.run(["get", "base_url", "-e", "from-age.bin", "--identity", "key"])
        #expect(none.status == 77)
        #expect(
            none.stderr.contains("key: error: this identity file is protected with a passphrase (age -p or ssh-keygen); run on a terminal"), "\(none.stderr)")

        // envtool → age: age asks for the key's passphrase on a terminal. age 1.1 (Go's x/crypto/ssh)
        // reads only aes256-ctr and aes256-cbc keys, so an aes256-gcm one opens as an unprotected
        // copy that ssh-keygen makes here.
        let sealed = try workspace.run(["encrypt", Self.json, "-o", "to-pub.bin", "--recipient", "key.pub"])
        #expect(sealed.status == 0, "\(sealed.stderr)")
        var ageIdentity = "key"
        if cipher != nil {
            ageIdentity = "unprotected"
            #expect(try AgeCommandTests.run("cp", ["key", ageIdentity], in: workspace).status == 0)
            let copied = try Self.onTerminal(workspace, try AgeCommandTests.tool("ssh-keygen"), ["-p", "-N", "", "-f", ageIdentity], passphrase: passphrase)
            #expect(copied.status == 0, "\(copied.stdout)")
        }
        let opened = try Self.onTerminal(
            workspace, try AgeCommandTests.tool("age"), ["-d", "-i", ageIdentity, "-o", "opened.json", "to-pub.bin"],
            passphrase: passphrase)
        #expect(opened.status == 0, "\(opened.stdout)")
        #expect(workspace.read("opened.json") == original)
        // And envtool on a terminal asks for it, naming the key file.
        let asked = try Self.onTerminal(
            workspace, EnvtoolProcess.executable, ["get", "base_url", "-e", "to-pub.bin", "--identity", "key"],
            passphrase: passphrase, environment: ["XDG_CONFIG_HOME": workspace.configHome, "HOME": workspace.path])
        #expect(asked.status == 0, "\(asked.stdout)")
        #expect(asked.stdout.contains("Passphrase for the identity file key:"), "\(asked.stdout)")
        #expect(asked.stdout.contains("https://dev-api.example.com/v1"))
    }

    @Test("broken protected SSH keys: huge rounds, an unknown cipher, a truncated section — exit 77 with the reason, before any passphrase is used")
    func protectedKeyRefusals() throws {
        let workspace = try Workspace()
        try Self.sshKey(workspace, "key", type: "ed25519", passphrase: "secret")
        #expect(try workspace.run(["encrypt", Self.json, "-o", "env.bin", "--recipient", "key.pub"]).status == 0)
        let text = String(decoding: try #require(workspace.read("key")), as: UTF8.self)
        let body = text.split(separator: "\n").dropFirst().dropLast().joined()
        let blob = Array(try #require(Data(base64Encoded: body)))
        func written(_ name: String, _ bytes: [UInt8]) throws {
            let encoded = Data(bytes).base64EncodedString()
            try workspace.write(name, "-----BEGIN OPENSSH PRIVATE KEY-----\n\(encoded)\n-----END OPENSSH PRIVATE KEY-----\n")
            #expect(chmod(workspace.path + "/" + name, 0o600) == 0)
        }
        // openssh-key-v1\0, "aes256-ctr", "bcrypt", then the options: a string of the salt (16) and the rounds.
        let roundsOffset = 15 + 4 + 10 + 4 + 6 + 4 + 4 + 16
        var huge = blob
        huge.replaceSubrange(roundsOffset..<roundsOffset + 4, with: [0x7F, 0xFF, 0xFF, 0xFF])
        try written("huge", huge)
        var unknown = blob
        unknown.replaceSubrange(19..<29, with: Array("twofish256".utf8))
        try written("unknown", unknown)
        try written("truncated", Array(blob.dropLast(7)))
        for (name, message) in [
            ("huge", "huge: error: this OpenSSH private key asks for 2147483647 bcrypt rounds; envtool reads keys of at most 10000"),
            ("unknown", "unknown: error: this OpenSSH private key is encrypted with `twofish256`, which envtool does not read"),
            ("truncated", "truncated: error: this OpenSSH private key is malformed"),
        ] {
            let result = try workspace.run(["get", "base_url", "-e", "env.bin", "--identity", name], environment: ["ENVTOOL_PASSPHRASE": "secret"])
            #expect(result.status == 77, "\(name): \(result.stderr)")
            #expect(result.stderr.contains(message), "\(name): \(result.stderr)")
            #expect(!result.stderr.contains("secret"))
        }
        #expect(
            try workspace.run(["get", "base_url", "-e", "env.bin", "--identity", "key"], environment: ["ENVTOOL_PASSPHRASE": "secret"]).stdout == Self.devURL)
    }

    @Test("ENVTOOL_IDENTITY_COMMAND: its output is the identity; a failure names the variable and status and never shows the output")
    func identityCommand() throws {
        let workspace = try Workspace()
        try Self.sshKey(workspace, "key", type: "ed25519")
        #expect(try workspace.run(["encrypt", Self.json, "-o", "env.bin", "--recipient", "key.pub"]).status == 0)

        let works = try workspace.run(["get", "base_url", "-e", "env.bin"], environment: ["ENVTOOL_IDENTITY_COMMAND": "cat key"])
        #expect(works.stdout == Self.devURL, "\(works.stderr)")
        let fails = try workspace.run(["get", "base_url", "-e", "env.bin"], environment: ["ENVTOOL_IDENTITY_COMMAND": "false"])
        #expect(fails.status == 77)
        #expect(fails.stderr.contains("$ENVTOOL_IDENTITY_COMMAND exited with status 1; run it yourself to see why"), "\(fails.stderr)")
        let secret = "AGE-SECRET-KEY-1QQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQ"
        let leaky = try workspace.run(["get", "base_url", "-e", "env.bin"], environment: ["ENVTOOL_IDENTITY_COMMAND": "echo \(secret); exit 3"])
        #expect(leaky.status == 77)
        #expect(leaky.stderr.contains("exited with status 3"), "\(leaky.stderr)")
        #expect(!leaky.stderr.contains("QQQQQQQQ") && !leaky.stdout.contains("QQQQQQQQ"))
        let garbage = try workspace.run(["get", "base_url", "-e", "env.bin"], environment: ["ENVTOOL_IDENTITY_COMMAND": "echo not-an-identity-QQQQ"])
        #expect(garbage.status == 77)
        #expect(garbage.stderr.contains("the output of $ENVTOOL_IDENTITY_COMMAND: line 1:") && !garbage.stderr.contains("QQQQ"), "\(garbage.stderr)")
        let empty = try workspace.run(["get", "base_url", "-e", "env.bin"], environment: ["ENVTOOL_IDENTITY_COMMAND": "true"])
        #expect(empty.status == 77)
        #expect(empty.stderr.contains("printed nothing"), "\(empty.stderr)")
        let flood = try workspace.run(["get", "base_url", "-e", "env.bin"], environment: ["ENVTOOL_IDENTITY_COMMAND": "head -c 2000000 /dev/zero"])
        #expect(flood.status == 77)
        #expect(flood.stderr.contains("printed more than 1 MiB"), "\(flood.stderr)")
        // `run` does not hide the variable (it holds a command, not a secret), and --identity wins over it.
        let explicit = try workspace.run(["get", "base_url", "-e", "env.bin", "--identity", "key"], environment: ["ENVTOOL_IDENTITY_COMMAND": "false"])
        #expect(explicit.stdout == Self.devURL, "\(explicit.stderr)")
    }

    @Test("broken and refused SSH keys: truncated, garbled, RSA 1024, a .pub given as identity — clear errors, no crash")
    func refusals() throws {
        let workspace = try Workspace()
        try Self.sshKey(workspace, "key", type: "ed25519")
        try Self.sshKey(workspace, "small", type: "rsa", bits: 1024)
        #expect(try workspace.run(["encrypt", Self.json, "-o", "env.bin", "--recipient", "key.pub"]).status == 0)
        let text = String(decoding: try #require(workspace.read("key")), as: UTF8.self)
        var lines = text.split(separator: "\n").map(String.init)
        let truncated = lines.prefix(3).joined(separator: "\n") + "\n" + lines[lines.count - 1] + "\n"
        lines[2] = String(lines[2].reversed())
        let garbled = lines.joined(separator: "\n") + "\n"
        for (name, content, message) in [
            ("truncated", truncated, "this OpenSSH private key is malformed"),
            ("garbled", garbled, "this OpenSSH private key is"),
            ("cut", String(text.prefix(120)), "this OpenSSH private key has no -----END OPENSSH PRIVATE KEY----- line"),
        ] {
            try workspace.write(name, content)
            #expect(chmod(workspace.path + "/" + name, 0o600) == 0)
            let result = try workspace.run(["get", "base_url", "-e", "env.bin", "--identity", name])
            #expect(result.status == 77, "\(name): \(result.stderr)")
            #expect(result.stderr.contains("\(name): error: \(message)"), "\(name): \(result.stderr)")
        }
        let small = try workspace.run(["encrypt", Self.json, "-o", "small.bin", "--recipient", "small.pub"])
        #expect(small.status == 77)
        #expect(small.stderr.contains("is a 1024-bit RSA key; age and envtool refuse RSA keys under 2048 bits"), "\(small.stderr)")
        let smallIdentity = try workspace.run(["get", "base_url", "-e", "env.bin", "--identity", "small"])
        #expect(smallIdentity.status == 77)
        #expect(smallIdentity.stderr.contains("1024-bit RSA key"), "\(smallIdentity.stderr)")
        let pub = try workspace.run(["get", "base_url", "-e", "env.bin", "--identity", "key.pub"])
        #expect(pub.status == 77)
        #expect(pub.stderr.contains("this is a public key file (.pub); give the private key file"), "\(pub.stderr)")
        let badLine = try workspace.run(["encrypt", Self.json, "-o", "bad.bin", "--recipient", "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIQ== someone"])
        #expect(badLine.status == 77)
        #expect(badLine.stderr.contains("is not a valid ssh-ed25519 key"), "\(badLine.stderr)")
        let open = try workspace.run(["get", "base_url", "-e", "env.bin", "--identity", "key"])
        #expect(open.stdout == Self.devURL)
        // A private key readable by others is refused as an age identity file is.
        #expect(chmod(workspace.path + "/key", 0o644) == 0)
        let exposed = try workspace.run(["get", "base_url", "-e", "env.bin", "--identity", "key"])
        #expect(exposed.status == 77)
        #expect(exposed.stderr.contains("readable or writable by group or others (mode 644); run `chmod 600 key`"), "\(exposed.stderr)")
    }
}
