import Diagnostics
import EnvironmentCrypto
import JSONParsing
import Platform

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A validated `environments.json`: the supported languages and the variables of each build
/// configuration.
///
/// ```json
/// {"languages": ["en", "es", "ca"],
///  "configurations": {"Debug": {"base_url": "https://dev.example.com"}, "Release": {…}}}
/// ```
///
/// Validation happens once, when the document is created; lookups afterwards never re-parse.
public struct EnvironmentsDocument: Sendable {
    /// The supported languages in file order; the first is the development language.
    public let languages: [LanguageTag]
    /// The configuration names in file order.
    public let configurationNames: [String]
    /// Top-level keys the format does not define; kept, and reported by ``warnings``.
    public let extraKeys: JSONObject
    /// Problems that do not stop the document from being used (unknown top-level keys), located
    /// and of severity `warning`.
    public let warnings: [Diagnostic]
    /// The path the document was read from, or a description of its source.
    public let source: String
    /// The optional `app_id`, which names the app's saved preferences.
    public let appID: String?
    /// The optional `"secrets"`: variables (dotted paths; an object covers everything under it)
    /// whose values must not reach logs, in file order.
    public let secretVariables: [String]
    /// The optional `"table_folders"`: the folders (relative to the document's folder) that hold
    /// the app's `.strings`, `.stringsdict` and `.xcstrings` tables, searched instead of the
    /// whole folder. Empty when the document lists none.
    public let tableFolders: [String]
    /// In the order of ``configurationNames``.
    private let configurations: [Configuration]
    /// The configuration names, each with a `null` value, in the order of ``configurations``:
    /// its ``JSONObject/index(forKey:)`` finds a configuration's position by its name's code units
    /// (linearly when there are few, by hash when there are many), as JSON compares keys.
    ///
    /// Not a `[JSONKey: Configuration]`: making the first dictionary keyed by `JSONKey` makes the
    /// runtime scan every conformance record of the binary for `JSONKey: Hashable`, a measurable
    /// part of a small command's start.
    private let configurationPositions: JSONObject

    /// The top-level keys the format defines.
    static let knownKeys: Set<String> = ["languages", "configurations", "app_id", "secrets", "table_folders"]

    /// Reads and validates the document at `path`: an `environments.json`, or an
    /// `environments.bin` when `secret` is given, in envtool's v1 format or as an age v1 file
    /// (told apart by their first bytes; see `docs/age.md`).
    ///
    /// - Throws: ``EnvironmentError`` of kind ``EnvironmentError/Kind/unreadableFile`` when the
    ///   file cannot be read, ``EnvironmentError/Kind/malformedDocument`` with the line and
    ///   column of the first problem, or, for an encrypted file,
    ///   ``EnvironmentError/Kind/secretUnavailable`` / ``EnvironmentError/Kind/authenticationFailed``.
    public init(contentsOf path: String, secret: EnvironmentsBin.DecryptionSecret? = nil) throws(EnvironmentError) {
        try self.init(contentsOf: path, identities: Self.required(secret?.identities ?? []))
    }

    /// Reads and validates the document at `path`; an `environments.bin` is opened with the first
    /// of `identities` that opens it (a ``/EnvironmentCrypto/SymmetricKey``, a
    /// ``/EnvironmentCrypto/Passphrase``, an ``/EnvironmentCrypto/AgeIdentity``, or another backend's
    /// ``/EnvironmentCrypto/FileKeyIdentity``).
    ///
    /// - Throws: ``EnvironmentError``, as ``init(contentsOf:secret:)``.
    public init(contentsOf path: String, identities: [any FileKeyIdentity]) throws(EnvironmentError) {
        try self.init(contentsOf: path, identities: Self.required(identities))
    }

    /// `identities`, or, when there are none, the error that says the file is encrypted and with
    /// what (its format and stanza types).
    package static func required(_ identities: [any FileKeyIdentity]) -> (EnvironmentsBin.Header) throws(CryptoError) -> [any FileKeyIdentity] {
        { (header: EnvironmentsBin.Header) throws(CryptoError) in
            guard identities.isEmpty else { return identities }
            throw CryptoError(.secretUnavailable, "the file is encrypted (\(header.stanzaSummary)); supply its secret to read it")
        }
    }

