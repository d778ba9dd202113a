import Foundation
import Testing

/// `scripts/encrypt-environments.sh` encrypts again when what the file is encrypted with changes,
/// not only when the JSON does: the format, the recipients, the key (issue #36).
@Suite("scripts/encrypt-environments.sh: a new format, recipient or key is not 'up to date'")
struct BuildPhaseStampTests {
    static let script = EnvtoolProcess.repositoryRoot + "/scripts/encrypt-environments.sh"

    static func run(_ workspace: Workspace, _ environment: [String: String]) throws -> EnvtoolProcess.Result {
        var variables = ["ENVTOOL": EnvtoolProcess.executable, "PATH": "/usr/bin:/bin"]
        variables.merge(environment) { $1 }
        return try EnvtoolProcess.run(["-c", "exec \"$0\" \"$@\"", script], in: workspace.path, environment: variables, executable: "/bin/bash")
    }

    static let bin = "environments/environments.bin"

    @Test("a new recipient in ENVTOOL_RECIPIENT re-encrypts, and the new member reads the file with age")
    func newRecipient() throws {
        let workspace = try Workspace()
        let keys = try AgeCommandTests.keys(workspace, ["alice.key", "bob.key"])
        let alice = try Self.run(workspace, ["ENVTOOL_RECIPIENT": keys[0].recipient, "ENVTOOL_FORMAT": "age"])
        #expect(alice.status == 0, "\(alice.stderr)")
        #expect(try AgeCommandTests.run("age", ["-d", "-i", "bob.key", Self.bin], in: workspace).status != 0)
        #expect(try Self.run(workspace, ["ENVTOOL_RECIPIENT": keys[0].recipient, "ENVTOOL_FORMAT": "age"]).stdout.contains("up to date"))

        // The team file now lists Bob too; the JSON did not change.
        try workspace.write("team.txt", keys[0].recipient + "\n" + keys[1].recipient + "\n")
        let team = try Self.run(workspace, ["ENVTOOL_RECIPIENT": workspace.path + "/team.txt", "ENVTOOL_FORMAT": "age"])
        #expect(team.status == 0, "\(team.stderr)")
        #expect(team.stdout.contains("the format or the recipients changed"), "\(team.stdout)")
        let bob = try AgeCommandTests.run("age", ["-d", "-i", "bob.key", Self.bin], in: workspace)
        #expect(bob.status == 0, "\(bob.stderr)")
        #expect(bob.stdout.contains("dev-api.example.com"))
        #expect(try Self.run(workspace, ["ENVTOOL_RECIPIENT": workspace.path + "/team.txt", "ENVTOOL_FORMAT": "age"]).stdout.contains("up to date"))
        // The stamp names no secret and no recipient, only digests.
        let stamp = try #require(workspace.read(Self.bin + ".stamp").flatMap { String(data: $0, encoding: .utf8) })
        #expect(stamp.hasPrefix("envtool-encrypt-stamp 1\n"))
        #expect(!stamp.contains("age1"))
    }

    @Test("a switch from --format rncryptor to age re-encrypts")
    func newFormat() throws {
        let workspace = try Workspace()
        let passphrase = ["ENVTOOL_PASSPHRASE": "correct horse battery staple"]
        #expect(try Self.run(workspace, passphrase.merging(["ENVTOOL_FORMAT": "rncryptor"]) { $1 }).status == 0)
        #expect(try workspace.run(["inspect", Self.bin]).stdout.contains("RNCryptor"))
        let switched = try Self.run(workspace, passphrase.merging(["ENVTOOL_FORMAT": "age"]) { $1 })
        #expect(switched.status == 0, "\(switched.stderr)")
        #expect(!switched.stdout.contains("up to date"))
        #expect(try workspace.run(["inspect", Self.bin]).stdout.contains("age"))
    }

    @Test("a new key file re-encrypts; the old key no longer opens the file")
    func newKey() throws {
        let workspace = try Workspace()
        #expect(try workspace.run(["keygen", "-o", "old.key"]).status == 0)
        #expect(try workspace.run(["keygen", "-o", "new.key"]).status == 0)
        #expect(try Self.run(workspace, ["ENVTOOL_KEY_FILE": workspace.path + "/old.key"]).status == 0)
        #expect(try Self.run(workspace, ["ENVTOOL_KEY_FILE": workspace.path + "/old.key"]).stdout.contains("up to date"))
        let rekeyed = try Self.run(workspace, ["ENVTOOL_KEY_FILE": workspace.path + "/new.key"])
        #expect(rekeyed.status == 0, "\(rekeyed.stderr)")
        #expect(rekeyed.stdout.contains("the key or passphrase changed"), "\(rekeyed.stdout)")
        #expect(try workspace.run(["get", "base_url", "-e", Self.bin, "--key-file", "new.key"]).status == 0)
        #expect(try workspace.run(["get", "base_url", "-e", Self.bin, "--key-file", "old.key"]).status == 78)
    }
}
