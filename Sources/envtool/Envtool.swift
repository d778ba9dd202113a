import ArgumentParser

@main
struct Envtool: ParsableCommand {
    static let version = "0.1.0"

    static let configuration = CommandConfiguration(
        commandName: "envtool",
        abstract: "Read app environments, manage the app language, translate (.strings and i18next) and encrypt environments.",
        discussion: """
            Reads environments.json: --environments PATH, else $ENVTOOL_ENVIRONMENTS, else environments.json, else environments/environments.json, in the current folder or the nearest folder above it within its git repository ('-e -' reads it from standard input; validate names the file it read). The build configuration is --configuration, else $ENVTOOL_CONFIGURATION, else the document's first configuration (whatever build of envtool runs; an app linking the library reads its own build's Debug or Release).

            An environments.bin is read like the JSON, given its secret: \(SecretProviders.summary); on a terminal a missing passphrase is asked for.

            For scripts and CI: --format json prints one JSON document on stdout (see docs/cli-json.md) with validate, configurations, language, languages, print, inspect, recipients list, strings lint, i18n lint, i18n extract and i18n status. --strict turns warnings (and fallbacks, missing keys, losses, low coverage) into failures with validate, localize, t, strings lint, i18n lint, i18n convert, i18n extract and i18n status.
            """ + (ManualText.isDumpingHelpForManual ? "" : "\n\n" + ManualText.help),
        version: version,
        subcommands: [
            Validate.self, Configurations.self, Get.self, SetVariable.self, UnsetVariable.self, Print.self, Run.self,
            Languages.self, Language.self, SetLanguage.self, ResetLanguage.self,
            Localize.self, Strings.self,
            Encrypt.self, Decrypt.self, Keygen.self, Rekey.self, Edit.self, Inspect.self, Recipients.self, Guard.self,
            Translate.self, I18n.self, Generate.self,
        ]
    )

    /// Runs the command line, first refusing `help` for a command that does not exist:
    /// ArgumentParser's own `help` prints the top-level help and exits 0 for any name, which hides
    /// a typo from scripts.
    static func main() {
        FatalSignals.install()
        let arguments = Array(CommandLine.arguments.dropFirst())
        // For scripts/manual only, not a command: the man page's reference sections as mdoc.
        if arguments == ["--manual-sections"] {
            do { try Console.output(String(ManualText.mdoc.dropLast())) } catch { exit(reporting: error) }
            return
        }
        if arguments.first == "help", let problem = unknownHelpTopic(arguments.dropFirst().filter { !$0.hasPrefix("-") }) {
            exit(reporting: ValidationError(problem))
        }
        if let name = arguments.first, frequentCommand(named: name) == nil, let problem = unknownCommand(in: arguments) {
            exit(reporting: ValidationError(problem))
        }
        do {
            if let run = DirectCommands.parse(arguments) {
                try run()
            } else if var command = parsedFrequentCommand(arguments) {
                try command.run()
            } else {
                var command = try parseAsRoot(arguments)
                try command.run()
            }
        } catch {
            exit(reporting: error)
        }
    }

    /// `exit(withError:)`, except that the pages ArgumentParser prints on standard output (help,
    /// `help COMMAND`, `--version`, completion scripts) go through ``Console/output(_:)`` like
    /// every other result: a standard output that cannot be written is exit 74 with a message,
    /// not a lost page and exit 0.
    static func exit(reporting error: any Error) -> Never {
        if exitCode(for: error) == .success {
            let page = fullMessage(for: error)
            do {
                if !page.isEmpty { try Console.output(page) }
            } catch {
                exit(withError: error)
            }
            exit()
        }
        exit(withError: error)
    }

    /// The commands that build phases, shell prompts and launch scripts call many times a build.
    static func frequentCommand(named name: String) -> (any ParsableCommand.Type)? {
        switch name {
        case "get": Get.self
        case "print": Print.self
        case "language": Language.self
        case "languages": Languages.self
        case "set-language": SetLanguage.self
        case "configurations": Configurations.self
        case "t": Translate.self
        default: nil
        }
    }

    /// `arguments` parsed as one of the ``frequentCommand(named:)`` on its own, or `nil` to parse them with
    /// the whole tree.
    ///
    /// Parsing from the root builds the tree of every command, and naming each one it does not
    /// name itself costs a search of all the program's protocol conformances (String(describing:)
    /// on its type): most of envtool's start-up. Only a parse that succeeds is used: help, version,
    /// completion scripts, a usage error or a word that could be `help` go through the whole tree,
    /// so their output is the same as always.
    static func parsedFrequentCommand(_ arguments: [String]) -> (any ParsableCommand)? {
        guard let name = arguments.first, let type = frequentCommand(named: name) else { return nil }
        let rest = Array(arguments.dropFirst())
        guard
            !rest.contains(where: {
                $0 == "help" || $0.hasPrefix("-h") || $0.hasPrefix("--h") || $0.hasPrefix("--version")
                    || $0.hasPrefix("--generate-completion") || $0.hasPrefix("--experimental")
            })
        else { return nil }
        return try? type.parseAsRoot(rest)
    }

    /// Why the command words at the start of `arguments` name no command, with the nearest one
    /// when one is close, at every level (`valdate` → `validate`, `i18n stauts` → `i18n status`);
    /// `nil` when they do, or when an option or `help` comes first.
    ///
    /// ArgumentParser says only "Unexpected argument", which reads as if the command were right
    /// and an argument wrong.
    static func unknownCommand(in arguments: [String]) -> String? {
        var subcommands: [any ParsableCommand.Type] = configuration.subcommands
        var path = ["envtool"]
        for name in arguments {
            guard !subcommands.isEmpty, !name.hasPrefix("-"), !(path.count == 1 && name == "help") else { return nil }
            var names: [String] = []
            var next: (any ParsableCommand.Type)? = nil
            for subcommand in subcommands {
                let commandName: String = subcommand._commandName
                if commandName == name || subcommand.configuration.aliases.contains(name) { next = subcommand }
                names.append(commandName)
            }
            guard let next else {
                let command = path.joined(separator: " ")
                let problem = path.count == 1 ? "'\(name)' is not an envtool command" : "'\(name)' is not a command of '\(command)'"
                if let nearest = CommandSuggestion.nearest(to: name, among: names) {
                    return problem + "; did you mean '\(nearest)'? (\(command) --help lists the commands)"
                }
                return problem + "; the commands are \(names.joined(separator: ", "))"
            }
            subcommands = next.configuration.subcommands
            path.append(name)
        }
        return nil
    }

    /// Why `envtool help <names>` names no command, or `nil` when it does.
    static func unknownHelpTopic(_ names: [String]) -> String? {
        var subcommands: [any ParsableCommand.Type] = configuration.subcommands
        var path = ["envtool"]
        for name in names {
            var known: [String] = []
            var next: (any ParsableCommand.Type)? = nil
            for subcommand in subcommands {
                let commandName: String = subcommand._commandName
                known.append(commandName)
                if commandName == name || subcommand.configuration.aliases.contains(name) { next = subcommand }
            }
            guard let next else {
                if path.count == 1 && name == "help" { return nil }
                let near = CommandSuggestion.nearest(to: name, among: known).map { " (did you mean '\($0)'?)" } ?? ""
                return known.isEmpty
                    ? "'\(path.joined(separator: " "))' has no subcommands, so there is no help for '\(name)'"
                    : "'\(path.joined(separator: " "))' has no command '\(name)'\(near); its commands are \(known.joined(separator: ", "))"
            }
            subcommands = next.configuration.subcommands
            path.append(name)
        }
        return nil
    }
}
