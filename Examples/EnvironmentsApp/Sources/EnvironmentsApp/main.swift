import EnvironmentKit
import Foundation

// Reads environments/environments.json (or the path given) through the generated accessors:
// `EnvironmentVariables` for the variables, `L10n` for the translations.
let path = CommandLine.arguments.dropFirst().first ?? "environments/environments.json"
do {
    let environment = try AppEnvironment(contentsOf: path, options: .init(persistsLanguage: false))
    let variables = try EnvironmentVariables(environment)
    L10n.environment = environment
    print("configuration: \(environment.current.name)")
    print("base_url: \(variables.base_url.absoluteString)")
    print("timeout: \(variables.api.timeout)")
    print(L10n.cart.items(count: 3))
    print(L10n.app.welcome(name: "Ada"))
    // A String Catalog plural (Localizable.xcstrings), chosen by the language's plural rules.
    print(L10n.Localizable.files_count(5))
} catch {
    FileHandle.standardError.write(Data("EnvironmentsApp: \(error)\n".utf8))
    exit(1)
}
