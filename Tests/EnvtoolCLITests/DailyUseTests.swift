import Foundation
import Testing

/// What a team meets on its first day (issue #25): the CLI agrees with its documentation, and
/// the table scan reads the app's tables only.
@Suite("daily use")
struct DailyUseTests {
    static let document =
        #"{"languages": ["en", "es"], "secrets": ["api.token"], "configurations": {"Debug": {"api": {"token": "t"}}, "Release": {"api": {"token": "r"}}}}"#

    @Test("validate knows the documented \"secrets\", and --strict makes warnings fail")
    func validateStrict() throws {
        let workspace = try Workspace(copySample: false)
        try workspace.write("environments/environments.json", Self.document)
        let clean = try workspace.run(["validate", "--strict"])
        #expect(clean.status == 0, "\(clean.stderr)")
        #expect(!clean.stderr.contains("unknown top-level key"))
        try workspace.write("environments/environments.json", Self.document.replacingOccurrences(of: #""secrets""#, with: #""secret""#))
        let loose = try workspace.run(["validate"])
        #expect(loose.status == 0)
        #expect(loose.stderr.contains(#"warning: unknown top-level key "secret""#))
        let strict = try workspace.run(["validate", "--strict"])
        #expect(strict.status == 65)
        #expect(strict.stderr.contains("not valid under --strict: 1 warning"))
        let json = try workspace.run(["validate", "--strict", "--format", "json"])
        #expect(json.status == 65)
        #expect(json.stdout.contains(#""valid":false"#) || json.stdout.contains(#""valid": false"#))
    }

    @Test("\"secrets\" that is not an array of names is located in the document")
    func malformedSecrets() throws {
        let workspace = try Workspace(copySample: false)
        try workspace.write("environments/environments.json", #"{"languages": ["en"], "secrets": "api.token", "configurations": {"Debug": {}}}"#)
        let result = try workspace.run(["validate"])
        #expect(result.status == 65)
        #expect(result.stderr.contains(#"environments.json:1:34: error: "secrets" must be an array of variable names"#), "\(result.stderr)")
    }

    @Test(
        "a bad --to, --expand or language in i18n convert and pseudo prints that command's usage, not the root's",
        arguments: [
            ["i18n", "convert", "--from", "environments/locales", "--to", "out.zzz"],
            ["i18n", "convert", "--from", "environments/locales", "--to", "out", "--format", "po", "--source-language", "../x"],
            ["i18n", "pseudo", "--from", "environments/locales", "--to", "p", "--expand", "900%"],
        ])
    func usageOfTheCommand(arguments: [String]) throws {
        let workspace = try Workspace()
        let result = try workspace.run(arguments)
        #expect(result.status == 64)
        #expect(result.stderr.contains("Usage: envtool i18n \(arguments[1]) --from"), "\(result.stderr)")
        #expect(!result.stderr.contains("Usage: envtool <subcommand>"))
    }

    @Test("a misspelled command suggests the nearest one", arguments: [("valdate", "validate"), ("confgurations", "configurations"), ("rekye", "rekey")])
    func didYouMean(typed: String, meant: String) throws {
        let workspace = try Workspace(copySample: false)
        let result = try workspace.run([typed])
        #expect(result.status == 64)
        #expect(result.stderr.contains("'\(typed)' is not an envtool command; did you mean '\(meant)'?"), "\(result.stderr)")
        let far = try workspace.run(["frobnicate"])
        #expect(far.status == 64)
        #expect(far.stderr.contains("the commands are validate, configurations"))
        let help = try workspace.run(["help", "valdate"])
        #expect(help.stderr.contains("(did you mean 'validate'?)"))
    }

    @Test("the CLI's default configuration is the document's first, however envtool was built; $ENVTOOL_CONFIGURATION and -c still win")
    func defaultConfiguration() throws {
        let workspace = try Workspace(copySample: false)
        try workspace.write(
            "environments/environments.json",
            #"{"languages": ["en"], "configurations": {"Staging": {"u": "s"}, "Debug": {"u": "d"}, "Release": {"u": "r"}}}"#)
        #expect(try workspace.run(["get", "u"]).stdout == "s\n")
        #expect(try workspace.run(["configurations"]).stdout.hasPrefix("* Staging\n"))
        #expect(try workspace.run(["print", "--format", "json"]).stdout.contains(#""s""#))
        #expect(try workspace.run(["get", "u"], environment: ["ENVTOOL_CONFIGURATION": "Release"]).stdout == "r\n")
        #expect(try workspace.run(["get", "u", "-c", "Debug"], environment: ["ENVTOOL_CONFIGURATION": "Release"]).stdout == "d\n")
        #expect(try workspace.run(["run", "--", "/bin/sh", "-c", "printf %s \"$U\""]).stdout == "s")
    }

    @Test("completions offer the document's configurations for -c and its languages for set-language and --language")
    func completions() throws {
        let workspace = try Workspace(copySample: false)
        try workspace.write(
            "environments/environments.json",
            #"{"languages": ["en", "es", "ca"], "configurations": {"Debug": {}, "Release": {}, "Beta": {}}}"#)
        try workspace.write("other.json", #"{"languages": ["fr"], "configurations": {"Prod": {}}}"#)
        let script = try workspace.run(["--generate-completion-script", "bash"])
        #expect(script.status == 0)
        #expect(script.stdout.contains("---completion get -- --configuration"))
        // The shell calls envtool back as the script says: the command, the argument, the index
        // of the word being completed and the cursor in it, then the words typed so far.
        func complete(_ words: [String], _ command: String, _ argument: String) throws -> [String] {
            let result = try workspace.run(["---completion", command, "--", argument, "\(words.count - 1)", "\(words.last!.count)"] + words)
            return result.stdout.split(separator: "\n").map(String.init)
        }
        #expect(try complete(["envtool", "get", "-c", ""], "get", "--configuration") == ["Debug", "Release", "Beta"])
        #expect(try complete(["envtool", "get", "-c", "R"], "get", "--configuration") == ["Release"])
        #expect(try complete(["envtool", "set-language", ""], "set-language", "positional@0") == ["en", "es", "ca"])
        #expect(try complete(["envtool", "localize", "k", "--language", ""], "localize", "--language") == ["en", "es", "ca"])
        #expect(try complete(["envtool", "get", "-e", "other.json", "-c", ""], "get", "--configuration") == ["Prod"])
    }

    @Test("the table scan skips dependency and build folders and what .gitignore ignores")
    func tableScanSkips() throws {
        let workspace = try Workspace(copySample: false)
        try workspace.write("environments.json", #"{"languages": ["en", "es"], "configurations": {"Debug": {}}}"#)
        let catalog =
            #"{"sourceLanguage": "en", "version": "1.0", "strings": {"hello": {"localizations": {"es": {"stringUnit": {"state": "translated", "value": "VALUE"}}}}}}"#
        for (folder, value) in [
            ("node_modules/pkg", "npm"), ("Pods/Lib", "pods"), ("DerivedData/App/Build", "derived"),
            ("build/out", "build"), ("Carthage/Checkouts/x", "carthage"), ("generated/copy", "ignored"),
        ] {
            try workspace.write(folder + "/Other\(value).xcstrings", catalog.replacingOccurrences(of: "VALUE", with: value))
        }
        try workspace.write(".gitignore", "# build products\n/generated/\n")
        _ = try EnvtoolProcess.run(["-c", "git init -q ."], in: workspace.path, executable: "/bin/sh")
        try workspace.write("App/Resources/Localizable.xcstrings", catalog.replacingOccurrences(of: "VALUE", with: "Hola"))
        let validate = try workspace.run(["validate", "-e", "environments.json"])
        #expect(validate.status == 0, "\(validate.stderr)")
        #expect(validate.stdout.contains("1 String Catalog"), "\(validate.stdout)")
        #expect(try workspace.run(["localize", "hello", "--language", "es", "-e", "environments.json"]).stdout == "Hola\n")
        // "table_folders" lists where the tables are; others are not read.
        try workspace.write("environments.json", #"{"languages": ["en", "es"], "table_folders": ["generated"], "configurations": {"Debug": {}}}"#)
        let listed = try workspace.run(["localize", "hello", "--language", "es", "-e", "environments.json", "-t", "Otherignored"])
        #expect(listed.stdout == "ignored\n", "\(listed.stderr)")
        #expect(try workspace.run(["localize", "hello", "--language", "es", "-e", "environments.json"]).status == 68)
    }
}

/// The root help and docs/cli-json.md name every command that has `--format json` and `--strict`.
@Suite("help matches the commands")
struct HelpListsTests {
    static let leaves = [
        "validate", "configurations", "get", "print", "run", "languages", "language", "set-language", "reset-language",
        "localize", "strings lint", "strings dump", "encrypt", "decrypt", "keygen", "rekey", "edit", "inspect",
        "recipients list", "set", "unset", "guard", "t", "i18n lint", "i18n convert", "i18n pseudo", "i18n extract", "i18n status", "generate swift",
    ]

    @Test("--format json and --strict are listed on every command that has them, in the root help and the JSON doc")
    func listed() throws {
        let workspace = try Workspace(copySample: false)
        let root = try workspace.run(["--help"]).stdout.replacingOccurrences(of: "\n", with: " ")
        let doc = try String(contentsOfFile: EnvtoolProcess.repositoryRoot + "/docs/cli-json.md", encoding: .utf8)
        // A sentence ends at ". " (docs/cli-json.md has a dot of its own).
        func sentence(from start: String) -> String? {
            guard let begin = root.range(of: start) else { return nil }
            let rest = root[begin.lowerBound...]
            return String(rest[..<(rest.range(of: ". ")?.lowerBound ?? rest.endIndex)])
        }
        let jsonSentence = try #require(sentence(from: "--format json prints"))
        let strictSentence = try #require(sentence(from: "--strict turns"))
        var withJSON = 0
        var withStrict = 0
        for command in Self.leaves {
            let help = try workspace.run(command.split(separator: " ").map(String.init) + ["--help"]).stdout
            let parts = help.components(separatedBy: "--format <")
            // The last mention is the option's own entry, after the usage line.
            let formatHelp = parts.count > 1 ? parts[parts.count - 1].prefix(300) : ""
            if formatHelp.lowercased().contains("json") {
                withJSON += 1
                #expect(
                    jsonSentence.contains(" \(command),") || jsonSentence.contains(" \(command) ") || jsonSentence.hasSuffix(" \(command)"),
                    "root help does not list \(command) with --format json")
                #expect(doc.contains("`envtool \(command)"), "docs/cli-json.md does not list \(command)")
            }
            if help.contains("--strict") {
                withStrict += 1
                #expect(
                    strictSentence.contains(" \(command),") || strictSentence.contains(" \(command) ") || strictSentence.hasSuffix(" \(command)"),
                    "root help does not list \(command) with --strict")
            }
        }
        #expect(withJSON >= 10 && withStrict >= 8, "\(withJSON) with --format json, \(withStrict) with --strict")
    }

    @Test("the exit-status list keeps its columns when wrapped; help i18n describes the whole group")
    func exitList() throws {
        let workspace = try Workspace(copySample: false)
        let help = try workspace.run(["--help"]).stdout
        let list = try #require(help.components(separatedBy: "Exit status:\n").dropFirst().first?.components(separatedBy: "\n\n").first)
        for line in list.split(separator: "\n") {
            #expect(line.count <= 80)
            #expect(line.hasPrefix("  ") && (line.hasPrefix("      ") || line.dropFirst(2).first?.isNumber == true), "ragged: \(line)")
        }
        #expect(try workspace.run(["help", "i18n"]).stdout.contains("Check, convert, pseudo-localize, extract and report"))
    }
}
