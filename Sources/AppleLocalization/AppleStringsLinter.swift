import CLDRPlurals
import Diagnostics
import PrintfFormat
import StringsFile

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Checks the Apple localization tables of a directory (`.xcstrings`, `.stringsdict`, `.strings`)
/// for what makes an app show the wrong text, and reports it in the one diagnostic format.
///
/// The checks, each a warning:
/// - a plural variation lacks a CLDR category its language needs, or has one the language never
///   uses (`zero` is allowed everywhere: Apple uses it for 0);
/// - a translation reads its arguments differently from the source language: another kind
///   (`%@` where the source has `%d`), another count or other positions;
/// - a catalog string is `new`, `stale` or `needs_review`, or its key is stale in the code;
/// - a key is present in one language and not in another;
/// - a key is defined differently by two formats of one language (the lookup order decides which wins);
/// - the source text reads an integer without a length modifier (`%d`): Foundation reads 32 bits,
///   so a Swift `Int` beyond them prints wrong (`%lld` reads it whole);
/// - a conversion has the `'` flag, which Foundation ignores.
///
/// Files that fail to parse are reported as errors, with their warnings.
public struct AppleStringsLinter: Sendable {
    /// The tables to check.
    public let lookup: AppleStringsLookup
    /// The language `.strings` and `.stringsdict` sources are written in (catalogs name their own).
    public let developmentLanguage: String
    /// The languages the app offers; a key missing in one of them is reported even if no file
    /// of that language exists. `nil`: the languages that have files.
    public let languages: [String]?

    /// Numbers whose rendered texts tell two definitions apart: every CLDR category of every
    /// language has a sample here (0, 1, 2, 3–4, 5–20, 11–14, 21–24, 100s, fractions).
    static let samples: [Double] = [0, 1, 2, 3, 5, 11, 12, 21, 22, 25, 100, 101, 102, 1_000_000, 1.5]

    /// A linter over `lookup`.
    public init(lookup: AppleStringsLookup, developmentLanguage: String, languages: [String]? = nil) {
        self.lookup = lookup
        self.developmentLanguage = AppleTableDirectory.languageKey(developmentLanguage)
        self.languages = languages.map { $0.map(AppleTableDirectory.languageKey) }
    }

    /// Every finding, sorted by file, line and column.
    public func lint() -> [Diagnostic] {
        var findings = lookup.diagnostics()
        for table in lookup.tables {
            findings += lint(table: table)
        }
        return findings.sorted { ($0.file ?? "", $0.line ?? 0, $0.column ?? 0, $0.message) < ($1.file ?? "", $1.line ?? 0, $1.column ?? 0, $1.message) }
    }

    /// The languages a table is checked against: those with a definition, but Base, and those
    /// the app lists.
    ///
    /// Collected one insertion at a time: a `Set` made from the flattened list of every
    /// definition's language keeps the capacity of that list (a million buckets for a million
    /// keys), and each key's `subtracting` copied all of it, which made the lint of a directory
    /// quadratic in its keys.
    static func offeredLanguages(_ definitions: some Sequence<LintDefinition>, listed: [String]?) -> Set<String> {
        var offered = Set(listed ?? [])
        for definition in definitions where definition.language != AppleTableDirectory.base {
            offered.insert(definition.language)
        }
        return offered
    }

    private func warning(_ at: SourceLocation, _ message: String) -> Diagnostic {
        Diagnostic(.warning, file: at.file, line: at.line, column: at.column, message: message)
    }

    private func lint(table: String) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        let (definitions, catalog) = gather(table: table)
        let offered = Self.offeredLanguages(definitions.all, listed: languages).sorted()
        let dontTranslate = Set(catalog?.entries.values.filter { !$0.shouldTranslate }.map(\.key) ?? [])

