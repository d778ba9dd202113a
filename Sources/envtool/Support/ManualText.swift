/// The reference sections of `envtool --help` and of the man page: exit statuses (from
/// ``ExitStatus``), environment variables, files and examples, written once here and rendered
/// twice, as help text and as mdoc, so the two cannot say different things.
///
/// The man page's body comes from ArgumentParser's `generate-manual`, which has no place for these
/// sections (its EXIT STATUS says only ">0 if an error occurs"): `scripts/manual` puts ``mdoc``
/// (printed by `envtool --manual-sections`) in their place, and the root command leaves them out
/// of the description it dumps for the manual (``isDumpingHelpForManual``).
enum ManualText {
    /// One entry of a list: a term (a code, a variable, a path, a command) and what it means.
    struct Entry {
        let term: String
        let meaning: String
    }

    /// The `ENVTOOL_*` variables (and the few others) envtool reads.
    static let environment: [Entry] = [
        Entry(
            term: EnvironmentSelection.pathVariable,
            meaning: "The environments document, when no --environments is given (default: the first environments.json found, see FILES)."),
        Entry(term: "ENVTOOL_CONFIGURATION", meaning: "The build configuration, when no --configuration is given (default: the document's first)."),
        Entry(
            term: EnvironmentSelection.appIDVariable,
            meaning: "Names the saved language choice, when no --app-id is given (default: the document's app_id, else 'default')."),
        Entry(term: SecretProviders.keyFileVariable, meaning: "The key file that opens or makes an environments.bin, when no secret option is given."),
        Entry(
            term: SecretProviders.identityFileVariable,
            meaning:
                "An identity file (age, envtool, an OpenSSH ssh-ed25519 or ssh-rsa private key, or one protected with age -p) to decrypt with, when no --identity is given."
        ),
        Entry(term: SecretProviders.identityVariable, meaning: "The text of an identity to decrypt with (for CI secrets), read after ENVTOOL_IDENTITY_FILE."),
        Entry(
            term: SecretProviders.identityCommandVariable,
            meaning:
                "A command (run with /bin/sh -c) whose standard output is an identity file, as sops's SOPS_AGE_KEY_CMD, for a password manager; read after ENVTOOL_IDENTITY, when no --identity is given. Its standard input is the terminal (else /dev/null), its standard error envtool's; at most 1 MiB of output and 120 s. A failure names the variable and the exit status, never the output."
        ),
        Entry(
            term: SecretProviders.passphraseVariable,
            meaning:
                "The passphrase, when no --passphrase-env or --passphrase-stdin is given; never passed on by run. Also the passphrase of an identity file protected with age -p, when there is no terminal to ask on."
        ),
        Entry(term: "ENVTOOL_PLUGIN_TIMEOUT", meaning: "The seconds an age plugin may stay silent before it is stopped (default 60; at most 86400)."),
        Entry(
            term: "ENVTOOL_PLUGIN_TOTAL_TIMEOUT",
            meaning: "The seconds a whole age plugin run may take, questions on the terminal aside (default 5 times ENVTOOL_PLUGIN_TIMEOUT)."),
        Entry(
            term: FatalSignals.reportsVariable,
            meaning:
                "1 keeps Swift's crash reports on a fatal signal (they print memory at each register, which may hold key material); by default envtool ends by the signal without a report or a core file."
        ),
        Entry(
            term: "ENVTOOL_RECIPIENT, ENVTOOL_FORMAT, ENVTOOL_FORCE",
            meaning:
                "Read by the build phase (scripts/encrypt-environments.sh and the EnvtoolEncrypt plugin): the recipient, the format to write, and re-encrypting even when nothing changed."
        ),
        Entry(term: "XDG_CONFIG_HOME", meaning: "Where saved languages and the default identity live (default ~/.config)."),
        Entry(term: "LC_ALL, LC_MESSAGES, LANG, LANGUAGE", meaning: "The system languages the current language is matched from when the user saved none."),
        Entry(term: "VISUAL, EDITOR", meaning: "The editor edit runs (default vi)."),
    ]

    /// The files envtool reads and writes on its own.
    static let files: [Entry] = [
        Entry(
            term: "environments.json, environments/environments.json",
            meaning:
                "The environments document a command reads when none is named: the first found in the current folder, then in each folder above it up to the root of its git repository."
        ),
        Entry(
            term: "$XDG_CONFIG_HOME/envtool/APP-ID/preferences.json",
            meaning: "The language saved by set-language for one app (~/.config when XDG_CONFIG_HOME is unset)."),
        Entry(
            term: "$XDG_CONFIG_HOME/envtool/keys.txt",
            meaning: "The default identity: written by keygen --age without -o, tried when decrypting with no other secret given."),
        Entry(
            term: "FILE.bin.recipients",
            meaning:
                "Beside an age environments.bin: its recipients, one a line (age's recipients-file format), written by encrypt and rekey, read by recipients list and rekey --add-recipient / --remove-recipient."
        ),
    ]

