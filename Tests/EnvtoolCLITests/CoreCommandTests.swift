import Foundation
import Testing

@Suite("envtool: environments, configurations and variables")
struct CoreCommandTests {
    @Test("validate accepts the sample")
    func validateSample() throws {
        let workspace = try Workspace()
        let result = try workspace.run(["validate"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout.contains(
                "valid (5 languages, 5 configurations, 3 .strings tables, 1 .stringsdict table, 1 String Catalog, i18next resources in environments/locales)"))
        #expect(result.stderr.isEmpty, "\(result.stderr)")
    }

    @Test("validate agrees in number: 1 language, 1 configuration, 1 .strings table")
    func validateSingular() throws {
        let workspace = try Workspace(copySample: false)
        try workspace.write("app/environments.json", #"{"languages": ["en"], "configurations": {"Debug": {}}}"#)
        try workspace.write("app/en.lproj/Localizable.strings", #""a" = "b";"#)
        let result = try workspace.run(["validate", "-e", "app/environments.json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "app/environments.json: valid (1 language, 1 configuration, 1 .strings table)\n")
    }

    @Test("commands that read variables print no language warning and touch no .lproj or locales")
    func variablesStartNoLanguage() throws {
        let workspace = try Workspace()
        try workspace.write("config/envtool/com.example.envtool-demo/preferences.json", "\u{0}garbage")
        // Broken tables and resources: anything that read them would complain on stderr.
        try workspace.write("environments/es.lproj/Localizable.strings", "\"unterminated")
        try workspace.write("environments/locales/es/translation.json", "{")
        let expected: [[String]: String] = [
            ["get", "base_url"]: "https://dev-api.example.com/v1\n",
            ["configurations"]: "* Debug\n  Release\n  appstore\n  pro\n  test\n",
        ]
        for (command, stdout) in expected {
            let result = try workspace.run(command)
            #expect(result.status == 0, "\(command)")
            #expect(result.stdout == stdout, "\(command)")
            #expect(result.stderr.isEmpty, "\(command): \(result.stderr)")
        }
        let print = try workspace.run(["print", "--format", "dotenv"])
        #expect(print.status == 0)
        #expect(print.stderr.isEmpty, "\(print.stderr)")
        // validate reads the tables and resources (that is its job), but never the preferences.
        let clean = try Workspace()
        try clean.write("config/envtool/com.example.envtool-demo/preferences.json", "\u{0}garbage")
        let validate = try clean.run(["validate"])
        #expect(validate.status == 0)
        #expect(validate.stderr.isEmpty, "\(validate.stderr)")
        // The language commands do read it, and say so.
        #expect(try clean.run(["language"]).stderr.contains("preferences.json:1:1: warning:"))
    }

    @Test(
        "get, print and configurations open no .lproj, locales or preferences path (traced)",
        .enabled(if: Strace.works, "needs a working strace"))
    func variablesTouchNoFiles() throws {
        let workspace = try Workspace()
        for command in [["get", "base_url"], ["print"], ["configurations"]] {
            let (result, lines) = try Strace.fileCalls(command, in: workspace)
            #expect(result.status == 0, "\(command): \(result.stderr)")
            #expect(lines.contains { $0.contains("environments/environments.json") }, "the trace sees the document being read")
            let touched = lines.filter {
                $0.contains(".lproj") || $0.contains("locales") || $0.contains("/envtool/")
                    || $0.contains("\"environments\", O_RDONLY|O_NONBLOCK|O_CLOEXEC|O_DIRECTORY")
            }
            #expect(touched.isEmpty, "\(command): \(touched)")
        }
    }

    @Test(
        "t reads the i18next resources and lists no .lproj folder or catalog (traced)",
        .enabled(if: Strace.works, "needs a working strace"))
    func translateTouchesOnlyLocales() throws {
        let (result, lines) = try Strace.fileCalls(["t", "app.welcome"], in: try Workspace())
        #expect(result.status == 0, "\(result.stderr)")
        #expect(lines.contains { $0.contains("locales/en/translation.json") }, "the trace sees the resources being read")
        let touched = lines.filter { $0.contains(".lproj") || $0.contains(".xcstrings") }
        #expect(touched.isEmpty, "\(touched)")
    }

    @Test("help for a command that does not exist exits 64 and lists the commands")
    func helpUnknownCommand() throws {
        let workspace = try Workspace()
        let unknown = try workspace.run(["help", "nosuch"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("'envtool' has no command 'nosuch'; its commands are validate, configurations, get,"))
        #expect(unknown.stdout.isEmpty)
        let nested = try workspace.run(["help", "strings", "nosuch"])
        #expect(nested.status == 64)
        #expect(nested.stderr.contains("'envtool strings' has no command 'nosuch'; its commands are dump, lint"))
        let leaf = try workspace.run(["help", "get", "extra"])
        #expect(leaf.status == 64)
        #expect(leaf.stderr.contains("'envtool get' has no subcommands"))
        for topic in [["help"], ["help", "get"], ["help", "strings", "lint"], ["help", "set-language"], ["help", "help"]] {
            let result = try workspace.run(topic)
            #expect(result.status == 0, "\(topic)")
            #expect(result.stdout.contains("USAGE:"), "\(topic)")
        }
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
        #expect(
            result.stderr.contains("unknown configuration \"Staging\"; the known configurations are \"Debug\", \"Release\", \"appstore\", \"pro\", \"test\""))
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

    @Test("dotenv quotes hold against a quote followed by a combining mark, as a shell reads them")
    func dotenvQuoting() throws {
        let workspace = try Workspace(copySample: false)
        let hostile = "'\u{301}; echo INJECTED; echo '\u{301}"
        try workspace.write("env.json", #"{"languages": ["en"], "configurations": {"Debug": {"note": "'\u0301; echo INJECTED; echo '\u0301"}}}"#)
        let dotenv = try workspace.run(["print", "--format", "dotenv", "-e", "env.json", "-c", "Debug"])
        #expect(dotenv.status == 0, "\(dotenv.stderr)")
        try workspace.write(".env", dotenv.stdout)
        let sourced = try EnvtoolProcess.run(["-c", #"set -a; . ./.env; printf '%s' "$NOTE""#], in: workspace.path, executable: "/bin/sh")
        #expect(sourced.status == 0, "\(sourced.stderr)")
        #expect(sourced.stdout == hostile)
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
        for command in [
            "validate", "configurations", "get", "print", "languages", "language", "set-language",
            "reset-language", "localize", "strings", "strings dump", "strings lint",
        ] {
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

/// strace, when the machine has one that may trace (containers can forbid ptrace).
enum Strace {
    static let path = "/usr/bin/strace"
    static let works: Bool = {
        guard FileManager.default.isExecutableFile(atPath: path) else { return false }
        return (try? EnvtoolProcess.run(["-qq", "-o", "/dev/null", "/bin/true"], in: NSTemporaryDirectory(), executable: path).status) == 0
    }()

    /// Runs envtool with `arguments` in `workspace` under strace: its result, and the lines of the
    /// file-related system calls it (and any child) made.
    static func fileCalls(_ arguments: [String], in workspace: Workspace) throws -> (EnvtoolProcess.Result, [Substring]) {
        let trace = workspace.path + "/trace.txt"
        let result = try EnvtoolProcess.run(
            ["-f", "-qq", "-e", "trace=%file", "-o", trace, EnvtoolProcess.executable] + arguments,
            in: workspace.path, environment: ["XDG_CONFIG_HOME": workspace.configHome], executable: path)
        return (result, try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n"))
    }
}
