import ArgumentParser

/// The plain form of a command line, read without ArgumentParser.
///
/// `get`, `language`, `set-language` and `t` are what build phases, shell prompts and launch
/// scripts call many times a build. ArgumentParser finds a command's options by reflection, and
/// each property wrapper it meets for the first time costs a search of all the program's protocol
/// conformances: about a millisecond and a half of every start, more than the command's own work.
///
/// This reads only the form in which every word means one thing: positional words that do not
/// start with `-`, and known options, each given once (unless repeatable) with a value that does
/// not start with `-`, as `--name value` or `--name=value`. Anything else (`--`, bundled short
/// flags, `help`, an unknown or repeated option, an empty value) gives `nil`, and the whole
/// parser reads the line, so help, completions and usage errors are ArgumentParser's as always.
/// The values then go to the plain values the command runs on (``EnvironmentSelection``,
/// ``SecretValues``), validated by the same `validate()` its ArgumentParser options call: there
/// is one implementation of each command, and only its parsing is doubled (``DirectCommands``,
/// checked against ArgumentParser's by the CLI tests).
struct DirectArguments {
    /// The words that are not options, in order.
    private(set) var positionals: [String] = []
    /// Each option's values, in order, by canonical name.
    private var values: [String: [String]] = [:]
    /// The flags given, by canonical name.
    private var flags: Set<String> = []

    /// How a command's options are spelled.
    struct Grammar {
        /// Spelling (`-e`, `--environments`) → canonical name, for options that take a value.
        var options: [String: String]
        /// Canonical names of the options that may be given more than once.
        var repeatable: Set<String> = []
        /// Spelling → canonical name, for flags.
        var flags: [String: String] = [:]

        /// Adds `other`'s spellings; a spelling in both keeps this grammar's meaning.
        func merging(_ other: Grammar) -> Grammar {
            Grammar(
                options: options.merging(other.options) { mine, _ in mine },
                repeatable: repeatable.union(other.repeatable),
                flags: flags.merging(other.flags) { mine, _ in mine })
        }
    }

    /// `arguments` (the words after the command's name) read with `grammar`, or `nil` when they
    /// are not in the plain form.
    init?(_ arguments: ArraySlice<String>, grammar: Grammar) {
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            index += 1
            guard argument.hasPrefix("-") else {
                // `help` may be ArgumentParser's help command; an empty word is left to it too.
                guard !argument.isEmpty, argument != "help" else { return nil }
                positionals.append(argument)
                continue
            }
            if let flag = grammar.flags[argument] {
                guard flags.insert(flag).inserted else { return nil }
                continue
            }
            var spelling = argument
            var value: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                spelling = String(argument[..<equals])
                value = String(argument[argument.index(after: equals)...])
            } else if index < arguments.endIndex {
                value = arguments[index]
                index += 1
            }
            guard let name = grammar.options[spelling], let value, !value.isEmpty, !value.hasPrefix("-") else { return nil }
            guard values[name] == nil || grammar.repeatable.contains(name) else { return nil }
            values[name, default: []].append(value)
        }
    }

    /// The value of a single-valued option, if given.
    func value(_ name: String) -> String? { values[name]?.first }

    /// Every value of a repeatable option, in order.
    func allValues(_ name: String) -> [String] { values[name] ?? [] }

    /// Whether the flag was given.
    func flag(_ name: String) -> Bool { flags.contains(name) }

    /// The secret options given, as the commands take them.
    var secretValues: SecretValues {
        SecretValues(
            values: values.filter { SecretProviders.optionNames.contains($0.key) },
            flags: flags.filter { SecretProviders.optionNames.contains($0) })
    }
}

/// The frequent commands, parsed from their plain form (see ``DirectArguments``) and run on plain
/// values: making the ArgumentParser command and its option groups would cost the start several
/// of the Swift runtime's scans of every conformance record (see ``EnvironmentSelection``).
enum DirectCommands {
    /// The command `arguments` name, with its options filled and validated, ready to run; `nil`
    /// when only ArgumentParser can read the line (or its validation fails, so that it reports it).
    static func parse(_ arguments: [String]) -> (() throws -> Void)? {
        guard let name = arguments.first else { return nil }
        let rest = arguments.dropFirst()
        switch name {
        case "get":
            guard let (key, selection) = wordAndSelection(rest) else { return nil }
            return { try Get.run(key: key, selection: selection) }
        case "language":
            return language(rest)
        case "set-language":
            guard let (code, selection) = wordAndSelection(rest) else { return nil }
            return { try SetLanguage.run(code: code, selection: selection) }
        case "t", "translate":
            guard let request = translate(rest) else { return nil }
            return { try request.run() }
        default:
            return nil
        }
    }

    /// The one positional word and the environment options of `get KEY` and `set-language CODE`.
    private static func wordAndSelection(_ arguments: ArraySlice<String>) -> (String, EnvironmentSelection)? {
        guard let parsed = DirectArguments(arguments, grammar: EnvironmentSelection.directGrammar),
            parsed.positionals.count == 1, let selection = EnvironmentSelection(parsed)
        else { return nil }
        return (parsed.positionals[0], selection)
    }

    private static func language(_ arguments: ArraySlice<String>) -> (() throws -> Void)? {
        let grammar = DirectArguments.Grammar(options: ["--format": "format"], flags: ["-v": "verbose", "--verbose": "verbose"])
        guard let parsed = DirectArguments(arguments, grammar: grammar.merging(EnvironmentSelection.directGrammar)),
            parsed.positionals.isEmpty, let selection = EnvironmentSelection(parsed),
            let format = OutputFormat(rawValue: parsed.value("format") ?? OutputFormat.text.rawValue)
        else { return nil }
        let verbose = parsed.flag("verbose")
        return { try Language.run(verbose: verbose, json: format == .json, selection: selection) }
    }

    private static func translate(_ arguments: ArraySlice<String>) -> Translate.Request? {
        let grammar = DirectArguments.Grammar(
            options: ["--init": "init", "--options": "options", "--resources": "resources"],
            flags: ["--strict": "strict"])
        guard let parsed = DirectArguments(arguments, grammar: grammar.merging(EnvironmentSelection.directGrammar)),
            !parsed.positionals.isEmpty, let selection = EnvironmentSelection(parsed)
        else { return nil }
        return Translate.Request(
            keys: parsed.positionals, initFile: parsed.value("init"), options: parsed.value("options"),
            resources: parsed.value("resources"), strict: parsed.flag("strict"), environment: selection)
    }
}

extension EnvironmentSelection {
    /// The spellings of the environment options, and of the secret options from the table.
    static let directGrammar = DirectArguments.Grammar(
        options: [
            "-e": "environments", "--environments": "environments", "-c": "configuration", "--configuration": "configuration",
            "--app-id": "app-id",
        ]).merging(SecretProviders.grammar)

    /// The options as `parsed` gives them, validated as ArgumentParser validates the option
    /// groups; `nil` when validation fails.
    init?(_ parsed: DirectArguments) {
        self.init(
            environments: parsed.value("environments"), configuration: parsed.value("configuration"),
            appID: parsed.value("app-id"),
            secrets: parsed.secretValues)
        guard (try? secrets.validate()) != nil, (try? validate()) != nil else { return nil }
    }
}