    /// Reads and validates the document at `path`; for an `environments.bin`, `identities` is
    /// asked for the identities to try once the header says which kind the file needs.
    ///
    /// The decrypted bytes are parsed in place and zeroed right after.
    ///
    /// - Throws: ``EnvironmentError``, as ``init(contentsOf:secret:)``.
    public init(
        contentsOf path: String,
        identities: (EnvironmentsBin.Header) throws(CryptoError) -> [any FileKeyIdentity]
    ) throws(EnvironmentError) {
        let data: Data
        do throws(UnreadableFile) {
            data = try RegularFile.read(path)
        } catch {
            throw EnvironmentError(error)
        }
        try self.init(fileData: data, path: path, identities: identities)
    }

    /// Reads and validates the document at `path`; for an `environments.bin`, `secretProvider` is
    /// asked for the secret once it is known which kind the file needs: a bridge to
    /// the initializer `init(contentsOf:identities:)` that takes a closure.
    ///
    /// - Throws: ``EnvironmentError``, as ``init(contentsOf:secret:)``.
    public init(
        contentsOf path: String,
        secretProvider: (EnvironmentsBin.Header) throws(CryptoError) -> EnvironmentsBin.DecryptionSecret
    ) throws(EnvironmentError) {
        try self.init(contentsOf: path) { (header) throws(CryptoError) in try secretProvider(header).identities }
    }

    /// Validates the bytes of an `environments.json` or `environments.bin` that were read from
    /// `path` elsewhere, such as by a file watcher that reloads the file when it changes.
    ///
    /// - Throws: ``EnvironmentError``, as ``init(contentsOf:secret:)``.
    public init(fileData data: Data, path: String, secret: EnvironmentsBin.DecryptionSecret? = nil) throws(EnvironmentError) {
        try self.init(fileData: data, path: path, identities: Self.required(secret?.identities ?? []))
    }

    /// Validates the bytes of a file read from `path` elsewhere; an `environments.bin` is opened
    /// with the first of `identities` that opens it.
    ///
    /// - Throws: ``EnvironmentError``, as ``init(contentsOf:secret:)``.
    public init(fileData data: Data, path: String, identities: [any FileKeyIdentity]) throws(EnvironmentError) {
        try self.init(fileData: data, path: path, identities: Self.required(identities))
    }

    /// Validates the bytes of a file read from `path` elsewhere; for an `environments.bin`,
    /// `identities` is asked for them, as in ``init(contentsOf:identities:)``.
    ///
    /// - Throws: ``EnvironmentError``, as ``init(contentsOf:secret:)``.
    init(
        fileData data: Data, path: String,
        identities: (EnvironmentsBin.Header) throws(CryptoError) -> [any FileKeyIdentity]
    ) throws(EnvironmentError) {
        guard EnvironmentsBin.isEncrypted(data) else {
            try self.init(data: data, source: path)
            return
        }
        let plaintext: SecretBytes
        do throws(CryptoError) {
            plaintext = try EnvironmentsBin.open(data, identities: identities).plaintext
        } catch {
            throw EnvironmentError(crypto: error, file: path)
        }
        try self.init(secretBytes: plaintext, source: path + " (decrypted)")
    }

    /// Validates a document held in memory.
    ///
    /// - Parameters:
    ///   - data: The document's JSON text.
    ///   - source: The name used in error messages.
    /// - Throws: ``EnvironmentError`` of kind ``EnvironmentError/Kind/malformedDocument``.
    public init(data: Data, source: String = "<data>") throws(EnvironmentError) {
        self = try data.withBytes { raw throws(EnvironmentError) in try EnvironmentsDocument(bytes: raw, source: source, text: data) }
    }

    /// Validates decrypted bytes without copying them into memory that is not zeroed.
    ///
    /// An error gives the position only: the parser's and the validator's messages quote what
    /// they found (a word, a key, a JSON path), and in a decrypted document that text is a
    /// secret, such as the token a teammate mistyped a quote around. With `quotingText` (the
    /// user's own edit, which they are looking at) the full message is given.
    package init(secretBytes: SecretBytes, source: String, quotingText: Bool = false) throws(EnvironmentError) {
        do {
            self = try secretBytes.withUnsafeBytes { raw throws(EnvironmentError) in try EnvironmentsDocument(bytes: raw, source: source) }
        } catch {
            if quotingText { throw error }
            throw EnvironmentError(
                error.kind,
                Diagnostic(
                    .error, file: error.file, line: error.line, column: error.column,
                    message:
                        "the decrypted document is not a valid environments document here; its text is not quoted in errors, since it is secret (see it with `envtool decrypt` or `envtool edit`)"
                ))
        }
    }

