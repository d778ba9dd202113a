import AppleLocalization
import CLDRPlurals
import Diagnostics
import I18Next
import Platform
import TranslationFormats

/// The accessor entries of the development language's i18next resources
/// (`locales/<lng>/<ns>.json`), read by the one i18next reader convert, status and lint use
/// (``TranslationFormats/I18NextJSONFormat``), so that a key, a plural and a context are what they
/// are there: nested keys joined with `.`, a plural (`_one`, `_other`, `_ordinal_two`) one entry
/// with a `count` parameter, a context variant (`friend_male` beside `friend`) an accessor of its
/// own under the key i18next looks up, and a value that is not a string no accessor.
struct I18NextAccessorEntries {
    private(set) var entries: [TranslationEntry] = []
    private(set) var diagnostics: [Diagnostic] = []
    /// Every file read, for the build-tool plugin's inputs.
    private(set) var files: [String] = []

    /// Reads every namespace of `language` in `directory/locales` as the app's engine lists them;
    /// nothing when there is none. The namespace whose keys need no `ns:` prefix is the engine's default.
    mutating func read(directory: String, language: String) {
        let resources = DirectoryBackend(directory: PathText.appending(directory, "locales"))
        let namespaces = resources.namespaces(language: language)
        guard !namespaces.isEmpty else { return }
        let defaultNamespace = resources.defaultNamespace
        let format = I18NextJSONFormat()
        for namespace in namespaces {
            let path = resources.path(language: language, namespace: namespace)
            files.append(path)
            var file = TranslationSourceFile(path: path, language: language, table: namespace, format: format.name)
            file.recordsPositions = true
            file.keepsOriginal = false
            var issues: [ConversionIssue] = []
            let tables: [TranslationTable]
            do throws(I18NextResourceError) {
                tables = try format.read(file, issues: &issues)
            } catch {
                diagnostics.append(error.diagnostic)
                continue
            }
            for issue in issues {
                // "array is not a translatable string; not converted": the first half is the news here.
                let what = issue.reason.split(separator: ";").first.map(String.init) ?? issue.reason
                diagnostics.append(Diagnostic(.warning, file: path, path: issue.key, message: "\(what); no accessor is generated for it"))
            }
            let prefix = namespace == defaultNamespace ? nil : namespace
            for entry in tables.flatMap({ $0.languages[language] ?? [] }) { add(entry, namespace: prefix, file: path) }
        }
    }

    private mutating func add(_ entry: TranslationFormats.TranslationEntry, namespace: String?, file: String) {
        switch entry.value {
        case .single(let message):
            append(entry.foldedKey, forms: [("", message)], plural: false, ordinal: false, namespace: namespace, file: file, line: entry.location?.line)
        case .plural(let forms, _, _, _):
            // `place_ordinal_one` is what `t("place", { count, ordinal: true })` reads: the accessor is `place(ordinal:)`.
            let ordinal = entry.pluralKind == .ordinal
            var key = entry.foldedKey
            if ordinal, key.hasSuffix("_ordinal"), key.count > "_ordinal".count { key.removeLast("_ordinal".count) }
            let ordered = PluralCategory.allCases.compactMap { category in forms[category].map { (category.rawValue, $0) } }
            append(key, forms: ordered, plural: true, ordinal: ordinal, namespace: namespace, file: file, line: entry.location?.line)
            // `items` beside `items_one`: what a call without a count shows, an accessor of its own.
            if let plain = entry.textWithoutCount {
                append(entry.foldedKey, forms: [("", plain)], plural: false, ordinal: false, namespace: namespace, file: file, line: entry.location?.line)
            }
        }
    }

    /// The placeholders of `message`, with those inside a nesting's options
    /// (`$t(cart.items, {"count": {{count}} })`), which i18next fills before it nests.
    private static func placeholders(in message: TranslationMessage) -> [TranslationPlaceholder] {
        message.pieces.flatMap { piece -> [TranslationPlaceholder] in
            switch piece {
            case .placeholder(let placeholder): return [placeholder]
            case .nesting(let text):
                var steps = 0
                return PlaceholderSyntax.parseI18Next(text, steps: &steps).placeholders
            default: return []
            }
        }
    }

    private mutating func append(
        _ key: String, forms: [(name: String, message: TranslationMessage)], plural: Bool, ordinal: Bool, namespace: String?, file: String, line: Int?
    ) {
        var variables: [(String, TranslationEntry.Parameter.Kind)] = []
        for (_, message) in forms {
            for placeholder in Self.placeholders(in: message) {
                guard let name = placeholder.name, !name.isEmpty, !variables.contains(where: { $0.0 == name }) else { continue }
                if name.contains(".") {
                    diagnostics.append(
                        Diagnostic(
                            .warning, file: file, path: key,
                            message:
                                "the variable \"\(name)\" is nested; the accessor has no parameter for it (pass an object through AppEnvironment.translate)"))
                    continue
                }
                // `count` is an `Int`; a variable formatted as `number` or `currency` a `Double`, others `String`.
                let format = placeholder.format ?? ""
                variables.append((name, name == "count" ? .int : (format.hasPrefix("number") || format.hasPrefix("currency")) ? .double : .string))
            }
        }
        var parameters: [TranslationEntry.Parameter] = []
        if plural || variables.contains(where: { $0.0 == "count" }) { parameters.append(.init(variable: "count", kind: .int)) }
        for (name, kind) in variables.sorted(by: { $0.0 < $1.0 }) where name != "count" {
            parameters.append(.init(variable: name, kind: kind))
        }
        let documentation = forms.map { name, message in name.isEmpty ? I18NextJSONFormat.text(of: message) : "\(name): \(I18NextJSONFormat.text(of: message))"
        }
        let segments = key.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        entries.append(
            TranslationEntry(
                source: .i18next, key: namespace.map { "\($0):\(key)" } ?? key, path: (namespace.map { [$0] } ?? []) + segments,
                parameters: parameters, isOrdinal: ordinal, documentation: documentation, file: file, line: line))
    }
}
