import Foundation
import Testing

/// The `FILE.recipients` list beside an age file is public and committed; someone who can commit
/// but not decrypt must not be able to make the next `set`, `edit` or `rekey` seal the secrets to
/// their own key (issue #33, item 2). The list carries a MAC under the file's key.
@Suite("envtool: the recipients list is authenticated by the file's key")
struct RecipientsSidecarAuthenticationTests {
    static let json = "environments/environments.json"

    /// An age file to alice and bob, written by envtool (with its authenticated list), and
    /// mallory's key, who can commit but not decrypt.
    static func team(_ workspace: Workspace) throws -> (alice: String, bob: String, mallory: String) {
        let keys = try AgeCommandTests.keys(workspace, ["alice.key", "bob.key", "mallory.key"])
        let encrypted = try workspace.run(["encrypt", json, "-o", "env.bin", "--recipient", keys[0].recipient, "--recipient", keys[1].recipient])
        #expect(encrypted.status == 0, "\(encrypted.stderr)")
        #expect(String(decoding: workspace.read("env.bin.recipients") ?? Data(), as: UTF8.self).contains("# envtool-mac: "))
        return (keys[0].recipient, keys[1].recipient, keys[2].recipient)
    }

    @Test("a teammate's line swapped for another key is refused by set, unset, edit and rekey (exit 77), and nothing is written")
    func swappedLineRefused() throws {
        let workspace = try Workspace()
        let team = try Self.team(workspace)
        let list = String(decoding: try #require(workspace.read("env.bin.recipients")), as: UTF8.self)
        try workspace.write("env.bin.recipients", list.replacingOccurrences(of: team.bob, with: team.mallory))
        let file = try #require(workspace.read("env.bin"))
        let swapped = try #require(workspace.read("env.bin.recipients"))
        try workspace.write("editor.sh", "#!/bin/sh\nsed -i 's/dev-api/edited-api/' \"$1\"\n")
        chmod(workspace.path + "/editor.sh", 0o755)
        for arguments in [
            ["set", "base_url", "https://x.example", "-e", "env.bin", "--identity", "alice.key"],
            ["unset", "max_retries", "-e", "env.bin", "--identity", "alice.key"],
            ["edit", "env.bin", "--identity", "alice.key"],
            ["rekey", "env.bin", "--identity", "alice.key", "--remove-recipient", team.alice],
        ] {
            let result = try workspace.run(arguments, environment: ["EDITOR": workspace.path + "/editor.sh", "XDG_RUNTIME_DIR": workspace.path])
            #expect(result.status == 77, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("env.bin: error: env.bin.recipients is not the list this file was encrypted to"), "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains(team.mallory) && result.stderr.contains("--trust-recipients"))
            #expect(workspace.read("env.bin") == file && workspace.read("env.bin.recipients") == swapped)
        }
        // Bob still opens the file; mallory does not.
        #expect(try workspace.run(["get", "base_url", "-e", "env.bin", "--identity", "bob.key"]).status == 0)
        #expect(try workspace.run(["get", "base_url", "-e", "env.bin", "--identity", "mallory.key"]).status == 78)
    }

    @Test("a list without a MAC (written by hand or by age) is refused until confirmed with --trust-recipients, which writes it authenticated")
    func unauthenticatedListConfirmed() throws {
        let workspace = try Workspace()
        let team = try Self.team(workspace)
        try workspace.write("env.bin.recipients", "# the team\n\(team.alice)\n\(team.bob)\n")
        let refused = try workspace.run(["set", "base_url", "https://x.example", "-e", "env.bin", "--identity", "alice.key"])
        #expect(refused.status == 77)
        #expect(refused.stderr.contains("env.bin.recipients has no envtool-mac line"), "\(refused.stderr)")
        let confirmed = try workspace.run(["set", "base_url", "https://x.example", "-e", "env.bin", "--identity", "alice.key", "--trust-recipients"])
        #expect(confirmed.status == 0, "\(confirmed.stderr)")
        #expect(String(decoding: workspace.read("env.bin.recipients") ?? Data(), as: UTF8.self).contains("# envtool-mac: "))
        // The list is now authenticated by the new file's key: the next change needs no flag, and both still open it.
        let next = try workspace.run(["set", "base_url", "https://y.example", "-e", "env.bin", "--identity", "bob.key"])
        #expect(next.status == 0, "\(next.stderr)")
        #expect(try workspace.run(["get", "base_url", "-e", "env.bin", "--identity", "alice.key"]).stdout == "https://y.example\n")
        // age still reads the list as a recipients file.
        #expect(try AgeCommandTests.run("age", ["-e", "-R", "env.bin.recipients", "-o", "again.age", Self.json], in: workspace).status == 0)
    }

    @Test("a list copied from another file (its MAC under another file key) is refused")
    func listFromAnotherFile() throws {
        let workspace = try Workspace()
        let team = try Self.team(workspace)
        let list = try #require(workspace.read("env.bin.recipients"))
        // The same recipients, another file: another file key, so the first list's MAC does not match it.
        #expect(try workspace.run(["encrypt", Self.json, "-o", "other.bin", "--recipient", team.alice, "--recipient", team.bob]).status == 0)
        try workspace.write("other.bin.recipients", String(decoding: list, as: UTF8.self))
        let result = try workspace.run(["set", "base_url", "https://x.example", "-e", "other.bin", "--identity", "alice.key"])
        #expect(result.status == 77, "\(result.stderr)")
        #expect(result.stderr.contains("its envtool-mac line does not match the file's key"), "\(result.stderr)")
    }
}
