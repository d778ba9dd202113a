import Diagnostics
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Platform
import StringsFile

/// Reads translation files of one format into ``TranslationTable``s and plans the files of
/// another; the caller writes the plan (atomically) or compares it with the disk (`--check`).
///
/// Reading stops at the first error, before anything is planned, so a bad input never leaves
/// half a conversion behind. What a target cannot express is reported in ``issues``.
public struct TranslationConverter: Sendable {
    /// A file the conversion would write.
    public struct Output: Sendable, Hashable {
        /// Where: the destination itself, or a path below it.
        public var path: String
        /// The path below the destination directory (`ru/translation.po`), made of language tags
        /// and table names only; `nil` when the output is the destination file itself. Writers
        /// keep it below the destination (`AtomicFile.write(_:to:under:)`).
        public var relativePath: String?
        /// What.
        public var data: Data

        init(destination: String, relativePath: String?, data: Data) {
            self.path = relativePath.map { destination + "/" + $0 } ?? destination
            self.relativePath = relativePath
            self.data = data
        }
    }

    /// What the target formats could not express, by file, language and key.
    public private(set) var issues: [ConversionIssue] = []
    /// The tables read.
    public private(set) var tables: [TranslationTable] = []
    /// The format read.
    public private(set) var sourceFormat: TranslationFormat?

    /// A converter with nothing read yet.
    public init() {}

    // MARK: Reading

    /// Reads `path`, a file or a directory, in `format` (inferred from extensions when `nil`).
    ///
    /// - Parameter language: The language of single-language files that do not name it
    ///   (a `.strings` outside an `.lproj`, a flat `<ns>.json`, a `.po` without `Language:`).
    /// - Throws: ``AppleLocalizationError`` at the first unreadable or malformed file, positioned.
    public mutating func read(_ path: String, format: TranslationFormat? = nil, language: String? = nil) throws(AppleLocalizationError) {
        guard let kind = pathKind(path) else {
            throw AppleLocalizationError(Diagnostic(file: path, message: "no such file or directory"), kind: .unreadable)
        }
        if kind == .directory {
            let found = try Self.discover(path, format: format)
            sourceFormat = found.format
            for file in found.files { try readFile(file.path, format: file.format, language: file.language ?? language, table: file.table) }
        } else {
            let inferred = format ?? TranslationFormat(fileExtension: PathText.pathExtension(path))
            guard let inferred else {
                throw AppleLocalizationError(Diagnostic(file: path, message: "the format of \"\(PathText.lastComponent(path))\" is not known from its extension; pass --from-format \(TranslationFormat.allCases.map(\.rawValue).joined(separator: "|"))"), kind: .usage)
            }
            sourceFormat = inferred
            let (guessed, table) = Self.languageAndTable(of: path, format: inferred)
            try readFile(path, format: inferred, language: language ?? guessed, table: table)
        }
    }

    private mutating func readFile(_ path: String, format: TranslationFormat, language: String?, table: String) throws(AppleLocalizationError) {
        func need() throws(AppleLocalizationError) -> String {
            guard let language else {
                throw AppleLocalizationError(Diagnostic(file: path, message: "the language of this file is not known from its path; pass --language"), kind: .usage)
            }
            return language
        }
        func data() throws(AppleLocalizationError) -> Data {
            guard let data = FileManager.default.contents(atPath: path) else {
                throw AppleLocalizationError(Diagnostic(file: path, line: 1, column: 1, message: "cannot read the file: \(unreadableReason(path))"), kind: .unreadable)
            }
            return data
        }
        switch format {
        case .i18next:
            let language = try need()
            let entries = try I18NextJSONFormat.read(try data(), path: path, language: language, issues: &issues)
            try add(TranslationTable(name: TranslationFormat.tableName(table, for: .xcstrings), languages: [language: entries]), from: path)
        case .strings:
            let language = try need()
            var strings: StringsFile? = nil
            var dict: StringsDictFile? = nil
            if path.hasSuffix(".stringsdict") {
                dict = try StringsDictFile(contentsOf: path)
            } else {
                let bytes = try data()
                do { strings = try StringsFile(data: bytes, path: path) } catch { throw AppleLocalizationError(AppleStringsLookup.diagnostic(error.diagnostic)) }
            }
            try add(TranslationTable(name: table, languages: [language: AppleFormatsConversion.entries(strings: strings, stringsdict: dict, language: language, issues: &issues)]), from: path)
        case .xcstrings:
            let catalog = try StringCatalog(contentsOf: path)
            try add(AppleFormatsConversion.table(catalog: catalog, issues: &issues), from: path)
        case .po:
            let (found, entries) = try GettextFormat.read(try data(), path: path, language: language, issues: &issues)
            try add(TranslationTable(name: TranslationFormat.tableName(table, for: .xcstrings), languages: [found: entries]), from: path)
        case .xliff:
            for table in try XLIFFFormat.read(try data(), path: path, issues: &issues) { try add(table, from: path) }
        }
    }

    /// Merges `table`, read from `path`, into the tables read: languages are added, entries of a
    /// language appended (a `.stringsdict` key wins over the same `.strings` key, as in lookups).
    ///
    /// Its languages and name become output paths, and they come from the file: anything that is
    /// not a language tag or a plain file name is refused here, whichever format read it.
    private mutating func add(_ table: TranslationTable, from path: String) throws(AppleLocalizationError) {
        try Self.checkNames(of: table, readFrom: path)
        guard let index = tables.firstIndex(where: { $0.name == table.name }) else {
            tables.append(table)
            return
        }
        if tables[index].sourceLanguage == nil { tables[index].sourceLanguage = table.sourceLanguage }
        for (language, entries) in table.languages {
            var existing = tables[index].languages[language] ?? []
            let known = Set(existing.map { [$0.key, $0.context] })
            existing += entries.filter { !known.contains([$0.key, $0.context]) }
            tables[index].languages[language] = existing
        }
    }

