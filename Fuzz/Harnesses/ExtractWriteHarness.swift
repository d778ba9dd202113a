import Foundation
import KeyExtraction
import TranslationFormats

/// `i18n extract --write` with the table (or namespace), key and default value of a call taken
/// from the input (`name NUL key NUL value`): a name the extractor accepts
/// (``TranslationConverter/isTableName(_:)``, the check at the call) is written through
/// ``KeyComparison/confinedDestination(of:)`` and the writers, and nothing may appear outside the
/// tables and locales folders, whatever the name (issue #33, item 1).
enum ExtractWriteHarness {
    static func run(_ input: UnsafeRawBufferPointer) {
        let parts = input.split(separator: 0, maxSplits: 2, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        let name = parts[0]
        let key = parts.count > 1 ? parts[1] : "k"
        let value = parts.count > 2 ? parts[2] : nil
        guard TranslationConverter.isTableName(name) else { return }
        let root = TemporaryFiles.directory + "/extract-write"
        try? FileManager.default.removeItem(atPath: root)
        let tables = root + "/project/environments"
        try? FileManager.default.createDirectory(atPath: tables + "/locales/en", withIntermediateDirectories: true)
        let apple = AppleKeyInventory(directory: tables)
        let i18next = I18NextKeyInventory(directory: tables + "/locales", developmentLanguage: apple.developmentLanguage)
        let comparison = KeyComparison(apple: apple, i18next: i18next)
        for system in [KeyUsage.System.apple, .i18next] {
            let usage = KeyUsage(
                system: system, key: key, table: name, comment: nil, defaultValue: value, form: "t",
                file: "App.swift", line: 1, column: 1)
            let missing = MissingKey(usage: usage, uses: 1, defaultValue: value, comment: nil)
            let (folder, relativePath) = comparison.confinedDestination(of: missing)
            switch system {
            case .apple: _ = try? CatalogKeyWriter.add([missing], to: relativePath, under: folder, sourceLanguage: "en")
            case .i18next: _ = try? ResourceKeyWriter.add([missing], to: relativePath, under: folder)
            }
        }
        let outside =
            (FileManager.default.subpaths(atPath: root) ?? []).filter { !$0.hasPrefix("project") }
            + (FileManager.default.subpaths(atPath: root + "/project") ?? []).filter { !$0.hasPrefix("environments") }
        guard outside.isEmpty else { fatalError("extract wrote outside the project for \(name.debugDescription): \(outside)") }
    }
}
