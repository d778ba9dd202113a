import EnvironmentKit
import Foundation

let environment = try AppEnvironment(contentsOf: CommandLine.arguments[1], options: .init(persistsLanguage: false))
let variables = try EnvironmentVariables(environment)
L10n.environment = environment
print(variables.class, variables._2fa_enabled, variables.café, variables.self_, variables.Type_, variables.with_space, variables._empty)
print(
    variables.mixed, variables.only_debug as Any, variables.nullable as Any, variables.tags, variables.numbers, variables.String.URL, variables.String.Int,
    variables.api.Api.deep)
print(
    L10n._2fa.title, L10n._2fa.code(digits: "6"), L10n.class, L10n.default.in, L10n.environment_, L10n.items, L10n.items(count: 2), L10n.rank(ordinal: 2),
    L10n.rank(count: 2))
print(L10n.greeting(amount: 1.5, class: "c", name: "<b>"), L10n.naïve, L10n.quote)
print(L10n.Localizable.transfer("a", "b", 3, 4.5), L10n.Localizable.swap("x", "y"), L10n.Localizable.pct, L10n.Localizable._2fa.title)
// Keys of Hangzhou numerals, which Swift also reads as operators after a dot: `_〡〢`, not `〡〢`.
print(variables._〡〢._〣, L10n._〤._〥)
