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
/// The values then fill the command's own ArgumentParser struct, whose `validate()` and `run()`
/// are the ones used: there is one implementation of each command, and only its parsing is
/// doubled (``DirectCommands``, checked against ArgumentParser's by the CLI tests).
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
            Grammar(options: options.merging(other.options) { mine, _ in mine },
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
}

/// The frequent commands, parsed from their plain form (see ``DirectArguments``).
enum DirectCommands {
    /// The command `arguments` name, with its options filled and validated, or `nil` when only
    /// ArgumentParser can read the line (or its validation fails, so that it reports it).
    static func parse(_ arguments: [String]) -> (any ParsableCommand)? {
        guard let name = arguments.first else { return nil }
        let rest = arguments.dropFirst()
        let command: (any ParsableCommand)?
        switch name {
        case "get": command = get(rest)
        case "language": command = language(rest)
        case "set-language": command = setLanguage(rest)
        case "t", "translate": command = translate(rest)
        default: command = nil
        }
        guard var command, (try? command.validate()) != nil else { return nil }
        return command
    }

    private static func get(_ arguments: ArraySlice<String>) -> Get? {
        guard let (key, options) = wordAndOptions(arguments) else { return nil }
        var command = Get()
        command.key = key
        command.options = options
        return command
    }

    /// The one positional word and the environment options of `get KEY` and `set-language CODE`.
    private static func wordAndOptions(_ arguments: ArraySlice<String>) -> (String, EnvironmentOptions)? {
        guard let parsed = DirectArguments(arguments, grammar: EnvironmentOptions.directGrammar),
              parsed.positionals.count == 1, let options = EnvironmentOptions(parsed) else { return nil }
        return (parsed.positionals[0], options)
    }

    private static func language(_ arguments: ArraySlice<String>) -> Language? {
        let grammar = DirectArguments.Grammar(options: ["--format": "format"], flags: ["-v": "verbose", "--verbose": "verbose"])
        guard let parsed = DirectArguments(arguments, grammar: grammar.merging(EnvironmentOptions.directGrammar)),
              parsed.positionals.isEmpty, let options = EnvironmentOptions(parsed) else { return nil }
        var output = FormatOptions()
        guard let format = OutputFormat(rawValue: parsed.value("format") ?? OutputFormat.text.rawValue) else { return nil }
        output.format = format
        var command = Language()
        command.verbose = parsed.flag("verbose")
        command.output = output
        command.options = options
        return command
    }

    private static func setLanguage(_ arguments: ArraySlice<String>) -> SetLanguage? {
        guard let (code, options) = wordAndOptions(arguments) else { return nil }
        var command = SetLanguage()
        command.code = code
        command.options = options
        return command
    }

    private static func translate(_ arguments: ArraySlice<String>) -> Translate? {
        let grammar = DirectArguments.Grammar(options: ["--init": "init", "--options": "options", "--resources": "resources"],
                                              flags: ["--strict": "strict"])
        guard let parsed = DirectArguments(arguments, grammar: grammar.merging(EnvironmentOptions.directGrammar)),
              !parsed.positionals.isEmpty, let options = EnvironmentOptions(parsed) else { return nil }
        var command = Translate()
        command.keys = parsed.positionals
        command.`init` = parsed.value("init")
        command.options = parsed.value("options")
        command.resources = parsed.value("resources")
        command.strict = parsed.flag("strict")
        command.environment = options
        return command
    }
}

extension EnvironmentOptions {
    /// The spellings of these options and of ``SecretOptions``.
    static let directGrammar = DirectArguments.Grammar(
        options: ["-e": "environments", "--environments": "environments", "-c": "configuration", "--configuration": "configuration",
                  "--app-id": "app-id", "--key-file": "key-file", "--identity": "identity", "--passphrase-env": "passphrase-env"],
        repeatable: ["identity"],
        flags: ["--passphrase-stdin": "passphrase-stdin"])

    /// The options as `parsed` gives them, every property set (ArgumentParser traps on reading
    /// one it did not set), and validated as ArgumentParser validates an option group; `nil`
    /// when validation fails.
    init?(_ parsed: DirectArguments) {
        self.init()
        environments = parsed.value("environments")
        configuration = parsed.value("configuration")
        appID = parsed.value("app-id")
        var secrets = SecretOptions()
        secrets.keyFile = parsed.value("key-file")
        secrets.identityFiles = parsed.allValues("identity")
        secrets.passphraseVariable = parsed.value("passphrase-env")
        secrets.passphraseFromStandardInput = parsed.flag("passphrase-stdin")
        guard (try? secrets.validate()) != nil else { return nil }
        self.secrets = secrets
        guard (try? validate()) != nil else { return nil }
    }
}
