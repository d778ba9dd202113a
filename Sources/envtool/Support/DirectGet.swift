import EnvironmentCrypto
import EnvironmentKit

/// `envtool get KEY` in its plain form, read and run without ArgumentParser.
///
/// `get` is what build phases and launch scripts call many times a build, and ArgumentParser's
/// reflection over the options is most of its start-up even when `get` is parsed on its own
/// (`Envtool.parsedFrequentCommand`). This reads only the form in which every argument means one
/// thing: one key, and `-e`/`--environments`, `-c`/`--configuration` and `--app-id`, each at
/// most once, each with a value that does not start with `-` (also as `--name=value`). Anything
/// else, and anything the whole parser has to explain (an invalid app id, help, a usage error),
/// goes to ArgumentParser untouched; so does a document that is not a plain JSON file (standard
/// input, a FIFO, an encrypted `.bin`, a path that cannot be read), whose handling and messages
/// belong to ``EnvironmentOptions``. What this runs is what `Get.run()` runs.
struct DirectGet {
    let key: String
    let environments: String?
    let configuration: String?
    let appID: String?

    /// The command in `arguments` (those after `get`), or `nil` when they are not in the plain form.
    init?(_ arguments: ArraySlice<String>) {
        var key: String?
        var values: [String: String] = [:]
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            index += 1
            guard argument.hasPrefix("-") else {
                // `help` may be ArgumentParser's help command; an empty key is left to it too.
                guard key == nil, !argument.isEmpty, argument != "help" else { return nil }
                key = argument
                continue
            }
            var name = argument
            var value: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                value = String(argument[argument.index(after: equals)...])
            } else if index < arguments.endIndex {
                value = arguments[index]
                index += 1
            }
            let canonical: String
            switch name {
            case "-e", "--environments": canonical = "environments"
            case "-c", "--configuration": canonical = "configuration"
            case "--app-id": canonical = "app-id"
            default: return nil
            }
            guard let value, !value.isEmpty, !value.hasPrefix("-"), values[canonical] == nil else { return nil }
            values[canonical] = value
        }
        guard let key else { return nil }
        self.key = key
        environments = values["environments"]
        configuration = values["configuration"]
        appID = values["app-id"]
    }

    /// Runs the command as `Get.run()` does; `false`, having done nothing, when only the whole
    /// parser and ``EnvironmentOptions`` can (see the type's description).
    ///
    /// - Throws: `ExitCode` with the status of the error it printed, as `Get.run()`.
    func run() throws -> Bool {
        guard (try? EnvironmentOptions.validate(appID: appID)) != nil else { return false }
        let path = EnvironmentOptions.path(environments)
        guard path != EnvironmentOptions.standardInput, let data = RegularFile.contents(atPath: path),
              !EnvironmentsBin.isEncrypted(data) else { return false }
        try reportingFailures {
            let document = try EnvironmentsDocument(fileData: data, path: path)
            let environment = try EnvironmentOptions.environment(
                of: document, configuration: configuration, appID: appID,
                stringsDirectory: EnvironmentOptions.stringsDirectory(ofDocumentAt: path))
            try Get.printValue(key, of: environment)
        }
        return true
    }
}
