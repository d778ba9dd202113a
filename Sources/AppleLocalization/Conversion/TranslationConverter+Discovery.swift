import Diagnostics
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Platform

extension TranslationConverter {
    /// A file found in an input directory, with what its path says.
    struct DiscoveredFile {
        var path: String
        var language: String?
        var table: String
        var format: TranslationFormat = .strings
    }

    /// The files of one format in `directory`: `<Table>.xcstrings`; `<lang>.lproj/<Table>.stringsdict`
    /// and `.strings`; `<lang>/<ns>.json`; `<lang>/<table>.po` or `<lang>.po`; `*.xliff`. Without
    /// `format`, the first format found in that order is read and the others are left alone.
    static func discover(_ directory: String, format: TranslationFormat?) throws(AppleLocalizationError) -> (format: TranslationFormat, files: [DiscoveredFile]) {
        let manager = FileManager.default
        let entries = ((try? manager.contentsOfDirectory(atPath: directory)) ?? []).sorted().filter { !$0.hasPrefix(".") }
        func isDirectory(_ path: String) -> Bool {
            pathKind(path) == .directory
        }
        func contents(_ path: String) -> [String] { ((try? manager.contentsOfDirectory(atPath: path)) ?? []).sorted().filter { !$0.hasPrefix(".") } }
        func stem(_ name: String) -> String { PathText.deletingExtension(name) }

        var found: [TranslationFormat: [DiscoveredFile]] = [:]
        for entry in entries {
            let path = directory + "/" + entry
            if entry.hasSuffix(".xcstrings") {
                found[.xcstrings, default: []].append(DiscoveredFile(path: path, language: nil, table: stem(entry)))
            } else if entry.hasSuffix(".xliff") || entry.hasSuffix(".xlf") {
                found[.xliff, default: []].append(DiscoveredFile(path: path, language: nil, table: "Localizable"))
            } else if entry.hasSuffix(".po") {
                found[.po, default: []].append(DiscoveredFile(path: path, language: stem(entry), table: "translation"))
            } else if entry.hasSuffix(".lproj"), isDirectory(path) {
                let language = stem(entry)
                let files = contents(path)
                // .stringsdict first: its keys win over the same .strings keys, as in lookups.
                for file in files where file.hasSuffix(".stringsdict") {
                    found[.strings, default: []].append(DiscoveredFile(path: path + "/" + file, language: language.lowercased() == "base" ? "base" : language, table: stem(file)))
                }
                for file in files where file.hasSuffix(".strings") {
                    found[.strings, default: []].append(DiscoveredFile(path: path + "/" + file, language: language.lowercased() == "base" ? "base" : language, table: stem(file)))
                }
            } else if isDirectory(path) {
                for file in contents(path) {
                    if file.hasSuffix(".json") {
                        found[.i18next, default: []].append(DiscoveredFile(path: path + "/" + file, language: entry, table: stem(file)))
                    } else if file.hasSuffix(".po") {
                        found[.po, default: []].append(DiscoveredFile(path: path + "/" + file, language: entry, table: stem(file)))
                    }
                }
            }
        }
        let order: [TranslationFormat] = format.map { [$0] } ?? [.xcstrings, .strings, .i18next, .po, .xliff]
        guard let chosen = order.first(where: { !(found[$0] ?? []).isEmpty }) else {
            let what = format.map { "no \($0.rawValue) files" } ?? "no translation files (.xcstrings, <lang>.lproj, <lng>/<ns>.json, .po, .xliff)"
            throw AppleLocalizationError(Diagnostic(file: directory, message: "\(what) in the directory"))
        }
        var files = (found[chosen] ?? []).map { file in var file = file; file.format = chosen; return file }
        if format == nil, chosen == .xcstrings {
            files += (found[.strings] ?? []).map { file in var file = file; file.format = .strings; return file }
        }
        return (chosen, files)
    }

    /// The language and table a single file's path names: `ru.lproj/Localizable.strings`,
    /// `locales/ru/translation.json`, `ru.json`, `ru/messages.po`.
    static func languageAndTable(of path: String, format: TranslationFormat) -> (String?, String) {
        let name = PathText.deletingExtension(PathText.lastComponent(path))
        let parent = PathText.lastComponent(PathText.deletingLastComponent(path))
        switch format {
        case .strings:
            guard parent.hasSuffix(".lproj") else { return (nil, name) }
            let language = String(parent.dropLast(6))
            return (language.lowercased() == "base" ? "base" : language, name)
        case .i18next, .po:
            if looksLikeLanguage(name) { return (name, "translation") }
            return (looksLikeLanguage(parent) ? parent : nil, name)
        case .xcstrings, .xliff:
            return (nil, name)
        }
    }

    /// `en`, `pt-BR`, `zh-Hans`, `es_419`: letters, digits, `-` and `_`, starting with 2–3 letters.
    private static func looksLikeLanguage(_ text: String) -> Bool {
        let parts = text.split(whereSeparator: { $0 == "-" || $0 == "_" })
        guard let first = parts.first, (2...3).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLetter }) else { return false }
        return parts.dropFirst().allSatisfy { (2...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
    }
}
