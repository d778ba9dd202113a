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

    @Test(
        "an error in another configuration fails get and validate alike, at its line and column",
        arguments: [
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

    /// `get` reads a valid document's configurations when it needs them, so the one that is not
    /// an object must still be reported as the whole parse reports it.
    @Test(
        "a configuration that is not an object, between two that are, fails get and validate alike",
        arguments: [
            ["get", "base_url", "-e", "env.json", "-c", "Debug"],
            ["validate", "-e", "env.json"],
        ])
    func configurationNotAnObject(arguments: [String]) throws {
        let workspace = try Workspace(copySample: false)
        try workspace.write(
            "env.json",
            """
            {"languages": ["en"], "configurations": {
              "Debug": {"base_url": "d"},
              "Staging": "s",
              "Release": {"base_url": "r"}}}
            """)
        let result = try workspace.run(arguments)
        #expect(result.status == 65)
        #expect(
            result.stderr.contains(#"env.json:3:14: error: the configuration "Staging" must be an object of variables, found a string"#), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test(
        "usage errors, help and completions of a frequent command name the whole command",
        arguments: [
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

    @Test(
        "get in every spelling of its options prints the same value",
        arguments: [
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

    @Test(
        "get with a bad app id, twice the same option or a second key is a usage error naming the whole command",
        arguments: [
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
        let encrypted = try workspace.run(
            ["get", "base_url", "-e", "env.bin", "-c", "Release"],
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
        for (key, expected) in [
            ("base_url", "https://api.example.com\n"), ("variable_99999", "value 99999\n"),
            ("api.timeout", "60\n"), ("api", #"{"timeout":60,"host":"api.example.com"}"# + "\n"),
        ] {
            let result = try workspace.run(["get", key, "-e", "env.json", "-c", "Release"])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout == expected)
        }
        let missing = try workspace.run(["get", "api.port", "-e", "env.json", "-c", "Release"])
        #expect(missing.status != 0)
        #expect(missing.stderr.contains("has no variable \"api.port\""))
    }

    @Test(
        "language, set-language and t read every spelling of their options as the whole parser does",
        arguments: [
            (["language", "-e", "environments/environments.json", "-v"], "en\nsource: fallback"),
            (["language", "--verbose", "--environments=environments/environments.json"], "en\nsource: fallback"),
            (["language", "--format", "json"], "{\n  \"language\": \"en\""),
            (["language", "--format=json", "-v", "--app-id", "com.example.other"], "{\n  \"language\": \"en\""),
            (["language", "-c", "Release", "--", "-v"], "USAGE-ERROR"),
            (["set-language", "es", "--app-id", "com.example.other"], "es\n"),
            (["set-language", "--app-id=com.example.other", "-c", "Debug", "ca"], "ca\n"),
            (["t", "app.welcome", "--options", #"{"name": "Ada"}"#], "Welcome, Ada!\n"),
            (["translate", "--options={\"count\": 0}", "cart.items"], "Your cart is empty\n"),
            (["t", "missing.key", "app.title", "--strict"], "Envtool Demo\n"),
            (["t", "app.title", "-e", "environments/environments.json", "--resources", "environments/locales"], "Envtool Demo\n"),
        ])
    func directSpellings(arguments: [String], expected: String) throws {
        let workspace = try Workspace()
        let result = try workspace.run(arguments, environment: ["LANG": "de_DE.UTF-8"])
        if expected == "USAGE-ERROR" {
            #expect(result.status == 64)
            #expect(result.stderr.contains("Usage: envtool language"), "\(result.stderr)")
            return
        }
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix(expected), "\(result.stdout)")
    }

    @Test(
        "lines the short path leaves to ArgumentParser get its answer: usage errors, repeated options, empty values",
        arguments: [
            (["language", "--format", "yaml"], Int32(64), "Usage: envtool language"),
            (["language", "extra"], 64, "Usage: envtool language"),
            (["language", "--key-file", "a.key", "--identity", "b.txt"], 64, "give one kind of secret"),
            (["set-language", "es", "ca"], 64, "Usage: envtool set-language"),
            (["set-language", "es", "--app-id", "../up"], 64, "--app-id:"),
            (["t", "--strict"], 64, "Missing expected argument '<keys> ...'"),
            // ArgumentParser takes the last of a repeated option, and an empty value as given.
            (["t", "app.title", "--resources", "environments/locales", "--resources", "nowhere"], 66, "nowhere: error: no such directory"),
            (["t", "app.title", "--options", ""], 65, "--options:1:1: error: the file is empty"),
            (["language", "--verbose", "--verbose"], 0, ""),
        ])
    func leftToArgumentParser(arguments: [String], status: Int32, expected: String) throws {
        let workspace = try Workspace()
        let result = try workspace.run(arguments)
        #expect(result.status == status, "\(result.stderr)")
        #expect(expected.isEmpty || result.stderr.contains(expected), "\(result.stderr)")
        #expect(result.stdout.isEmpty == (status != 0))
    }

    @Test("set-language through the short path saves the choice that language then reads")
    func directSetLanguagePersists() throws {
        let workspace = try Workspace()
        #expect(try workspace.run(["set-language", "ru"]).stdout == "ru\n")
        let saved = try workspace.run(["language", "--format", "json"])
        #expect(saved.stdout.contains(#""source": "saved""#), "\(saved.stdout)")
        #expect(try workspace.run(["set-language", "fr"]).status == 69)
        #expect(try workspace.run(["language"]).stdout == "ru\n")
    }

    /// ArgumentParser names a command without a `commandName` from `String(describing:)` of its
    /// type, which searches all of the program's protocol conformances, once per command at every
    /// parse through the tree: 14.6M instructions, about 3 ms, of each `envtool localize`. So every
    /// command names itself; this keeps a new one from bringing the cost back.
    @Test("every command's configuration names the command")
    func everyCommandNamesItself() throws {
        let directory = EnvtoolProcess.repositoryRoot + "/Sources/envtool"
        let files = try FileManager.default.subpathsOfDirectory(atPath: directory).filter { $0.hasSuffix(".swift") }
        var configurations = 0
        for file in files {
            let text = try String(contentsOfFile: directory + "/" + file, encoding: .utf8)
            var rest = Substring(text)
            while let found = rest.range(of: "CommandConfiguration(") {
                configurations += 1
                let arguments = rest[found.upperBound...].drop { $0 == " " || $0 == "\n" }
                #expect(arguments.hasPrefix("commandName:"), "\(file): a CommandConfiguration without commandName")
                rest = rest[found.upperBound...]
            }
        }
        #expect(configurations >= 25)
    }
}
