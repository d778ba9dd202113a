import Foundation
import Testing

/// The frequent commands are parsed on their own and configurations are parsed when read; neither
/// may change what a user sees.
@Suite("envtool: the short start-up path behaves as the whole command tree")
struct StartupPathTests {
    private static let brokenRelease = """
        {"languages": ["en"],
         "configurations": {
          "Debug": {"base_url": "https://dev.example.com"},
          "Release": {"base_url": "https://api.example.com", "base_url": "again"}
         }}
        """

    @Test("an error in another configuration fails get and validate alike, at its line and column", arguments: [
        ["get", "base_url", "-e", "env.json", "-c", "Debug"],
        ["print", "-e", "env.json", "-c", "Debug"],
        ["validate", "-e", "env.json"],
    ])
    func errorElsewhere(arguments: [String]) throws {
        let workspace = try Workspace(copySample: false)
        try workspace.write("env.json", Self.brokenRelease)
        let result = try workspace.run(arguments)
        #expect(result.status == 65)
        #expect(result.stderr.contains("env.json:4:54: error: duplicate key \"base_url\""), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test("usage errors, help and completions of a frequent command name the whole command", arguments: [
        (["get"], 64, "Usage: envtool get"),
        (["get", "base_url", "--bogus"], 64, "Usage: envtool get"),
        (["set-language"], 64, "Usage: envtool set-language"),
        (["get", "--help"], 0, "USAGE: envtool get"),
        (["get", "-h"], 0, "USAGE: envtool get"),
        (["language", "--help"], 0, "USAGE: envtool language"),
        (["t", "--help"], 0, "USAGE: envtool t"),
    ])
    func usageNamesTheWholeCommand(arguments: [String], status: Int32, expected: String) throws {
        let workspace = try Workspace()
        let result = try workspace.run(arguments)
        #expect(result.status == status)
        #expect((result.stdout + result.stderr).contains(expected), "\(result.stdout)\(result.stderr)")
    }

    @Test("get in every spelling of its options prints the same value", arguments: [
        ["get", "base_url", "-e", "env.json", "-c", "Release"],
        ["get", "-c", "Release", "base_url", "-e", "env.json"],
        ["get", "--environments=env.json", "--configuration=Release", "base_url"],
        ["get", "--environments", "env.json", "--configuration", "Release", "--app-id", "com.example.app", "base_url"],
        ["get", "-e", "env.json", "-c", "Release", "--", "base_url"],
        ["get", "base_url", "-c", "Release", "--key-file", "none.key", "-e", "env.json"],
    ])
    func getSpellings(arguments: [String]) throws {
        let workspace = try Workspace(copySample: false)
        try workspace.write("env.json", #"{"languages": ["en"], "configurations": {"Debug": {"base_url": "d"}, "Release": {"base_url": "r"}}}"#)
        let result = try workspace.run(arguments)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "r\n")
    }

    @Test("get with a bad app id, twice the same option or a second key is a usage error naming the whole command", arguments: [
        (["get", "base_url", "-e", "env.json", "--app-id", "a/b"], [String: String](), "--app-id:"),
        (["get", "base_url", "-e", "env.json"], ["ENVTOOL_APP_ID": "../up"], "ENVTOOL_APP_ID:"),
        (["get", "base_url", "other", "-e", "env.json"], [:], "Usage: envtool get"),
    ])
    func getUsageErrors(arguments: [String], environment: [String: String], expected: String) throws {
        let workspace = try Workspace(copySample: false)
        try workspace.write("env.json", #"{"languages": ["en"], "configurations": {"Debug": {"base_url": "d"}}}"#)
        let result = try workspace.run(arguments, environment: environment)
        #expect(result.status == 64)
        #expect(result.stderr.contains(expected), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test("get reads an encrypted document given its key in the environment, and a document on standard input")
    func getOtherSources() throws {
        let workspace = try Workspace(copySample: false)
        let json = #"{"languages": ["en"], "configurations": {"Release": {"base_url": "r"}}}"#
        try workspace.write("env.json", json)
        #expect(try workspace.run(["keygen", "--output", "bench.key"]).status == 0)
        #expect(try workspace.run(["encrypt", "env.json", "--output", "env.bin", "--key-file", "bench.key"]).status == 0)
        let encrypted = try workspace.run(["get", "base_url", "-e", "env.bin", "-c", "Release"],
                                          environment: ["ENVTOOL_KEY_FILE": workspace.path + "/bench.key"])
        #expect(encrypted.status == 0, "\(encrypted.stderr)")
        #expect(encrypted.stdout == "r\n")
        let noKey = try workspace.run(["get", "base_url", "-e", "env.bin", "-c", "Release"])
        #expect(noKey.status != 0)
        #expect(noKey.stderr.contains("env.bin"))
        let piped = try workspace.run(["get", "base_url", "-c", "Release"], environment: ["ENVTOOL_ENVIRONMENTS": "-"], stdin: Data(json.utf8))
        #expect(piped.status == 0, "\(piped.stderr)")
        #expect(piped.stdout == "r\n")
    }

    @Test("get reads one variable of a configuration of 100,000, and a nested one")
    func largeConfiguration() throws {
        let workspace = try Workspace(copySample: false)
        var text = #"{"languages": ["en"], "configurations": {"Debug": {"api": {"timeout": 30}}, "Release": {"#
        for index in 0..<100_000 { text += "\"variable_\(index)\": \"value \(index)\", " }
        text += #""api": {"timeout": 60, "host": "api.example.com"}, "base_url": "https://api.example.com"}}}"#
        try workspace.write("env.json", text)
        for (key, expected) in [("base_url", "https://api.example.com\n"), ("variable_99999", "value 99999\n"),
                                ("api.timeout", "60\n"), ("api", #"{"timeout":60,"host":"api.example.com"}"# + "\n")] {
            let result = try workspace.run(["get", key, "-e", "env.json", "-c", "Release"])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout == expected)
        }
        let missing = try workspace.run(["get", "api.port", "-e", "env.json", "-c", "Release"])
        #expect(missing.status != 0)
        #expect(missing.stderr.contains("has no variable \"api.port\""))
    }
}