    // MARK: Writing

    /// The files `format` needs for the tables read, under `destination` (a directory, or a
    /// file when the result is one file).
    ///
    /// - Parameter sourceLanguage: The source language of catalogs and XLIFF when the input does
    ///   not record one; else the first language.
    /// - Throws: ``AppleLocalizationError`` when a target cannot be written at all (a `.po` for a
    ///   language without a known plural expression, several files for one file path).
    public mutating func plan(_ format: TranslationFormat, to destination: String, sourceLanguage: String? = nil) throws(AppleLocalizationError) -> [Output] {
        let kind = pathKind(destination)
        let asFile = kind == .file || (kind == nil && TranslationFormat(fileExtension: PathText.pathExtension(destination)) != nil)
        var outputs: [Output] = []
        for table in tables {
            let source = table.sourceLanguage ?? sourceLanguage ?? table.languageOrder.first ?? "en"
            var table = table
            table.sourceLanguage = source
            if sourceFormat == .i18next, ![.i18next, .po].contains(format) {
                // Contexts read from i18next's `key_context` go back into the key where a format
                // has none: the key is the one the source had, so nothing is lost or reported.
                table.languages = table.languages.mapValues { entries in
                    entries.map { entry in
                        var entry = entry
                        if let context = entry.context { entry.key += "_" + context; entry.context = nil }
                        return entry
                    }
                }
            }
            // Every writer lists keys sorted (as Xcode writes catalogs), so the order a format
            // cannot keep (.strings and .stringsdict split one table) never makes a round trip differ.
            table.languages = table.languages.mapValues { entries in
                entries.sorted { ($0.key, $0.context ?? "") < ($1.key, $1.context ?? "") }
            }
            let name = TranslationFormat.tableName(table.name, for: format)
            if format != .po {
                for (language, entries) in table.languages {
                    for entry in entries {
                        guard let pluralID = entry.pluralID else { continue }
                        issues.append(ConversionIssue(file: destination, language: language, key: entry.key,
                            reason: "gettext's msgid_plural \"\(pluralID)\" has no place in \(format.rawValue); not written"))
                    }
                }
            }
            switch format {
            case .xcstrings:
                let relative = asFile ? nil : name + ".xcstrings"
                let path = relative.map { destination + "/" + $0 } ?? destination
                outputs.append(Output(destination: destination, relativePath: relative, data: StringCatalogConversion.write(table, sourceLanguage: source, issues: &issues, path: path)))
            case .xliff:
                let targets = table.languageOrder.count > 1 ? table.languageOrder.filter { $0 != source } : table.languageOrder
                for target in targets {
                    let relative = asFile ? nil : target + ".xliff"
                    let path = relative.map { destination + "/" + $0 } ?? destination
                    outputs.append(Output(destination: destination, relativePath: relative, data: XLIFFFormat.write(table, source: source, target: target, issues: &issues, path: path)))
                }
            case .i18next, .po, .strings:
                let orders = AppleFormatsConversion.argumentOrders(table)
                for language in table.languageOrder {
                    let entries = table.languages[language] ?? []
                    switch format {
                    case .i18next:
                        let relative = asFile ? nil : language + "/" + name + ".json"
                        let path = relative.map { destination + "/" + $0 } ?? destination
                        var collected = ConversionIssues(file: path, language: language)
                        outputs.append(Output(destination: destination, relativePath: relative, data: I18NextJSONFormat.write(entries, path: path, language: language, issues: &collected)))
                        issues += collected.all
                    case .po:
                        let relative = asFile ? nil : language + "/" + name + ".po"
                        let path = relative.map { destination + "/" + $0 } ?? destination
                        var collected = ConversionIssues(file: path, language: language)
                        outputs.append(Output(destination: destination, relativePath: relative, data: try GettextFormat.write(entries, language: language, table: name, path: path, issues: &collected)))
                        issues += collected.all
                    default:
                        let folder = (language == "base" ? "Base" : language) + ".lproj/"
                        var collected = ConversionIssues(file: destination + "/" + folder + name + ".strings", language: language)
                        if let data = AppleFormatsConversion.writeStrings(entries, orders: orders, issues: &collected) {
                            outputs.append(Output(destination: destination, relativePath: folder + name + ".strings", data: data))
                        }
                        collected.file = destination + "/" + folder + name + ".stringsdict"
                        if let data = AppleFormatsConversion.writeStringsdict(entries, orders: orders, issues: &collected) {
                            outputs.append(Output(destination: destination, relativePath: folder + name + ".stringsdict", data: data))
                        }
                        issues += collected.all
                    }
                }
            }
        }
        if asFile, outputs.count > 1 {
            throw AppleLocalizationError(Diagnostic(file: destination, message: "the conversion gives \(outputs.count) files (\(outputs.prefix(3).map { PathText.lastComponent($0.path) }.joined(separator: ", "))…); pass a directory as --to"), kind: .usage)
        }
        if format == .strings, asFile {
            throw AppleLocalizationError(Diagnostic(file: destination, message: ".strings output is a directory of <lang>.lproj folders; pass a directory as --to"), kind: .usage)
        }
        return outputs
    }
}
