import Diagnostics
import JSONParsing
import Platform

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Loads resources from files laid out by a `loadPath` template, such as
/// `locales/{{lng}}/{{ns}}.json` (i18next-fs-backend's layout).
public struct DirectoryBackend: ResourceBackend {
    /// The template; `{{lng}}` and `{{ns}}` are replaced per file.
    public let loadPath: String

    /// A backend for `loadPath` (relative paths are relative to the working directory).
    public init(loadPath: String) {
        self.loadPath = loadPath
    }

    /// A backend for `directory/{{lng}}/{{ns}}.json`.
    public init(directory: String) {
        self.loadPath = directory + "/{{lng}}/{{ns}}.json"
    }

    public func load(language: String, namespace: String) throws(I18NextError) -> I18nObject {
        // A language or namespace is one path component of the template: `..`, a `/` or a
        // hidden name would read a file outside the resources (the language may come from a
        // saved preference or a request).
        for (what, name) in [("language", language), ("namespace", namespace)] where !Self.isComponent(name) {
            throw I18NextError(
                .loadFailed, source: loadPath,
                message:
                    "the \(what) \(Diagnostic.quoted(name)) cannot name a folder or file of the resources (it is empty, starts with '.', or has a '/' or a control character)"
            )
        }
        let path = path(language: language, namespace: namespace)
        let data: Data
        do throws(UnreadableFile) {
            // Only a regular file: the app's translations must not wait on a FIFO laid out as a namespace.
            data = try RegularFile.read(path)
        } catch {
            throw I18NextError(.loadFailed, source: path, message: error.isMissing ? "no such file" : error.message)
        }
        guard case .object(let object) = try I18nValue(jsonData: data, source: path) else {
            throw I18NextError(
                .malformedResource, source: path, line: 1, column: 1,
                message: "a namespace file must be a JSON object of keys, such as {\"hello\": \"Hello\"}")
        }
        return object
    }

    /// Whether `name` can stand for `{{lng}}` or `{{ns}}`: not empty, not starting with `.`,
    /// without `/`, `\\` or controls.
    static func isComponent(_ name: String) -> Bool {
        !name.isEmpty && !name.hasPrefix(".") && !name.utf8.contains { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "\\") || $0 < 0x20 || $0 == 0x7F }
    }

    /// The languages (sub-directories) present, when the template is `<dir>/{{lng}}/…`.
    public func availableLanguages() -> [String] {
        guard let range = loadPath.firstBytesRange(of: "/{{lng}}") else { return [] }
        let directory = String(loadPath[..<range.lowerBound])
        let entries = directoryEntries(directory) ?? []
        return entries.filter { entry in
            pathKind(directory + "/" + entry) == .directory
        }.sorted()
    }

    /// The namespaces (file names without `.json`) of `language`, sorted, when the template is
    /// `…/{{lng}}/{{ns}}.json`: the one listing of a language's namespaces, which the app's engine,
    /// the resource lint, the generated accessors and key extraction read. Hidden files
    /// (`.translation.json`, `._common.json`) are not namespaces.
    public func namespaces(language: String) -> [String] {
        let sample = LoadPath.fill(loadPath, language: language, namespace: "\u{1}")
        guard let marker = sample.firstBytesRange(of: "\u{1}") else { return [] }
        // `…/en/{{ns}}.json`: list `…/en/` and keep the names that end like the template.
        let head = String(sample[..<marker.lowerBound])
        guard head.hasSuffix("/") || head.isEmpty else { return [] }
        let directory = head.isEmpty ? "." : head
        let suffix = String(sample[marker.upperBound...])
        let entries = directoryEntries(directory) ?? []
        return entries.filter { $0.hasSuffix(suffix) && $0.count > suffix.count && !$0.hasPrefix(".") }
            .map { String($0.dropLast(suffix.count)) }.sorted()
    }

    /// The namespaces of every language (``availableLanguages()``), sorted.
    public func namespaces() -> [String] {
        var all = Set<String>()
        for language in availableLanguages() { all.formUnion(namespaces(language: language)) }
        return all.sorted()
    }

    /// The namespace a key without `ns:` is looked up in, for the resources of every language:
    /// ``I18NextOptions/defaultNamespace(among:)`` of ``namespaces()``.
    public var defaultNamespace: String {
        I18NextOptions.defaultNamespace(among: namespaces())
    }

    /// The path of the file of `namespace` in `language`.
    public func path(language: String, namespace: String) -> String {
        LoadPath.fill(loadPath, language: language, namespace: namespace)
    }
}
