import ArgumentParser
import TranslationFormats

/// `--verbose`, and the one way `i18n convert` and `i18n pseudo` say what a target cannot express.
struct ConversionWarningOptions: ParsableArguments {
    @Flag(help: "Name every key in the warnings: a line per key and loss, instead of a line per kind of loss with its count and first keys.")
    var verbose = false

    /// Prints `issues` on stderr: a line per kind of loss with its count and first keys (a line
    /// per key buried the loss that matters under hundreds of "has no comments", issue #35), or
    /// with `--verbose` a line per key.
    func report(_ issues: [ConversionIssue]) {
        for warning in verbose ? issues.map(\.diagnostic) : ConversionIssue.summarized(issues) { Console.error(warning.description) }
    }
}
