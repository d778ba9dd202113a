import Platform

/// What the formats' discovery shares: the visible entries of a folder, and what a name says.
enum DirectoryListing {
    /// The entries of `directory` that do not start with `.`, sorted; none when it cannot be read.
    static func entries(_ directory: String) -> [String] {
        (directoryEntries(directory) ?? []).filter { !$0.hasPrefix(".") }.sorted()
    }

    static func isDirectory(_ path: String) -> Bool { pathKind(path) == .directory }

    /// The name without its extension.
    static func stem(_ name: String) -> String { PathText.deletingExtension(name) }

    /// The language a `.lproj` folder name says: `base` for `Base.lproj` in any case.
    static func lprojLanguage(_ folder: String) -> String {
        let language = String(folder.dropLast(".lproj".count))
        return language.lowercased() == "base" ? "base" : language
    }

    /// Files `<language>/<name>.<ext>` in the language folders of `directory` (every folder but
    /// `.lproj` ones), for the formats laid out per language.
    static func languageFolderFiles(in directory: String, extension suffix: String, format: String) -> [TranslationSourceFile] {
        var files: [TranslationSourceFile] = []
        for entry in entries(directory) where !entry.hasSuffix(".lproj") && isDirectory(directory + "/" + entry) {
            for file in entries(directory + "/" + entry) where file.hasSuffix(suffix) {
                files.append(TranslationSourceFile(path: directory + "/" + entry + "/" + file, language: entry, table: stem(file), format: format))
            }
        }
        return files
    }

    /// The language and table of a single file laid out as `<lang>/<table>.ext` or `<lang>.ext`
    /// (i18next, gettext): a name that looks like a language is the language of the default table.
    static func languageAndTable(of path: String, defaultTable: String) -> (language: String?, table: String) {
        let name = stem(PathText.lastComponent(path))
        let parent = PathText.lastComponent(PathText.deletingLastComponent(path))
        if looksLikeLanguage(name) { return (name, defaultTable) }
        return (looksLikeLanguage(parent) ? parent : nil, name)
    }

    /// `en`, `pt-BR`, `zh-Hans`, `es_419`: letters, digits, `-` and `_`, starting with 2–3 letters.
    /// A guess from a name, stricter than ``TranslationConverter/isLanguageTag(_:)`` so that
    /// `messages` is a table, not a language.
    static func looksLikeLanguage(_ text: String) -> Bool {
        let parts = text.split(whereSeparator: { $0 == "-" || $0 == "_" })
        guard let first = parts.first, (2...3).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLetter }) else { return false }
        return parts.dropFirst().allSatisfy { (2...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
    }
}