    /// Parses and validates `raw`; `text`, when given, is the same bytes, kept so that errors
    /// found later (decoding a configuration) can still name a line and column.
    private init(bytes raw: UnsafeRawBufferPointer, source: String, text: Data? = nil) throws(EnvironmentError) {
        let bytes = raw.bindMemory(to: UInt8.self)
        // A document whose text is kept is checked whole in one pass that builds nothing, and
        // its configurations are parsed when read: `get` on a million variables reads one. Any
        // doubt goes to the full parse, which reports the first problem as it always has.
        let value: JSONValue
        var deferred: [JSONParser.DeferredObject] = []
        if text != nil, JSONValidator.isCertainlyValid(bytes),
            let parsed = try? JSONParser.parseValidated(bytes, deferringObjectsIn: "configurations")
        {
            value = parsed.value
            deferred = parsed.deferred
        } else {
            value = try JSONValue.parse(raw, path: source)
        }
        // Errors re-parse to find their value; the top-level keys, which all warnings point at,
        // are found together in one pass.
        var topLevelOffsets: [String: Int]?
        let locate: (JSONPath, String) -> EnvironmentError = { path, message in
            if path.components.count == 1, case .key(let key) = path.components[0] {
                if topLevelOffsets == nil {
                    var parser = JSONParser(bytes: bytes, recordingOffsetsToDepth: 1)
                    _ = try? parser.parseDocument()
                    topLevelOffsets = parser.offsets
                }
                return EnvironmentError.located(
                    .malformedDocument, file: source, offset: topLevelOffsets?[key], in: bytes,
                    jsonPath: path.description, message: message)
            }
            return EnvironmentError.located(.malformedDocument, file: source, at: path, in: bytes, message: message)
        }
        try self.init(value: value, source: source, text: text, deferred: deferred, locate: locate)
    }

    /// Validates a document given as a dictionary, such as one built in code or decoded elsewhere.
    ///
    /// - Throws: ``EnvironmentError`` of kind ``EnvironmentError/Kind/malformedDocument``.
    public init(dictionary: [String: Any], source: String = "<dictionary>") throws(EnvironmentError) {
        guard let value = JSONValue(untyped: dictionary) else {
            throw EnvironmentError(
                .malformedDocument, file: source,
                message: "the dictionary holds values that are not JSON (only strings, numbers, booleans, NSNull, arrays and dictionaries are)")
        }
        try self.init(data: Data(value.jsonText().utf8), source: source)
    }

