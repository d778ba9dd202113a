import ArgumentParser

@main
struct Envtool: ParsableCommand {
    static let version = "0.1.0"

    static let configuration = CommandConfiguration(
        commandName: "envtool",
        abstract: "Read app environments, manage the app language, translate (.strings and i18next) and encrypt environments.",
        discussion: """
            Reads environments.json (default: environments/environments.json, or $ENVTOOL_ENVIRONMENTS).
            The build configuration is --configuration, else $ENVTOOL_CONFIGURATION, else Debug for a
            debug build of envtool and Release for a release build.

            An environments.bin is read like the JSON, given its secret: --key-file, --identity,
            --passphrase-env or --passphrase-stdin, or $ENVTOOL_KEY_FILE, $ENVTOOL_IDENTITY_FILE,
            $ENVTOOL_PASSPHRASE; on a terminal a missing passphrase is asked for.

            \(ExitStatus.documentation)
            """,
        version: version,
        subcommands: [
            Validate.self, Configurations.self, Get.self, Print.self,
            Languages.self, Language.self, SetLanguage.self, ResetLanguage.self,
            Localize.self, Strings.self,
            Encrypt.self, Decrypt.self, Keygen.self, Rekey.self, Edit.self, Inspect.self,
            Translate.self, I18n.self,
        ]
    )
}