    /// Commands that show the everyday uses.
    static let examples: [Entry] = [
        Entry(term: "envtool get base_url -c Release", meaning: "Print one variable of the Release configuration."),
        Entry(term: "envtool run -- ./server", meaning: "Run a program with the configuration's variables in its environment."),
        Entry(term: "envtool keygen --age", meaning: "Make the default age identity and print its recipient."),
        Entry(
            term: "envtool encrypt environments/environments.json -o environments/environments.bin -R team.txt",
            meaning: "Encrypt the document to every recipient listed in team.txt."),
        Entry(term: "envtool rekey environments/environments.bin --add-recipient bob.pub", meaning: "Let one more person open the file."),
        Entry(
            term: "envtool i18n convert --from environments/locales --to Localizable.xcstrings",
            meaning: "Convert i18next resources to a String Catalog."),
    ]

    /// Whether this process was started to dump its help for the man page generator
    /// (`--experimental-dump-help`), which gets these sections from ``mdoc`` instead.
    static var isDumpingHelpForManual: Bool {
        CommandLine.arguments.dropFirst().contains("--experimental-dump-help")
    }

    /// The sections as `--help` shows them, after the root command's discussion.
    static var help: String {
        [
            ExitStatus.documentation,
            list("Environment:", environment),
            list("Files:", files),
            list("Examples:", examples),
        ].joined(separator: "\n\n")
    }

    /// `title`, then each term on its own line and its meaning under it, wrapped at 80 columns:
    /// ArgumentParser wraps a long line and starts the rest at the margin, which breaks the columns.
    static func list(_ title: String, _ entries: [Entry]) -> String {
        title + "\n" + entries.map { "  " + $0.term + "\n" + wrapped($0.meaning, indent: 6) }.joined(separator: "\n")
    }

    /// `text` in lines of at most 79 columns, each starting with `indent` spaces (a word longer
    /// than a line stays whole).
    static func wrapped(_ text: String, indent: Int, firstLine: String? = nil) -> String {
        let margin = String(repeating: " ", count: indent)
        var lines = [firstLine ?? margin]
        for word in text.split(separator: " ") {
            if lines[lines.count - 1].count + 1 + word.count > 79, lines[lines.count - 1].count > indent {
                lines.append(margin)
            }
            let last = lines[lines.count - 1]
            lines[lines.count - 1] = last + (last.hasSuffix(" ") || last.isEmpty ? "" : " ") + word
        }
        return lines.joined(separator: "\n")
    }

    /// The sections as mdoc, for the man page: ENVIRONMENT, FILES, EXIT STATUS and EXAMPLES, in
    /// the order mdoc(7) gives them.
    static var mdoc: String {
        var lines: [String] = []
        lines.append(".Sh ENVIRONMENT")
        lines.append(".Bl -tag -width Ds")
        for entry in environment {
            lines.append(".It " + entry.term.split(separator: ",").map { "Ev " + $0.drop(while: { $0 == " " }) }.joined(separator: " , "))
            lines.append(text(entry.meaning))
        }
        lines.append(".El")
        lines.append(".Sh FILES")
        lines.append(".Bl -tag -width Ds")
        for entry in files {
            lines.append(".It " + entry.term.split(separator: ",").map { "Pa " + $0.drop(while: { $0 == " " }) }.joined(separator: " , "))
            lines.append(text(entry.meaning))
        }
        lines.append(".El")
        lines.append(".Sh EXIT STATUS")
        lines.append(".Bl -tag -width Ds")
        for (code, meaning) in ExitStatus.documented {
            lines.append(".It Sy \(code)")
            lines.append(text(meaning))
        }
        lines.append(".El")
        lines.append(".Sh EXAMPLES")
        for (index, entry) in examples.enumerated() {
            if index > 0 { lines.append(".Pp") }
            lines.append(text(entry.meaning))
            lines.append(".Dl " + escaped(entry.term))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A line of running text for mdoc: escaped, and never starting with a control character.
    private static func text(_ line: String) -> String {
        let body = escaped(line)
        return body.hasPrefix(".") || body.hasPrefix("'") ? "\\&" + body : body
    }

    /// `\` is mdoc's escape character, and `--` is written `\-\-` (two hyphens, not a dash).
    private static func escaped(_ text: String) -> String {
        text.split(separator: "\\", omittingEmptySubsequences: false).joined(separator: "\\e")
            .split(separator: "--", omittingEmptySubsequences: false).joined(separator: "\\-\\-")
    }
}
