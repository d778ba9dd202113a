import Foundation
import Testing

/// `keygen` and identities as a team meets them on day one (issue #25, items 2 and 4): a key
/// written into a folder that does not exist yet, errors that name the identity file, several
/// recipients in `ENVTOOL_RECIPIENT`, an envtool identity exported for `age -d`, and the default
/// identity every command reads.
@Suite("envtool: keygen, the default identity and identity errors")
struct KeygenIdentityTests {
    static let json = "environments/environments.json"

    static func mode(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path)[.posixPermissions]) as? Int) ?? -1
    }

    @Test("keygen -o into folders that do not exist creates them with mode 0700 and says so; the key is 0600")
    func missingFolder() throws {
        let workspace = try Workspace()
        let result = try workspace.run(["keygen", "-o", "home/.config/envtool/me.key"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("created the folder home (mode 0700)"), "\(result.stderr)")
        for folder in ["home", "home/.config", "home/.config/envtool"] {
            #expect(Self.mode(workspace.path + "/" + folder) == 0o700, "\(folder)")
        }
        #expect(Self.mode(workspace.path + "/home/.config/envtool/me.key") == 0o600)
        // A folder that exists keeps its mode.
        try FileManager.default.createDirectory(atPath: workspace.path + "/open", withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        #expect(try workspace.run(["keygen", "--age", "-o", "open/a.key"]).status == 0)
        #expect(Self.mode(workspace.path + "/open") == 0o755)
        // Other writes into a missing folder say that the folder is missing.
        #expect(try workspace.run(["keygen", "-o", "k.key"]).status == 0)
        #expect(try workspace.run(["encrypt", Self.json, "-o", "e.bin", "--key-file", "k.key"]).status == 0)
        let decrypted = try workspace.run(["decrypt", "e.bin", "--key-file", "k.key", "-o", "nowhere/plain.json"])
        #expect(decrypted.status == 73)
        #expect(decrypted.stderr.contains("the folder nowhere does not exist; create it first (`mkdir -p nowhere`)"), "\(decrypted.stderr)")
        #expect(!decrypted.stderr.contains("temporary file"))
    }

    @Test(
        "an identity or key file that is missing or open to others is named in the error, not the document",
        arguments: [
            ["get", "base_url", "-e", "r.bin"], ["get", "-e", "r.bin", "--", "base_url"], ["decrypt", "r.bin"],
        ])
    func identityErrorsNameTheFile(line: [String]) throws {
        // The options go before a `--`, which sends the line to ArgumentParser instead of the fast path.
        func command(_ options: [String] = []) -> [String] {
            guard let dashes = line.firstIndex(of: "--") else { return line + options }
            return Array(line[..<dashes]) + options + Array(line[dashes...])
        }
        let workspace = try Workspace()
        #expect(try workspace.run(["keygen", "--public", "-o", "id"]).status == 0)
        #expect(try workspace.run(["encrypt", Self.json, "-o", "r.bin", "--recipient", "id.pub"]).status == 0)
        let missing = try workspace.run(command(["--identity", "missing.key"]))
        #expect(missing.status == 77)
        #expect(missing.stderr == "missing.key: error: cannot read the identity file given to --identity: no such file or directory\n", "\(missing.stderr)")
        chmod(workspace.path + "/id", 0o644)
        let open = try workspace.run(command(["--identity", "id"]))
        #expect(open.status == 77)
        #expect(open.stderr.hasPrefix("id: error: "), "\(open.stderr)")
        #expect(open.stderr.contains("run `chmod 600 id`"), "\(open.stderr)")
        #expect(!open.stderr.contains("r.bin"), "\(open.stderr)")
        let variable = try workspace.run(command(), environment: ["ENVTOOL_IDENTITY_FILE": "gone/me.key"])
        #expect(variable.stderr.hasPrefix("gone/me.key: error: cannot read the identity file given to ENVTOOL_IDENTITY_FILE"), "\(variable.stderr)")
    }

    @Test("ENVTOOL_RECIPIENT holds several recipients, separated by spaces or commas; a .pub path with a space is still a path")
    func severalRecipientsInTheVariable() throws {
        let workspace = try Workspace()
        let keys = try AgeCommandTests.keys(workspace, ["a.key", "b.key", "c.key"])
        for (name, value) in [
            ("spaces", "\(keys[0].recipient) \(keys[1].recipient)"), ("commas", "\(keys[0].recipient),\(keys[1].recipient), \(keys[2].recipient)"),
        ] {
            let result = try workspace.run(["encrypt", Self.json, "-o", name + ".bin"], environment: ["ENVTOOL_RECIPIENT": value])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stderr.contains(name == "spaces" ? "age, 2 recipients" : "age, 3 recipients"), "\(result.stderr)")
            for key in keys.prefix(name == "spaces" ? 2 : 3) {
                #expect(try AgeCommandTests.run("age", ["-d", "-i", key.file, name + ".bin"], in: workspace).status == 0)
            }
        }
        #expect(try workspace.run(["keygen", "--public", "-o", "my id"]).status == 0)
        let path = try workspace.run(["encrypt", Self.json, "-o", "path.bin"], environment: ["ENVTOOL_RECIPIENT": "my id.pub"])
        #expect(path.status == 0, "\(path.stderr)")
        #expect(try workspace.run(["get", "base_url", "-e", "path.bin", "--identity", "my id"]).stdout == AgeCommandTests.devURL)
        let bad = try workspace.run(["encrypt", Self.json, "-o", "bad.bin"], environment: ["ENVTOOL_RECIPIENT": "\(keys[0].recipient) age1nope"])
        #expect(bad.status == 77)
        #expect(!bad.stderr.contains("printable ASCII"), "\(bad.stderr)")
    }

    @Test("keygen --export-age: the real age -d opens what rekey --to age made of a file encrypted to an envtool identity")
    func exportForAge() throws {
        let workspace = try Workspace()
        #expect(try workspace.run(["keygen", "--public", "-o", "id"]).status == 0)
        #expect(try workspace.run(["encrypt", Self.json, "-o", "env.bin", "--recipient", "id.pub"]).status == 0)
        #expect(try workspace.run(["rekey", "env.bin", "--identity", "id", "--to", "age"]).status == 0)
        // age does not read envtool's identity file as it is.
        #expect(try AgeCommandTests.run("age", ["-d", "-i", "id", "env.bin"], in: workspace).status != 0)
        let exported = try workspace.run(["keygen", "--export-age", "id", "-o", "exported.key"])
        #expect(exported.status == 0, "\(exported.stderr)")
        let recipient = exported.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(recipient.hasPrefix("age1"))
        #expect(Self.mode(workspace.path + "/exported.key") == 0o600)
        let decrypted = try AgeCommandTests.run("age", ["-d", "-i", "exported.key", "env.bin"], in: workspace)
        #expect(decrypted.status == 0, "\(decrypted.stderr)")
        #expect(Data(decrypted.stdout.utf8) == workspace.read(Self.json))
        // The same key pair: age-keygen -y gives the recipient printed and listed beside the file.
        #expect(try AgeCommandTests.run("age-keygen", ["-y", "exported.key"], in: workspace).stdout == recipient + "\n")
        #expect(try workspace.run(["recipients", "list", "env.bin"]).stdout.contains(recipient))
        // An existing file is not replaced without --force.
        let again = try workspace.run(["keygen", "--export-age", "id", "-o", "exported.key"])
        #expect(again.status == 73 && again.stderr.contains("pass --force"))
        let usage = try workspace.run(["keygen", "--export-age", "id", "--public", "-o", "x"])
        #expect(usage.status == 64)
    }

    @Test("keygen --age without -o writes the default identity, which every command reads when no identity is given")
    func defaultIdentity() throws {
        let workspace = try Workspace()
        let generated = try workspace.run(["keygen", "--age"])
        #expect(generated.status == 0, "\(generated.stderr)")
        let file = workspace.configHome + "/envtool/keys.txt"
        #expect(Self.mode(file) == 0o600)
        #expect(Self.mode(workspace.configHome + "/envtool") == 0o700)
        let recipient = generated.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(try workspace.run(["encrypt", Self.json, "-o", "env.bin", "--recipient", recipient]).status == 0)
        for command in [["get", "base_url", "-e", "env.bin"], ["get", "-e", "env.bin", "--", "base_url"]] {
            let read = try workspace.run(command)
            #expect(read.status == 0, "\(read.stderr)")
            #expect(read.stdout == AgeCommandTests.devURL)
        }
        #expect(try workspace.run(["decrypt", "env.bin"]).stdout.contains("\"configurations\""))
        // age reads the same file as it is.
        #expect(try AgeCommandTests.run("age", ["-d", "-i", file, "env.bin"], in: workspace).status == 0)
        // An identity given otherwise is used instead of the default.
        #expect(try workspace.run(["keygen", "--age", "-o", "other.key"]).status == 0)
        #expect(try workspace.run(["get", "base_url", "-e", "env.bin", "--identity", "other.key"]).status == 78)
        #expect(try workspace.run(["get", "base_url", "-e", "env.bin"], environment: ["ENVTOOL_IDENTITY_FILE": "other.key"]).status == 78)
        // A second keygen --age does not replace it.
        let again = try workspace.run(["keygen", "--age"])
        #expect(again.status == 73 && again.stderr.contains("pass --force"), "\(again.stderr)")
        // An unsafe default identity is an error that names it.
        chmod(file, 0o644)
        let unsafe = try workspace.run(["get", "base_url", "-e", "env.bin"])
        #expect(unsafe.status == 77)
        #expect(unsafe.stderr.hasPrefix(file + ": error:"), "\(unsafe.stderr)")
        // Without one, the hint says where it would be read from.
        try FileManager.default.removeItem(atPath: file)
        let none = try workspace.run(["get", "base_url", "-e", "env.bin"])
        #expect(none.status == 77)
        #expect(none.stderr.contains("$XDG_CONFIG_HOME/envtool/keys.txt"), "\(none.stderr)")
        #expect(try workspace.run(["keygen", "-o", "-"]).status == 64)
        #expect(try workspace.run(["keygen"]).status == 64)
    }
}
