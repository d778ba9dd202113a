import Foundation
import Testing

/// `envtool set` and `unset` (issue #25, item 4): one variable changed in place, in an
/// environments.json (every other byte kept) or an environments.bin of any scheme (decrypted in
/// memory, sealed again to the same recipients, key or passphrase); a failure changes nothing.
@Suite("envtool: set and unset")
struct SetVariableTests {
    static let json = "environments/environments.json"

    /// Every configuration's variables, as `print --format json` gives them.
    static func configurations(_ workspace: Workspace, _ file: String, _ secret: [String] = [], environment: [String: String] = [:]) throws -> [String: String]
    {
        var all: [String: String] = [:]
        for name in ["Debug", "Release", "appstore"] {
            let printed = try workspace.run(["print", "-e", file, "-c", name] + secret, environment: environment)
            #expect(printed.status == 0, "\(printed.stderr)")
            all[name] = printed.stdout
        }
        return all
    }

    @Test("set and unset on an environments.json change only their member's text; get reads the value back")
    func plaintext() throws {
        let workspace = try Workspace()
        let original = try #require(workspace.read(Self.json).map { String(decoding: $0, as: UTF8.self) })
        let before = try Self.configurations(workspace, Self.json)

        let set = try workspace.run(["set", "base_url", "https://staging.example.com", "-c", "Release"])
        #expect(set.status == 0, "\(set.stderr)")
        #expect(set.stderr.contains("set base_url in the configuration Release"), "\(set.stderr)")
        #expect(try workspace.run(["get", "base_url", "-c", "Release"]).stdout == "https://staging.example.com\n")
        let changed = try #require(workspace.read(Self.json).map { String(decoding: $0, as: UTF8.self) })
        // One line differs, and only in the value.
        let pairs = zip(original.split(separator: "\n", omittingEmptySubsequences: false), changed.split(separator: "\n", omittingEmptySubsequences: false))
        let differing = pairs.filter { $0.0 != $0.1 }
        #expect(differing.count == 1 && differing.first?.1 == #"      "base_url": "https://staging.example.com","#, "\(differing)")
        var after = try Self.configurations(workspace, Self.json)
        #expect(after["Debug"] == before["Debug"] && after["appstore"] == before["appstore"])

        // A new member, nested: placed after the last one, spaced as its object is.
        #expect(try workspace.run(["set", "api.token", "t0k\"en", "-c", "Debug"]).status == 0)
        #expect(try workspace.run(["get", "api.token", "-c", "Debug"]).stdout == "t0k\"en\n")
        #expect(try workspace.run(["set", "limits.daily", "500", "--json", "-c", "Debug"]).status == 0)
        #expect(try workspace.run(["get", "limits", "-c", "Debug"]).stdout == #"{"daily":500}"# + "\n")
        let text = try #require(workspace.read(Self.json).map { String(decoding: $0, as: UTF8.self) })
        #expect(text.contains(#""keys": {"maps": "dev-maps-public-key"}, "token": "t0k\"en"}"#), "\(text)")
        #expect(text.contains("\"feature_flags\": [\"new_onboarding\", \"debug_menu\"],\n      \"limits\": {\"daily\": 500}\n    },"), "\(text)")

        // unset removes them again, with their commas: the file is the one set started from.
        #expect(try workspace.run(["unset", "api.token", "-c", "Debug"]).status == 0)
        #expect(try workspace.run(["unset", "limits", "-c", "Debug"]).status == 0)
        #expect(try workspace.run(["set", "base_url", "https://api.example.com/v1", "-c", "Release"]).status == 0)
        #expect(workspace.read(Self.json).map { String(decoding: $0, as: UTF8.self) } == original)
        after = try Self.configurations(workspace, Self.json)
        #expect(after == before)
        let again = try workspace.run(["set", "base_url", "https://api.example.com/v1", "-c", "Release"])
        #expect(again.status == 0 && again.stderr.contains("already has this value; nothing was written"), "\(again.stderr)")
    }