        for (keyIndex, key) in definitions.keys.enumerated() {
            let all = definitions[keyAt: keyIndex]
            guard let first = all.first else { continue }
            let byLanguage = Self.byLanguage(all)
            let present = byLanguage.map(\.language)

            // Present in one language and not another (Base serves every language).
            if !present.contains(AppleTableDirectory.base), !dontTranslate.contains(key) {
                let missing = Self.sortedDifference(offered, present)
                if !missing.isEmpty {
                    findings.append(
                        warning(
                            first.location,
                            "\"\(key)\" of the table \(table) has no text for \(missing.joined(separator: ", ")) (it has for \(present.joined(separator: ", "))); those languages fall back to another language"
                        ))
                }
            }

            for (language, firstOffset, offsets) in byLanguage {
                let rules = lookup.pluralRules(language == AppleTableDirectory.base ? developmentLanguage : language)
                // Two formats of one language that show different text.
                if offsets.count > 1 {
                    let winner = all[firstOffset]
                    for other in offsets.dropFirst().map({ all[$0] }) where differ(winner, other, rules) {
                        findings.append(
                            warning(
                                other.location,
                                "\"\(key)\" (\(language)) is defined differently in \(winner.location.file) (\(winner.format.rawValue)) and here (\(other.format.rawValue)); lookups use the \(winner.format.rawValue), which comes first (xcstrings, stringsdict, strings). Remove one"
                            ))
                    }
                }
                // Plural categories the language needs or cannot use.
                for offset in offsets {
                    for variation in all[offset].pluralVariations {
                        let needed = Set(rules.categories)
                        let lacking = needed.subtracting(variation.categories).sorted { $0.order < $1.order }
                        let unusable = variation.categories.subtracting(needed).subtracting([.zero]).sorted { $0.order < $1.order }
                        let categories = rules.categories.map(\.rawValue).joined(separator: ", ")
                        if !lacking.isEmpty {
                            findings.append(
                                warning(
                                    variation.location,
                                    "\(variation.name) of \"\(key)\" (\(language)) lacks \(lacking.map(\.rawValue).joined(separator: ", ")); CLDR gives \(language) \(categories), and a missing form shows \"other\""
                                ))
                        }
                        if !unusable.isEmpty {
                            findings.append(
                                warning(
                                    variation.location,
                                    "\(variation.name) of \"\(key)\" (\(language)) has \(unusable.map(\.rawValue).joined(separator: ", ")), which \(language) never uses (CLDR: \(categories)); remove it"
                                ))
                        }
                    }
                }
            }

            // Arguments read differently from the source language. Each definition's formats are
            // split once here, for the flags, the integers and the signature alike.
            let sourceLanguage =
                first.format == .catalog ? catalog.map { AppleTableDirectory.languageKey($0.sourceLanguage) } ?? developmentLanguage : developmentLanguage
            let sourceOffset = byLanguage.first { $0.language == sourceLanguage }?.first
            let source = sourceOffset.map { all[$0] } ?? (first.format == .catalog ? catalogSource(key, catalog, first.location) : nil)
            let sourceStrings = source?.formatStrings ?? []
            if let source { findings += narrowIntegers(source, sourceStrings, key: key) }
            // Made when a translation needs it: a key of one language has nothing to compare.
            var expected: FormatSignature? = nil
            for offset in all.indices {
                let definition = all[offset]
                let strings = offset == sourceOffset ? sourceStrings : definition.formatStrings
                findings += groupingFlags(definition, strings, key: key)
                if let source, definition.language != sourceLanguage {
                    let sourceSignature = expected ?? source.signature(of: sourceStrings)
                    expected = sourceSignature
                    findings += compare(definition.signature(of: strings), sourceSignature, key: key, definition: definition, sourceLanguage: sourceLanguage)
                }
            }
        }

