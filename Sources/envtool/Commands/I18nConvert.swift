import AppleLocalization
import ArgumentParser
import Diagnostics
import EnvironmentKit
import LibC
import Platform
import TranslationFormats

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension I18n {
    struct Convert: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "convert",
            abstract: "Convert translations between the formats below (\(TranslationFormatRegistry.standard.names(separatedBy: ", "))).",
            discussion: """
                Formats, in the order a directory is searched for them:
                \(TranslationFormatRegistry.standard.summaries(indent: 2))

                --from is a file or a directory; its format comes from the extensions (a directory is read in the first format above that has files there) or from --from-format. --to is a directory (one file per language and table, in the target's layout) or, when the result is one file, that file.

                --po-msgid source writes a .po for translators: the key as msgctxt, the source language's text as msgid (msgid_plural its plural), the language's text as msgstr (empty until translated), and the header field X-Envtool-Msgid: source, by which envtool reads the keys back from msgctxt. Beside the languages' folders it writes <table>.pot, the template a new language starts from (msginit -i po/translation.pot -l fr -o po/fr/translation.po), which is not read back as a language.

                Plural forms are converted by CLDR category; placeholders between the syntaxes ({{name}}, %@ and %1$@, %d and %lld, %(name)s). What the target cannot express (nesting, i18next formats, placeholder names in Apple formats, device variations, comments in i18next JSON, contexts in Apple formats…) is reported on stderr, one line per kind of loss with the number of keys and the first of them (file: warning: 134 keys (en, de): reason: "a", "b", …), or, for a kind with one key and for every key with --verbose, as file: warning: "key" (language): reason; it is written as closely as the format allows. With --strict it is an error and nothing is written. The mapping table is in docs/conversion.md.

                \(SourceLanguageOptions.ruleSummary) It is recorded in catalogs and XLIFF, and decides Android's values/ and a .po's msgid.

                A bad input (malformed file, an XLIFF <file> without target-language, a .po with a broken Plural-Forms) is an error at its file:line:column, and nothing is written. Files are written atomically.

                With --check nothing is written: the files that would be created or changed are listed on stdout, and the exit status is 1 when there is any (for CI), 0 when the target is up to date.
                """)

        @OptionGroup var input: TranslationInputOptions

        @Option(help: ArgumentHelp("The file or directory to write.", valueName: "path"), completion: .file())
        var to: String

        @Option(help: ArgumentHelp("The format to write (default: from the extension of --to).", valueName: TranslationFormatArgument.valueNames))
        var format: TranslationFormatArgument?

        @OptionGroup var source: SourceLanguageOptions

        @Flag(help: "Write nothing; list the files that would change and exit 1 if there are any.")
        var check = false

        @Flag(help: "Fail (exit 65, nothing written) when something cannot be expressed in the target format.")
        var strict = false

        @Flag(
            help:
                "Write fuzzy (to be reviewed) texts into a format without translation states, as msgfmt --use-fuzzy does; by default they are left out, as untranslated texts always are."
        )
        var includeFuzzy = false

        @OptionGroup var warnings: ConversionWarningOptions

        @Option(
            name: .customLong("po-msgid"),
            help: ArgumentHelp(
                "What a .po's msgid holds: the key (default), or the source language's text, with the key as msgctxt, as Weblate, Poedit and pofilter expect a file to translate (read back to the same keys).",
                valueName: "key|source"))
        var poMsgid: GettextFormat.MessageID?

        /// `--check` found files to create or change: a result, not a failure kind, as `git diff --exit-code`.
        static let changesPending: Int32 = 1

        /// The checks of the options, in `validate()` so that a usage error prints this command's
        /// usage line (thrown from `run()`, ArgumentParser prints the root's).
        func validate() throws {
            _ = try checkedOptions()
        }

        /// `--to` as written to, and the format to write.
        private func checkedOptions() throws -> (to: String, target: any TranslationFileFormat) {
            let to = try TranslationInputOptions.destination(to, writes: "a conversion writes files; pass a directory (or, for one result, a file)")
            guard let target = format?.format ?? TranslationFormatRegistry.standard.format(forExtension: PathText.pathExtension(to)) else {
                throw ValidationError("the format to write is not known from \"\(to)\"; pass --format \(TranslationFormatArgument.valueNames)")
            }
            if let poMsgid {
                guard target is GettextFormat else { throw ValidationError("--po-msgid is for .po output; the format written is \(target.name)") }
                return (to, GettextFormat(messageID: poMsgid))
            }
            return (to, target)
        }

        func run() throws {
            let (to, target) = try checkedOptions()
            var converter = TranslationConverter()
            // Originals serve only a writer of their own format: .po to i18next keeps none.
            converter.targetFormat = target.name
            converter.includesFuzzy = includeFuzzy
            converter.releasesTablesWhenPlanned = true
            var rule = SourceLanguageRule()
            try reportingFailures { rule = try source.rule(near: [input.from]) }
            let outputs: [TranslationConverter.Output]
            do {
                try input.read(into: &converter)
                outputs = try converter.plan(target, to: to, sourceLanguage: rule)
                for notice in converter.notices { Console.error(notice.description) }
            } catch {
                Console.error(error.description)
                throw ExitCode(Self.status(error.kind).rawValue)
            }
            // The process ends after this command: the tables are left to the exit instead of
            // being freed entry by entry (a twentieth of converting 200,000 entries, measured).
            defer { _ = Unmanaged.passRetained(ProcessLifetime(converter)) }
            let issues = converter.issues
            // Every output is checked (and read, to compare) before any is written, so that a
            // refused path leaves all the files as they were. Paths below --to are made from what
            // the input files say: each is read and written without leaving --to or passing a
            // symbolic link inside it.
            var changed: [(output: TranslationConverter.Output, existing: [UInt8]?)] = []
            for output in outputs {
                var existing: [UInt8]? = nil
                try reportingFailures {
                    if let relative = output.relativePath {
                        existing = try AtomicFile.contents(of: relative, under: to)
                    } else {
                        existing = try Self.existingFile(output.path)
                    }
                }
                if let existing, existing.elementsEqual(output.data) { continue }
                changed.append((output, existing))
            }
            // What cannot be expressed is said when something is written, or would be; a --check
            // that finds every file up to date has nothing to report (--strict still does).
            if !check || !changed.isEmpty || strict {
                warnings.report(issues)
            }
            if strict, !issues.isEmpty {
                Console.error("error: --strict: \(Describe.count(issues.count, "thing")) cannot be expressed in \(target.name); nothing was written")
                throw ExitCode(ExitStatus.invalidInput.rawValue)
            }
            // A conversion that gives no file at all (a catalog whose keys have no text yet) is
            // not a success: the next step would find nothing to read.
            if outputs.isEmpty {
                Console.error(
                    "\(input.from): error: nothing to write in \(target.name): no key of the input has a text in any language\(issues.isEmpty ? "" : " (see the warnings above)"); give the keys a text (a catalog's source language), or convert to \(converter.sourceFormat?.name ?? "the input's format")"
                )
                throw ExitCode(ExitStatus.invalidInput.rawValue)
            }
            var pending = 0
            for (output, existing) in changed {
                if check {
                    pending += 1
                    try Console.output((existing == nil ? "would create " : "would change ") + output.path)
                    continue
                }
                try reportingFailures {
                    if let relative = output.relativePath {
                        try AtomicFile.write(output.data, to: relative, under: to)
                    } else {
                        let folder = PathText.deletingLastComponent(output.path)
                        do {
                            try FileManager.default.createDirectory(atPath: folder.isEmpty ? "." : folder, withIntermediateDirectories: true)
                        } catch {
                            throw EnvironmentError(.writeFailed, file: output.path, message: "cannot create the directory \(folder)")
                        }
                        try AtomicFile.write(output.data, to: output.path)
                    }
                }
                try Console.output("wrote " + output.path)
            }
            if check, pending > 0 { throw ExitCode(Self.changesPending) }
        }

        /// The bytes of the file `--to` names when the result is that one file; `nil` when there
        /// is none. Anything but a regular file (a device such as `/dev/null`, a FIFO) is
        /// refused: the atomic write would replace it with a regular file.
        static func existingFile(_ path: String) throws(EnvironmentError) -> [UInt8]? {
            var status = stat()
            guard stat(path, &status) == 0 else { return nil }
            guard status.st_mode & S_IFMT == S_IFREG, let data = RegularFile.contents(atPath: path) else {
                throw EnvironmentError(
                    .writeFailed, file: path, message: "it is not a regular file; pass a directory or a regular file as --to (nothing was written)")
            }
            return Array(data)
        }

        static func status(_ kind: TranslationError.Kind) -> ExitStatus {
            switch kind {
            case .invalidInput: .invalidInput
            case .unreadable: .unreadableInput
            case .usage: .usage
            }
        }
    }
}

/// A value kept until the process exits (see `I18nConvert`'s `run`).
private final class ProcessLifetime<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
