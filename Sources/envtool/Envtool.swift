import ArgumentParser

@main
struct Envtool: ParsableCommand {
    static let version = "0.1.0"

    static let configuration = CommandConfiguration(
        commandName: "envtool",
        abstract: "Read app environments, manage the app language and check .strings tables.",
        discussion: """
            Reads environments.json (default: environments/environments.json, or $ENVTOOL_ENVIRONMENTS).
            The build configuration is --configuration, else $ENVTOOL_CONFIGURATION, else Debug for a
            debug build of envtool and Release for a release build.

            \(ExitStatus.documentation)
            """,
        version: version,
        subcommands: [
            Validate.self, Configurations.self, Get.self, Print.self,
            Languages.self, Language.self, SetLanguage.self, ResetLanguage.self,
            Localize.self, Strings.self,
        ]
    )
}