        // Catalog states.
        if let catalog {
            for key in catalog.keys {
                guard let entry = catalog[key] else { continue }
                if entry.extractionState == "stale", let at = entry.location {
                    findings.append(warning(at, "\"\(key)\" is no longer in the code (extractionState stale); remove it from the catalog or use it again"))
                }
                for language in entry.localizations.keys.sorted() {
                    guard let localization = entry.localizations[language] else { continue }
                    for (path, unit) in localization.value.units where unit.state != .translated {
                        let variation = path.isEmpty ? "" : " (\(path))"
                        let at = unit.location ?? localization.location ?? entry.location ?? SourceLocation(file: catalog.path, line: 1, column: 1)
                        switch unit.state {
                        case .new:
                            findings.append(
                                warning(at, "\"\(key)\" (\(language))\(variation) is not translated yet (state new); its text is shown as it is until it is"))
                        case .stale: findings.append(warning(at, "\"\(key)\" (\(language))\(variation) is stale (state stale); its text is still shown"))
                        case .needsReview:
                            findings.append(warning(at, "\"\(key)\" (\(language))\(variation) needs review (state needs_review); it is shown until reviewed"))
                        case .translated: break
                        }
                    }
                }
            }
        }
        return findings
    }

    private func differ(_ a: LintDefinition, _ b: LintDefinition, _ rules: PluralRules) -> Bool {
        for sample in Self.samples {
            let arguments: [any CustomStringConvertible & Sendable] = [sample, sample, sample, sample]
            if a.rendered(rules: rules, arguments: arguments) != b.rendered(rules: rules, arguments: arguments) { return true }
        }
        return false
    }

    private func compare(_ actual: FormatSignature, _ expected: FormatSignature, key: String, definition: LintDefinition, sourceLanguage: String)
        -> [Diagnostic]
    {
        var findings: [Diagnostic] = []
        let language = definition.language
        if actual.argumentCount != expected.argumentCount {
            findings.append(
                warning(
                    definition.location,
                    "\"\(key)\" (\(language)) reads \(actual.argumentCount) argument(s) where the source (\(sourceLanguage)) reads \(expected.argumentCount); translations must use the same arguments"
                ))
        }
        for index in 1...max(1, min(actual.argumentCount, expected.argumentCount)) {
            guard let kinds = actual.kinds[index], let expectedKinds = expected.kinds[index] else {
                if (actual.kinds[index] == nil) != (expected.kinds[index] == nil), actual.argumentCount == expected.argumentCount {
                    let has = actual.kinds[index] == nil ? sourceLanguage : language
                    findings.append(
                        warning(
                            definition.location,
                            "\"\(key)\" (\(language)): argument \(index) is used only in \(has); positions must match the source (\(sourceLanguage))"))
                }
                continue
            }
            if kinds != expectedKinds {
                findings.append(
                    warning(
                        definition.location,
                        "\"\(key)\" (\(language)): argument \(index) is \(actual.examples[index] ?? "?") (\(kinds.map(\.rawValue).sorted().joined(separator: "/"))) where the source (\(sourceLanguage)) has \(expected.examples[index] ?? "?") (\(expectedKinds.map(\.rawValue).sorted().joined(separator: "/")))"
                    ))
            }
        }
        return findings
    }

    /// `%d %u %x …` without a length modifier in the source text: Foundation reads an `int`, and
    /// the generated accessor passes an `Int`.
    private func narrowIntegers(_ definition: LintDefinition, _ formatStrings: [FormatString], key: String) -> [Diagnostic] {
        var sources: [String] = []
        var suggestions: [String] = []
        for string in formatStrings {
            for case .conversion(let conversion) in string.tokens {
                switch conversion.argumentType {
                case .int(bits: 32), .uint(bits: 32):
                    guard !sources.contains(conversion.source) else { continue }
                    sources.append(conversion.source)
                    let letter: String =
                        switch conversion.conversion {
                        case "D": "d";
                        case "U": "u";
                        case "O": "o";
                        default: String(conversion.conversion)
                        }
                    suggestions.append(String(conversion.source.dropLast()) + "ll" + letter)
                default:
                    continue
                }
            }
        }
        guard !sources.isEmpty else { return [] }
        return [
            warning(
                definition.location,
                "\"\(key)\" (\(definition.language)) reads \(sources.joined(separator: ", ")) as a 32-bit int, as Foundation does: a Swift Int beyond ±2147483647 prints wrong; write \(suggestions.joined(separator: ", ")) (or %ld)"
            )
        ]
    }

    /// The `'` (grouping) flag: Foundation's `String(format:)` does not group, and neither does the lookup.
    private func groupingFlags(_ definition: LintDefinition, _ formatStrings: [FormatString], key: String) -> [Diagnostic] {
        var sources: [String] = []
        for string in formatStrings {
            for case .conversion(let conversion) in string.tokens where conversion.flags.contains("'") && !sources.contains(conversion.source) {
                sources.append(conversion.source)
            }
        }
        guard !sources.isEmpty else { return [] }
        return [
            warning(
                definition.location,
                "\"\(key)\" (\(definition.language)): the ' flag of \(sources.joined(separator: ", ")) is ignored (String(format:) does not group digits); remove it"
            )
        ]
    }

    /// The source text of a catalog key without a source localization: the key itself.
    private func catalogSource(_ key: String, _ catalog: StringCatalog?, _ at: SourceLocation) -> LintDefinition? {
        guard let catalog else { return nil }
        return LintDefinition(language: AppleTableDirectory.languageKey(catalog.sourceLanguage), format: .catalog, content: .text(key), location: at)
    }

    /// Every definition of every key of `table`, per key in lookup order (catalog, stringsdict, strings).
    private func gather(table: String) -> (LintDefinitions, StringCatalog?) {
        var definitions = LintDefinitions()
        var catalog: StringCatalog? = nil
        if case .success(let parsed)? = lookup.catalog(table: table) {
            catalog = parsed
            for key in parsed.keys {
                guard let entry = parsed[key] else { continue }
                let entryLocation = entry.location ?? SourceLocation(file: parsed.path, line: 1, column: 1)
                if entry.localization(for: parsed.sourceLanguage) == nil {
                    // Xcode shows the key itself for the source language.
                    definitions.add(
                        key,
                        LintDefinition(
                            language: AppleTableDirectory.languageKey(parsed.sourceLanguage), format: .catalog, content: .text(key), location: entryLocation))
                }
                for language in entry.localizations.keys.sorted() {
                    guard let localization = entry.localizations[language] else { continue }
                    definitions.add(
                        key,
                        LintDefinition(
                            language: AppleTableDirectory.languageKey(language), format: .catalog,
                            content: .catalog(localization), location: localization.location ?? entryLocation))
                }
            }
        }
        for language in lookup.tableDirectory.languages(table: table) {
            if case .success(let file)? = lookup.stringsdictFile(language: language, table: table) {
                for key in file.keys {
                    guard let format = file[key] else { continue }
                    definitions.add(
                        key,
                        LintDefinition(
                            language: language, format: .stringsdict, content: .stringsdict(format),
                            location: format.location ?? SourceLocation(file: file.path, line: 1, column: 1)))
                }
            }
            if case .success(let file)? = lookup.stringsFile(language: language, table: table) {
                definitions.reserveCapacity(adding: file.count)
                file.forEachEntry { key, value, at in
                    definitions.add(
                        key,
                        LintDefinition(
                            language: language, format: .strings, content: .text(value),
                            location: SourceLocation(file: file.path, line: at?.line ?? 1, column: at?.column ?? 1)))
                }
            }
        }
        definitions.group()
        return (definitions, catalog)
    }

    /// The definitions of one key grouped by language, languages sorted, each group in lookup
    /// order: offsets into `definitions`, the first of each group apart.
    static func byLanguage(_ definitions: ArraySlice<LintDefinition>) -> [(language: String, first: Int, offsets: ArraySlice<Int>)] {
        // Most keys have one definition, which needs no sorting.
        let sorted =
            definitions.count == 1
            ? [definitions.startIndex]
            : definitions.indices.sorted { (definitions[$0].language, $0) < (definitions[$1].language, $1) }
        var groups: [(language: String, first: Int, offsets: ArraySlice<Int>)] = []
        var start = 0
        for index in sorted.indices where index == sorted.count - 1 || definitions[sorted[index]].language != definitions[sorted[index + 1]].language {
            groups.append((definitions[sorted[start]].language, sorted[start], sorted[start...index]))
            start = index + 1
        }
        return groups
    }

    /// The elements of `all` that are not in `present`, both sorted: one merge, where a `Set`
    /// difference per key would hash every offered language again.
    static func sortedDifference(_ all: [String], _ present: [String]) -> [String] {
        var result: [String] = []
        var cursor = present.startIndex
        for element in all {
            while cursor < present.endIndex, present[cursor] < element { cursor += 1 }
            if cursor == present.endIndex || present[cursor] != element { result.append(element) }
        }
        return result
    }
}