    @Test("set KEY - on an age file: the value from standard input reads back, the recipients and the rest are unchanged, and age -d still opens it")
    func ageFile() throws {
        let workspace = try Workspace()
        let keys = try AgeCommandTests.keys(workspace, ["a.key", "b.key"])
        #expect(try workspace.run(["encrypt", Self.json, "-o", "env.bin", "--recipient", keys[0].recipient, "--recipient", keys[1].recipient]).status == 0)
        let listed = try workspace.run(["recipients", "list", "env.bin"]).stdout
        let sidecar = workspace.read("env.bin.recipients")
        let before = try Self.configurations(workspace, "env.bin", ["--identity", "a.key"])
        let value = "line one\nit's \"quoted\" \\ $USER ${HOME} #not a comment  \r\n  ünïcødé ✓"
        let set = try workspace.run(["set", "api.token", "-", "-e", "env.bin", "-c", "Release", "--identity", "a.key"], stdin: Data((value + "\n").utf8))
        #expect(set.status == 0, "\(set.stderr)")
        #expect(set.stderr.contains("(age, 2 recipients)"), "\(set.stderr)")
        for key in ["a.key", "b.key"] {
            #expect(try workspace.run(["get", "api.token", "-e", "env.bin", "-c", "Release", "--identity", key]).stdout == value + "\n")
            let decrypted = try AgeCommandTests.run("age", ["-d", "-i", key, "env.bin"], in: workspace)
            #expect(decrypted.status == 0 && decrypted.stdout.contains(#""token": "line one\nit's"#), "\(decrypted.stdout)")
        }
        #expect(try workspace.run(["recipients", "list", "env.bin"]).stdout == listed)
        // The same recipients; only the MAC line changes, as the new file key authenticates the list.
        func recipientLines(_ data: Data?) -> [Substring] {
            String(decoding: data ?? Data(), as: UTF8.self).split(separator: "\n").filter { !$0.hasPrefix("#") }
        }
        func macLine(_ data: Data?) -> Substring? {
            String(decoding: data ?? Data(), as: UTF8.self).split(separator: "\n").first { $0.hasPrefix("# envtool-mac: ") }
        }
        #expect(recipientLines(workspace.read("env.bin.recipients")) == recipientLines(sidecar))
        #expect(macLine(workspace.read("env.bin.recipients")) != nil && macLine(workspace.read("env.bin.recipients")) != macLine(sidecar))
        var after = try Self.configurations(workspace, "env.bin", ["--identity", "a.key"])
        #expect(after["Debug"] == before["Debug"] && after["appstore"] == before["appstore"])
        #expect(after["Release"] != before["Release"])
        #expect(try workspace.run(["unset", "api.token", "-e", "env.bin", "-c", "Release", "--identity", "b.key"]).status == 0)
        after = try Self.configurations(workspace, "env.bin", ["--identity", "a.key"])
        #expect(after == before)
    }

    @Test("set on every other scheme seals the file again the same way", arguments: ["key", "passphrase", "recipient", "scrypt"])
    func schemes(scheme: String) throws {
        let workspace = try Workspace()
        #expect(try workspace.run(["keygen", "-o", "k.key"]).status == 0)
        #expect(try workspace.run(["keygen", "--public", "-o", "id"]).status == 0)
        let environment = ["P": "a passphrase for set"]
        let (encrypt, secret): ([String], [String]) =
            switch scheme {
            case "key": (["--key-file", "k.key"], ["--key-file", "k.key"])
            case "passphrase": (["--passphrase-env", "P", "--kdf-passes", "1", "--kdf-memory-kib", "64"], ["--passphrase-env", "P"])
            case "recipient": (["--recipient", "id.pub"], ["--identity", "id"])
            default: (["--to", "age", "--passphrase-env", "P", "--scrypt-work-factor", "10"], ["--passphrase-env", "P", "--scrypt-work-factor", "10"])
            }
        #expect(try workspace.run(["encrypt", Self.json, "-o", "env.bin"] + encrypt, environment: environment).status == 0)
        let header = try workspace.run(["inspect", "env.bin"]).stdout
        let set = try workspace.run(["set", "api.secret", "s3cr3t", "-e", "env.bin", "-c", "Debug"] + secret, environment: environment)
        #expect(set.status == 0, "\(set.stderr)")
        let readSecret = secret.filter { $0 != "--scrypt-work-factor" && $0 != "10" }
        #expect(try workspace.run(["get", "api.secret", "-e", "env.bin", "-c", "Debug"] + readSecret, environment: environment).stdout == "s3cr3t\n")
        // Same format, mode and key: inspect's facts other than salts and nonces are the same.
        let facts = { (text: String) in text.split(separator: "\n").filter { !$0.contains("salt") && !$0.contains("nonce") && !$0.contains("bytes") } }
        #expect(facts(try workspace.run(["inspect", "env.bin"]).stdout) == facts(header))
    }

