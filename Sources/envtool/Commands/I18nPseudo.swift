import AppleLocalization
import ArgumentParser
import Diagnostics
import EnvironmentKit
import Platform
import TranslationFormats

extension I18n {
    struct Pseudo: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "pseudo",
            abstract: "Write pseudo-locales (en-XA: accented, bracketed, expanded; ar-XB with --bidi: right to left) made from the source language.",
            discussion: """
                --from is read as i18n convert reads it (a file or a directory, in any of \(TranslationFormatRegistry.standard.names(separatedBy: ", "))), and the source language's text becomes two pseudo-locales, as Android's:

                en-XA: every ASCII letter accented (Settings → Šéţţíñĝš), the message in [ ], grown by --expand percent of its text with filler words, placeholders marked »…«.

                ar-XB (with --bidi): each word and placeholder wrapped in RLM RLO … PDF RLM, so that the text lays out right to left as Arabic does.

                Placeholders ({{name}}, %1$@, %lld, %(name)s, %#@items@), $t(…) nesting, markup (<b>, </a>), character references (&amp;), brace groups ({0}, {count, plural, …}) and printf conversions kept as text are never changed. Plurals get every CLDR category of the pseudo language (ar-XB: zero, one, two, few, many, other), from the source's forms. An empty text stays empty.

                \(SourceLanguageOptions.ruleSummary)

                The files are written in --format (default: the format read) below the directory --to, atomically and never outside it; only files the pseudo-locales change are written, so --to may be the folder read: the pseudo-locales are added beside the source and nothing else is rewritten (a catalog, which holds every language, is rewritten with them).

                What the format written cannot express is reported on stderr as i18n convert reports it: one line per kind of loss with the number of keys and the first of them; --verbose gives a line per key.
                """)

        @OptionGroup var input: TranslationInputOptions

        @Option(help: ArgumentHelp("The directory to write the pseudo-locales to.", valueName: "dir"), completion: .directory)
        var to: String

        @Option(help: ArgumentHelp("The format to write (default: the format read).", valueName: TranslationFormatArgument.valueNames))
        var format: TranslationFormatArgument?

        @OptionGroup var source: SourceLanguageOptions

        @OptionGroup var warnings: ConversionWarningOptions

        @Option(
            help: ArgumentHelp(
                "How much longer en-XA texts get, from 0% to \(PseudoLocalizer.maximumExpansion)% (default: \(PseudoLocalizer.defaultExpansion)%).",
                valueName: "percent"))
        var expand: String?

        @Flag(help: "Also write ar-XB, the right-to-left pseudo-locale.")
        var bidi = false

        /// The checks of the options, in `validate()` so that a usage error prints this command's
        /// usage line (thrown from `run()`, ArgumentParser prints the root's).
        func validate() throws {
            _ = try checkedOptions()
        }

        /// `--to` as written to, and the localizer `--expand` makes.
        private func checkedOptions() throws -> (to: String, localizer: PseudoLocalizer) {
            let to = try TranslationInputOptions.destination(to, writes: "pseudo-locales are files; pass a directory")
            let localizer: PseudoLocalizer
            do throws(PseudoLocalizer.InvalidExpansion) {
                localizer = try PseudoLocalizer(expansion: expand ?? "\(PseudoLocalizer.defaultExpansion)")
            } catch {
                throw ValidationError("--expand: \(error.description)")
            }
            // The pseudo-locales are files of their own below a directory: one result file (a
            // catalog named by --to) would replace the input's.
            let kind = pathKind(to)
            if kind == .file || (kind == nil && TranslationFormatRegistry.standard.format(forExtension: PathText.pathExtension(to)) != nil) {
                throw ValidationError("--to \(Diagnostic.quoted(to)) is a file; pass the directory to write the pseudo-locales to")
            }
            return (to, localizer)
        }

        func run() throws {
            let (to, localizer) = try checkedOptions()
            let methods: [PseudoLocalizer.Method] = bidi ? [.accented, .bidi] : [.accented]
            var converter = TranslationConverter()
            var rule = SourceLanguageRule()
            try reportingFailures { rule = try source.rule(near: [input.from]) }
            let outputs: [TranslationConverter.Output]
            do throws(TranslationError) {
                try input.read(into: &converter)
                guard let target = format?.format ?? converter.sourceFormat else {
                    throw TranslationError(
                        Diagnostic(file: input.from, message: "the format to write is not known; pass --format \(TranslationFormatArgument.valueNames)"),
                        kind: .usage)
                }
                outputs = try converter.planPseudoLocalization(localizer, methods: methods, format: target, to: to, sourceLanguage: rule)
                for notice in converter.notices { Console.error(notice.description) }
            } catch {
                Console.error(error.description)
                throw ExitCode(Convert.status(error.kind).rawValue)
            }
            // Every path is checked, and the file there read, before anything is written: a path
            // refused (a link below --to) leaves every file as it was.
            var changed: [TranslationConverter.Output] = []
            for output in outputs {
                guard let relative = output.relativePath else {
                    Console.error(
                        Diagnostic(file: output.path, message: "a pseudo-locale must be written below the directory --to; nothing was written").description)
                    throw ExitCode(ExitStatus.usage.rawValue)
                }
                var existing: [UInt8]? = nil
                try reportingFailures { existing = try AtomicFile.contents(of: relative, under: to) }
                if let existing, existing.elementsEqual(output.data) { continue }
                changed.append(output)
            }
            warnings.report(converter.issues)
            for output in changed {
                try reportingFailures {
                    try AtomicFile.write(output.data, to: output.relativePath ?? "", under: to)
                }
                try Console.output("wrote " + output.path)
            }
        }
    }
}
