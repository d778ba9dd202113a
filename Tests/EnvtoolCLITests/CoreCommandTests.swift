import Foundation
import Testing

@Suite("envtool: environments, configurations and variables")
struct CoreCommandTests {
    @Test("validate accepts the sample")
    func validateSample() throws {
        let workspace = try Workspace()
        let result = try workspace.run(["validate"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("valid (3 languages, 5 configurations, 3 .strings tables, i18next resources in environments/locales)"))
        #expect(result.stderr.isEmpty, "\(result.stderr)")
    }

    @Test("validate reports a malformed document at its line and column and exits 65")
    func validateMalformed() throws {
        let workspace = try Workspace(copySample: false)
        try workspace.write("env.json", "{\n  \"languages\": [\"en\", \"pt_BR\"],\n  \"configurations\": {\"Debug\": {}}\n}")
        let result = try workspace.run(["validate", "-e", "env.json"])
        #expect(result.status == 65)
        #expect(result.stderr.contains("env.json:2:23: error: \"pt_BR\" is not a valid language tag; write \"pt-BR\""))
        #expect(result.stdout.isEmpty)
    }

    @Test("validate warns about unknown keys and missing translations but succeeds")
    func validateWarnings() throws {
        let workspace = try Workspace()
        try workspace.write("environments/environments.json", #"{"languages": ["en", "es"], "configurations": {"Debug": {}}, "colour": "red"}"#)
        try workspace.write("environments/es.lproj/Localizable.strings", #""greeting" = "Hola";"#)
        let result = try workspace.run(["validate"])
        #expect(result.status == 0)
        #expect(result.stderr.contains("warning: unknown top-level key \"colour\""))
        #expect(result.stderr.contains("es.lproj/Localizable.strings:1:1: warning:"))
    }

    @Test("validate fails on a broken .strings table")
    func validateBrokenStrings() throws {
        let workspace = try Workspace()
        try workspace.write("environments/ca.lproj/Localizable.strings", "\"a\" = \"b\";\n\"c\" = \"d\" junk;\n")
        let result = try workspace.run(["validate"])
        #expect(result.status == 65)
        #expect(result.stderr.contains("environments/ca.lproj/Localizable.strings:2:11: error: expected ';' after the value"))
    }

    @Test("validate fails on a malformed i18next resource file, naming its position")
    func validateBrokenLocale() throws {
        let workspace = try Workspace()
        try workspace.write("environments/locales/es/translation.json", "{\n  \"a\": }")
        let result = try workspace.run(["validate"])
        #expect(result.status == 65)
        #expect(result.stderr.contains("environments/locales/es/translation.json:2:8: error:"))
    }

    @Test("get prints strings raw and other values as JSON")
    func get() throws {
        let workspace = try Workspace()
        #expect(try workspace.run(["get", "base_url"]).stdout == "https://dev-api.example.com/v1\n")
        #expect(try workspace.run(["get", "api.timeout", "-c", "Release"]).stdout == "30\n")
        #expect(try workspace.run(["get", "analytics_enabled", "-c", "pro"]).stdout == "true\n")
        #expect(try workspace.run(["get", "request_timeout"]).stdout == "30.5\n")
        #expect(try workspace.run(["get", "api.keys", "-c", "test"]).stdout == "{\"maps\":\"test-maps-public-key\"}\n")
        #expect(try workspace.run(["get", "base_url"], environment: ["ENVTOOL_CONFIGURATION": "test"]).stdout == "http://127.0.0.1:8080/v1\n")
    }

    @Test("unknown configuration exits 67 and lists the known ones")
    func unknownConfiguration() throws {
        let result = try Workspace().run(["get", "base_url", "-c", "Staging"])
        #expect(result.status == 67)
        #expect(result.stderr.contains("unknown configuration \"Staging\"; the known configurations are \"Debug\", \"Release\", \"appstore\", \"pro\", \"test\""))
    }

    @Test("unknown variable exits 68")
    func unknownVariable() throws {
        let result = try Workspace().run(["get", "nope"])
        #expect(result.status == 68)
        #expect(result.stderr.hasPrefix("environments/environments.json: error: the configuration \"Debug\" has no variable \"nope\""))
    }

    @Test("an unreadable document exits 66 and says how to point at one")
    func unreadable() throws {
        let workspace = try Workspace(copySample: false)
        let result = try workspace.run(["get", "base_url"])
        #expect(result.status == 66)
        #expect(result.stderr.contains("environments/environments.json: error: cannot read the file: no such file"))
        #expect(result.stderr.contains("--environments"))
        let explicit = try workspace.run(["get", "base_url"], environment: ["ENVTOOL_ENVIRONMENTS": "/nonexistent.json"])
        #expect(explicit.status == 66)
        #expect(explicit.stderr.hasPrefix("/nonexistent.json: error:"))
    }

    @Test("absurd nesting exits 65 without crashing")
    func deepNesting() throws {
        let workspace = try Workspace(copySample: false)
        let deep = String(repeating: "[", count: 200_000)
        try workspace.write("deep.json", "{\"languages\": [\"en\"], \"configurations\": {\"Debug\": {\"a\": \(deep)")
        let result = try workspace.run(["validate", "-e", "deep.json"])
        #expect(result.status == 65)
        #expect(result.stderr.contains("nesting is deeper than 256 levels"))
    }

    @Test("print as JSON keeps file order; as dotenv flattens and quotes")
    func print() throws {
        let workspace = try Workspace()
        let json = try workspace.run(["print", "-c", "Release"])
        #expect(json.status == 0)
        #expect(json.stdout.hasPrefix("{\n  \"base_url\": \"https://api.example.com/v1\",\n  \"max_retries\": 3,"))
        let dotenv = try workspace.run(["print", "--format", "dotenv", "-c", "Release"]).stdout
        #expect(dotenv.contains("BASE_URL='https://api.example.com/v1'\n"))
        #expect(dotenv.contains("API_KEYS_MAPS='prod-maps-public-key'\n"))
        #expect(dotenv.contains("ANALYTICS_ENABLED='true'\n"))
        #expect(dotenv.contains("FEATURE_FLAGS='[]'"))
    }

    @Test("configurations marks the current one")
    func configurations() throws {
        let result = try Workspace().run(["configurations", "-c", "pro"])
        #expect(result.stdout == "  Debug\n  Release\n  appstore\n* pro\n  test\n")
    }

    @Test("--version, --help for every command, and shell completion")
    func conventions() throws {
        let workspace = try Workspace()
        #expect(try workspace.run(["--version"]).stdout == "0.1.0\n")
        for command in ["validate", "configurations", "get", "print", "languages", "language", "set-language",
                        "reset-language", "localize", "strings", "strings dump", "strings lint"] {
            let result = try workspace.run(command.split(separator: " ").map(String.init) + ["--help"])
            #expect(result.status == 0, "\(command)")
            #expect(result.stdout.contains("USAGE:"), "\(command)")
        }
        let help = try workspace.run(["--help"]).stdout
        #expect(help.contains("69  language not in the document's languages"))
        let completion = try workspace.run(["--generate-completion-script", "bash"])
        #expect(completion.status == 0)
        #expect(completion.stdout.contains("set-language"))
        #expect(try workspace.run(["get"]).status == 64)
    }
}