    @Test(
        "a failure leaves the file as it was: wrong secret, missing variable, a path through a value, bad JSON, a missing recipients list, an unwritable folder"
    )
    func failures() throws {
        let workspace = try Workspace()
        let keys = try AgeCommandTests.keys(workspace, ["a.key", "stranger.key"])
        #expect(try workspace.run(["encrypt", Self.json, "-o", "env.bin", "--recipient", keys[0].recipient]).status == 0)
        let bin = try #require(workspace.read("env.bin"))
        let json = try #require(workspace.read(Self.json))
        let cases: [([String], Int32, String)] = [
            (["set", "x", "1", "-e", "env.bin", "--identity", "stranger.key"], 78, "none of the 1 identities given opens this file"),
            (["unset", "nope", "-e", "env.bin", "-c", "Debug", "--identity", "a.key"], 68, "there is no variable nope in the configuration \"Debug\""),
            (["unset", "nope", "-c", "Debug"], 68, "there is no variable nope"),
            (["set", "base_url.x", "1", "-c", "Debug"], 65, "base_url in the configuration \"Debug\" is a string, not an object"),
            (["set", "x", "{nope", "--json"], 65, "--json: the value is not JSON"),
            (["set", "x", "1", "-c", "Staging"], 67, "unknown configuration \"Staging\""),
            (["set", "x", "1", "-e", "-"], 64, "--environments - has none to write back"),
            (["set", "a..b", "1"], 64, "without empty parts"),
        ]
        for (arguments, status, message) in cases {
            let result = try workspace.run(arguments)
            #expect(result.status == status, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
            #expect(workspace.read("env.bin") == bin && workspace.read(Self.json) == json, "\(arguments)")
        }
        try FileManager.default.removeItem(atPath: workspace.path + "/env.bin.recipients")
        let unlisted = try workspace.run(["set", "x", "1", "-e", "env.bin", "--identity", "a.key"])
        #expect(unlisted.status == 77, "\(unlisted.stderr)")
        #expect(workspace.read("env.bin") == bin)
        if getuid() != 0 {
            chmod(workspace.path + "/environments", 0o555)
            defer { chmod(workspace.path + "/environments", 0o755) }
            let locked = try workspace.run(["set", "x", "1"])
            #expect(locked.status == 73)
            #expect(workspace.read(Self.json) == json)
        }
    }

    @Test(
        "set on an environments.bin opens for writing no file but the .bin's temporary file (traced)",
        .enabled(if: Strace.works, "needs a working strace"))
    func plaintextNeverWritten() throws {
        let workspace = try Workspace()
        #expect(try workspace.run(["keygen", "-o", "k.key"]).status == 0)
        #expect(try workspace.run(["encrypt", Self.json, "-o", "env.bin", "--key-file", "k.key"]).status == 0)
        let (result, lines) = try Strace.fileCalls(["set", "api.token", "s3cr3t", "-e", "env.bin", "--key-file", "k.key"], in: workspace)
        #expect(result.status == 0, "\(result.stderr)")
        let writes = lines.filter { $0.contains("O_WRONLY") || $0.contains("O_RDWR") || $0.contains("O_CREAT") || $0.hasPrefix("creat") }
        #expect(!writes.isEmpty, "the trace sees the write")
        for line in writes {
            #expect(line.contains(".env.bin.tmp-") || line.contains("/dev/"), "\(line)")
        }
        #expect(workspace.read("env.bin").map { !String(decoding: $0, as: UTF8.self).contains("s3cr3t") } == true)
    }

    @Test("the help says that a VALUE on the command line is visible in ps, and how to give it otherwise")
    func help() throws {
        let help = try Workspace().run(["set", "--help"])
        #expect(help.status == 0)
        let text = help.stdout.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "  ", with: " ")
        #expect(text.contains("`ps`") && text.contains("'-'"), "\(help.stdout)")
    }
}
