import Diagnostics
import I18Next
import JSONParsing
import Platform

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads the development language's i18next resources (`locales/<lng>/<ns>.json`) into
/// accessor entries: nested keys joined with `.`, plural forms (`_one`, `_other`, `_ordinal_two`)
/// collapsed into one entry with a `count` parameter, `{{variables}}` into parameters.
struct I18NextResourceReader {
    static let pluralCategories: Set<String> = ["zero", "one", "two", "few", "many", "other"]

    private(set) var entries: [TranslationEntry] = []
    private(set) var diagnostics: [Diagnostic] = []
    /// Every file read, for the build-tool plugin's inputs.
    private(set) var files: [String] = []

    /// Reads every namespace of `language` in `directory/locales`; nothing when there is none.
    /// The namespace whose keys need no `ns:` prefix is the one the app's engine makes the default.
    mutating func read(directory: String, language: String) {
        let resources = DirectoryBackend(directory: PathText.appending(directory, "locales"))
        let namespaces = resources.namespaces(language: language)
        guard !namespaces.isEmpty else { return }
        let defaultNamespace = resources.defaultNamespace
        for namespace in namespaces {
            let path = resources.path(language: language, namespace: namespace)
            files.append(path)
            read(file: path, namespace: namespace, isDefault: namespace == defaultNamespace)
        }
    }

    private mutating func read(file path: String, namespace: String, isDefault: Bool) {
        let data: Data
        do throws(UnreadableFile) {
            data = try RegularFile.read(path)
        } catch {
            diagnostics.append(Diagnostic(error))
            return
        }
        let bytes = [UInt8](data)
        let parsed: Result<JSONValue, JSONParser.Failure> = bytes.withUnsafeBufferPointer { buffer in
            var parser = JSONParser(bytes: buffer, rejectsDuplicateKeys: false)
            return Result { () throws(JSONParser.Failure) in try parser.parseDocument() }
        }
        let root: JSONObject
        switch parsed {
        case .failure(let failure):
            let location = bytes.withUnsafeBufferPointer { JSONText.location(of: failure.offset, in: $0) }
            diagnostics.append(Diagnostic(.error, file: path, line: location.line, column: location.column, message: failure.message))
            return
        case .success(.object(let object)): root = object
        case .success(let other):
            diagnostics.append(Diagnostic(.error, file: path, line: 1, column: 1, message: "the resource file is \(other.typeName), not a JSON object of keys"))
            return
        }
        var leaves: [(key: [String], text: String, jsonPath: [String])] = []
        flatten(root, prefix: [], into: &leaves, file: path, bytes: bytes)

        // Group plural forms under their base key, keeping the order keys first appear in.
        var order: [String] = []
        var groups: [String: (segments: [String], forms: [(String, String)], ordinal: Bool, jsonPath: [String])] = [:]
        for leaf in leaves {
            var segments = leaf.key
            var last = segments.removeLast()
            var form: String?
            var ordinal = false
            if let underscore = last.lastIndex(of: "_"), Self.pluralCategories.contains(String(last[last.index(after: underscore)...])) {
                form = String(last[last.index(after: underscore)...])
                last = String(last[..<underscore])
                if last.hasSuffix("_ordinal") {
                    last = String(last.dropLast("_ordinal".count))
                    ordinal = true
                }
                if last.isEmpty { form = nil; last = leaf.key[leaf.key.count - 1]; ordinal = false }
            }
            segments.append(last)
            let groupID = segments.joined(separator: ".") + (form == nil ? "" : ordinal ? "\u{0}ordinal" : "\u{0}cardinal")
            if groups[groupID] == nil {
                order.append(groupID)
                groups[groupID] = (segments, [], ordinal, leaf.jsonPath)
            }
            groups[groupID]?.forms.append((form ?? "", leaf.text))
        }
        for id in order {
            guard let group = groups[id] else { continue }
            let isPlural = id.contains("\u{0}")
            let joined = group.segments.joined(separator: ".")
            var variables: [(String, TranslationEntry.Parameter.Kind)] = []
            for (_, text) in group.forms {
                for variable in placeholders(in: text, file: path, key: joined) where !variables.contains(where: { $0.0 == variable.0 }) {
                    variables.append(variable)
                }
            }
            var parameters: [TranslationEntry.Parameter] = []
            if isPlural || variables.contains(where: { $0.0 == "count" }) { parameters.append(.init(variable: "count", kind: .int)) }
            for (name, kind) in variables.sorted(by: { $0.0 < $1.0 }) where name != "count" {
                parameters.append(.init(variable: name, kind: kind))
            }
            let documentation = group.forms.map { form, text in form.isEmpty ? text : "\(form): \(text)" }
            let location = Self.location(of: group.jsonPath, in: bytes)
            entries.append(
                TranslationEntry(
                    source: .i18next, key: isDefault ? joined : "\(namespace):\(joined)",
                    path: (isDefault ? [] : [namespace]) + group.segments, parameters: parameters, isOrdinal: group.ordinal,
                    documentation: documentation, file: path, line: location?.line))
        }
    }

