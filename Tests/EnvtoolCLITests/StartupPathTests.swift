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
