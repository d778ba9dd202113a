import Foundation
import Testing

/// A mistyped command or option gets the nearest one at every level, as a usage error (64),
/// before anything runs (issue #36).
@Suite("envtool: did you mean, at every level")
struct DidYouMeanTests {
    struct Typo: Sendable, CustomTestStringConvertible {
        let arguments: [String]
        let message: String
        var testDescription: String { "envtool \(arguments.joined(separator: " ")) → \(message)" }
    }

    @Test(
        "a mistyped subcommand names the nearest one of its group",
        arguments: [
            Typo(arguments: ["valdate"], message: "'valdate' is not an envtool command; did you mean 'validate'? (envtool --help lists the commands)"),
            Typo(
                arguments: ["i18n", "stauts"],
                message: "'stauts' is not a command of 'envtool i18n'; did you mean 'status'? (envtool i18n --help lists the commands)"),
            Typo(arguments: ["i18n", "covnert", "--from", "x", "--to", "y"], message: "did you mean 'convert'?"),
            Typo(arguments: ["strings", "lnt", "Localizable.strings"], message: "'lnt' is not a command of 'envtool strings'; did you mean 'lint'?"),
            Typo(arguments: ["recipients", "lst", "env.bin"], message: "did you mean 'list'?"),
            Typo(arguments: ["generate", "swfit"], message: "'swfit' is not a command of 'envtool generate'; did you mean 'swift'?"),
            Typo(arguments: ["i18n", "xyzzy"], message: "'xyzzy' is not a command of 'envtool i18n'; the commands are lint, convert, pseudo, extract, status"),
        ])
    func subcommand(_ typo: Typo) throws {
        let workspace = try Workspace()
        let result = try workspace.run(typo.arguments)
        #expect(result.status == 64)
        #expect(result.stderr.contains(typo.message), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test(
        "a mistyped option names the nearest option of its command",
        arguments: [
            Typo(arguments: ["print", "--formt", "json"], message: "Unknown option '--formt'. Did you mean '--format'?"),
            Typo(arguments: ["i18n", "status", "--strickt"], message: "Unknown option '--strickt'. Did you mean '--strict'?"),
            Typo(arguments: ["rekey", "env.bin", "--remove-recipent", "x"], message: "Did you mean '--remove-recipient'?"),
        ])
    func option(_ typo: Typo) throws {
        let workspace = try Workspace()
        let result = try workspace.run(typo.arguments)
        #expect(result.status == 64)
        #expect(result.stderr.contains(typo.message), "\(result.stderr)")
    }

    @Test("right words at every level still run: a group, its command and a frequent command")
    func rightWords() throws {
        let workspace = try Workspace()
        #expect(try workspace.run(["i18n", "status"]).status != 64)
        #expect(try workspace.run(["get", "base_url"]).stdout == "https://dev-api.example.com/v1\n")
        #expect(try workspace.run(["help", "i18n", "status"]).status == 0)
    }
}