    private mutating func flatten(
        _ object: JSONObject, prefix: [String], into leaves: inout [(key: [String], text: String, jsonPath: [String])],
        file: String, bytes: [UInt8]
    ) {
        for (key, value) in object.members {
            // i18next splits keys at the key separator: `"a.b": "x"` is reached as a.b, the same
            // as nested objects, so the accessor takes both segments.
            let segments = prefix + key.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            switch value {
            case .object(let child): flatten(child, prefix: segments, into: &leaves, file: file, bytes: bytes)
            case .string(let text): leaves.append((segments, text, prefix + [key]))
            case .integer, .number, .numberLiteral, .bool: leaves.append((segments, value.jsonText(pretty: false), prefix + [key]))
            case .array, .null:
                let location = Self.location(of: prefix + [key], in: bytes)
                diagnostics.append(
                    Diagnostic(
                        .warning, file: file, line: location?.line, column: location?.column, path: segments.joined(separator: "."),
                        message: "\(value.typeName) is not a translation (it needs returnObjects); no accessor is generated for it"))
            }
        }
    }

    /// The `{{variables}}` of `text` and their types: `count` is an `Int`, a variable formatted
    /// as `number` or `currency` a `Double`, others `String`. Nested variables (`{{user.name}}`)
    /// need an object, which a plain parameter cannot express: they are reported.
    private mutating func placeholders(in text: String, file: String, key: String) -> [(String, TranslationEntry.Parameter.Kind)] {
        var result: [(String, TranslationEntry.Parameter.Kind)] = []
        var rest = Substring(text)
        while let open = rest.firstRange(of: "{{") {
            guard let close = rest[open.upperBound...].firstRange(of: "}}") else { break }
            var inner = rest[open.upperBound..<close.lowerBound].trimmingWhitespace()
            rest = rest[close.upperBound...]
            if inner.hasPrefix("-") { inner = String(inner.dropFirst()).trimmingWhitespace() }
            let parts = inner.split(separator: ",", maxSplits: 1)
            guard let first = parts.first else { continue }
            let name = first.trimmingWhitespace()
            guard !name.isEmpty else { continue }
            if name.contains(".") {
                diagnostics.append(
                    Diagnostic(
                        .warning, file: file, path: key,
                        message: "the variable \"\(name)\" is nested; the accessor has no parameter for it (pass an object through AppEnvironment.translate)"))
                continue
            }
            let format = parts.count > 1 ? parts[1].trimmingWhitespace() : ""
            let kind: TranslationEntry.Parameter.Kind =
                name == "count" ? .int : (format.hasPrefix("number") || format.hasPrefix("currency")) ? .double : .string
            result.append((name, kind))
        }
        return result
    }

    private static func location(of path: [String], in bytes: [UInt8]) -> (line: Int, column: Int)? {
        bytes.withUnsafeBufferPointer { buffer in
            JSONParser.offset(of: JSONPath(path.map { .key($0) }), in: buffer).map { JSONText.location(of: $0, in: buffer) }
        }
    }
}