    /// - Parameter deferred: The configurations left out of `value`'s `"configurations"` and
    ///   where in `text` they start, in document order; they are parsed when read.
    private init(
        value: JSONValue, source: String, text: Data?, deferred: [JSONParser.DeferredObject],
        locate: (JSONPath, String) -> EnvironmentError
    ) throws(EnvironmentError) {
        guard case .object(let root) = value else {
            throw locate(JSONPath(), "the document must be a JSON object with \"languages\" and \"configurations\", found \(value.typeName)")
        }
        self.source = source

        guard let languagesValue = root["languages"] else {
            throw locate(JSONPath(), "missing \"languages\"; add an array of language tags such as [\"en\", \"es\"]")
        }
        guard case .array(let languageValues) = languagesValue else {
            throw locate(
                JSONPath([.key("languages")]), "\"languages\" must be an array of language tags such as [\"en\", \"es\"], found \(languagesValue.typeName)")
        }
        if languageValues.isEmpty {
            throw locate(JSONPath([.key("languages")]), "\"languages\" is empty; list at least one language tag, the development language first")
        }
        var languages: [LanguageTag] = []
        for (index, element) in languageValues.enumerated() {
            let path = JSONPath([.key("languages"), .index(index)])
            guard case .string(let text) = element else {
                throw locate(path, "each language must be a string such as \"en\", found \(element.typeName)")
            }
            guard let tag = LanguageTag(text) else {
                let hint =
                    text.contains("_")
                    ? "; write \"\(text.replacing("_", with: "-"))\" (BCP 47 uses '-')" : "; use a BCP 47 tag such as \"en\", \"pt-BR\" or \"zh-Hant\""
                throw locate(path, "\"\(text)\" is not a valid language tag\(hint)")
            }
            if let previous = languages.firstIndex(where: { $0.identifier.lowercased() == tag.identifier.lowercased() }) {
                throw locate(path, "duplicate language \"\(text)\" (also at languages[\(previous)]); list each language once")
            }
            languages.append(tag)
        }
        self.languages = languages

        guard let configurationsValue = root["configurations"] else {
            throw locate(JSONPath(), "missing \"configurations\"; add an object such as {\"Debug\": {…}, \"Release\": {…}}")
        }
        guard case .object(let configurationObject) = configurationsValue else {
            throw locate(JSONPath([.key("configurations")]), "\"configurations\" must be an object of configurations, found \(configurationsValue.typeName)")
        }
        if configurationObject.count == 0 && deferred.isEmpty {
            throw locate(JSONPath([.key("configurations")]), "\"configurations\" is empty; add at least one configuration such as \"Debug\"")
        }
        var configurations: [Configuration] = []
        configurations.reserveCapacity(configurationObject.count + deferred.count)
        // Deferred configurations are not in the object: what is left there is not an object, an
        // error (the first in document order, as a whole parse reports it).
        for (name, variables) in configurationObject.members {
            guard case .object(let object) = variables else {
                throw locate(
                    JSONPath([.key("configurations"), .key(name)]), "the configuration \"\(name)\" must be an object of variables, found \(variables.typeName)")
            }
            configurations.append(Configuration(name: name, variables: object, source: source, text: text))
        }
        if let text {
            for object in deferred {
                configurations.append(Configuration(name: object.key, deferredAt: object.range.lowerBound, source: source, text: text))
            }
        }
        var positions = JSONObject()
        positions.reserveCapacity(configurations.count)
        for configuration in configurations { positions[configuration.name] = JSONValue.null }
        self.configurations = configurations
        self.configurationPositions = positions
        self.configurationNames = configurations.map(\.name)

        var appID: String? = nil
        if let value = root["app_id"] {
            guard case .string(let text) = value, AppIdentifier.isValid(text) else {
                throw locate(JSONPath([.key("app_id")]), "\"app_id\" must be a string of letters, digits, '.', '_' and '-', such as \"com.example.app\"")
            }
            appID = text
        }
        self.appID = appID
        self.secretVariables = try Self.strings(
            in: root, key: "secrets", locate: locate,
            what: "variable names such as \"api.token\" (an object covers everything under it)")
        self.tableFolders = try Self.strings(
            in: root, key: "table_folders", locate: locate,
            what: "folders relative to the document, such as \"App/Resources\"")
        for (index, folder) in tableFolders.enumerated() where folder.isEmpty {
            throw locate(
                JSONPath([.key("table_folders"), .index(index)]),
                "an entry of \"table_folders\" is empty; name a folder relative to the document, such as \"App/Resources\", or \".\"")
        }

        var extra = JSONObject()
        var warnings: [Diagnostic] = []
        for (key, value) in root.members where !Self.knownKeys.contains(key) {
            extra[key] = value
            let located = locate(
                JSONPath([.key(key)]),
                "unknown top-level key \"\(key)\" is kept but not used; the format defines \"languages\", \"configurations\", \"app_id\", \"secrets\" and \"table_folders\""
            )
            warnings.append(located.warning)
        }
        self.extraKeys = extra
        self.warnings = warnings
    }

    /// The optional top-level `key` of `root` as an array of strings (empty when absent).
    ///
    /// - Throws: The located error when it is not an array of strings: a `"secrets"` that was
    ///   silently ignored would let the secrets reach logs.
    private static func strings(
        in root: JSONObject, key: String, locate: (JSONPath, String) -> EnvironmentError,
        what: String
    ) throws(EnvironmentError) -> [String] {
        guard let value = root[key] else { return [] }
        guard case .array(let elements) = value else {
            throw locate(JSONPath([.key(key)]), "\"\(key)\" must be an array of \(what), found \(value.typeName)")
        }
        var strings: [String] = []
        for (index, element) in elements.enumerated() {
            guard case .string(let text) = element else {
                throw locate(JSONPath([.key(key), .index(index)]), "each entry of \"\(key)\" must be a string: \(what); found \(element.typeName)")
            }
            strings.append(text)
        }
        return strings
    }

    /// The configuration called `name`.
    ///
    /// - Throws: ``EnvironmentError`` of kind ``EnvironmentError/Kind/unknownConfiguration``,
    ///   listing the configurations that exist.
    public func configuration(named name: String) throws(EnvironmentError) -> Configuration {
        if let position = configurationPositions.index(forKey: name) { return configurations[position] }
        var message = "unknown configuration \"\(name)\"; the known configurations are \(configurationNames.map { "\"\($0)\"" }.joined(separator: ", "))"
        if let near = configurationNames.first(where: { $0.lowercased() == name.lowercased() }) {
            message += " (did you mean \"\(near)\"?)"
        }
        throw EnvironmentError(.unknownConfiguration, file: source, message: message)
    }

    /// Whether `code` names one of ``languages`` (ignoring case), and which.
    public func supportedLanguage(_ code: String) -> LanguageTag? {
        languages.first { $0.identifier.lowercased() == code.lowercased() }
    }
}
