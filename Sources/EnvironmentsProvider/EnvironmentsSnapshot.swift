#if Configuration
import Configuration
import EnvironmentCrypto
import Environments
import Foundation

/// One build configuration of an `environments.json` or `environments.bin`, as a
/// swift-configuration snapshot.
///
/// Nested objects are served as dotted keys (`api.timeout`), as swift-configuration's JSON
/// provider does; `null` and objects are "not set". Every value of an `environments.bin`, and
/// every variable listed in the document's optional `"secrets": [...]`, is marked secret, so
/// access reporters and logs redact it.
///
/// As a `FileConfigSnapshot` it also works with swift-configuration's file providers:
/// `ReloadingFileProvider<EnvironmentsSnapshot>` is ``ReloadingEnvironmentsProvider``.
public struct EnvironmentsSnapshot: Sendable {
    /// The name of the provider that created the snapshot, shown by access reporters.
    public let providerName: String
    /// The build configuration served (`Debug`).
    public var configurationName: String { configuration.name }

    private let configuration: Environments.Configuration
    private let path: String
    /// A decrypted file is secret as a whole: none of its values may reach a log.
    private let isEncrypted: Bool
    private let secretKeys: SecretKeys
    private let bytesDecoder: any ConfigBytesFromStringDecoder
    /// The dotted keys that have a value, sorted; computed once for the descriptions.
    private let leafKeys: [String]

    /// Parses the bytes of an `environments.json` or `environments.bin` and picks the
    /// configuration that `parsingOptions` names or resolves.
    ///
    /// - Throws: ``EnvironmentError``: the file is malformed (with line and column), encrypted
    ///   without a secret or with a wrong one, modified after encryption, lists `"secrets"` that
    ///   are not names, or the configuration does not exist (listing those that do).
    init(data: Data, providerName: String, parsingOptions options: ParsingOptions) throws(EnvironmentError) {
        let identities = options.secret.map { $0.identities + options.identities } ?? options.identities
        let document = try EnvironmentsDocument(fileData: data, path: options.path, identities: identities)
        configuration = try document.currentConfiguration(explicit: options.configurationName, environment: options.environment)
        secretKeys = SecretKeys(document: document)
        isEncrypted = EnvironmentsBin.isEncrypted(data)
        path = options.path
        bytesDecoder = options.bytesDecoder
        self.providerName = providerName
        leafKeys = Self.leafKeys(of: configuration.variables)
    }

    /// The dotted paths of every value that is not an object or `null`, without recursion so
    /// that no nesting depth can exhaust the stack.
    private static func leafKeys(of variables: JSONObject) -> [String] {
        var keys: [String] = []
        var pending: [(prefix: String, object: JSONObject)] = [("", variables)]
        while let (prefix, object) = pending.popLast() {
            for (key, value) in object.members {
                let path = prefix.isEmpty ? key : prefix + "." + key
                if case .object(let child) = value {
                    pending.append((path, child))
                } else if value.isConfigLeaf {
                    keys.append(path)
                }
            }
        }
        return keys.sorted()
    }

    private func isSecret(_ encodedKey: String) -> Bool {
        isEncrypted || secretKeys.contains(encodedKey)
    }
}

extension EnvironmentsSnapshot: FileConfigSnapshot {
    /// Parses file bytes handed over by a file provider; see ``ParsingOptions``.
    ///
    /// - Throws: ``/Environments/EnvironmentError``, as described for the provider.
    public init(data: RawSpan, providerName: String, parsingOptions: ParsingOptions) throws(EnvironmentError) {
        // Only the file's bytes are copied, encrypted for a .bin; the plaintext lives in
        // EnvironmentKit's zeroed buffer.
        let bytes = data.withUnsafeBytes { Data($0) }
        do {
            try self.init(data: bytes, providerName: providerName, parsingOptions: parsingOptions)
            parsingOptions.invalidFileReporter?.parsed(nil)
        } catch {
            parsingOptions.invalidFileReporter?.parsed(error)
            throw error
        }
    }
}

extension EnvironmentsSnapshot: ConfigSnapshot {
    /// The value at `key` (its components joined with dots) as `type`, or no value when the
    /// configuration has none there.
    ///
    /// - Throws: ``/Environments/EnvironmentError`` of kind
    ///   ``/Environments/EnvironmentError/Kind/typeMismatch`` when the value exists with another
    ///   type; the message names the types, never the value.
    public func value(forKey key: AbsoluteConfigKey, type: ConfigType) throws -> LookupResult {
        let encodedKey = key.components.joined(separator: ".")
        guard let json = configuration[encodedKey], json.isConfigLeaf else {
            return LookupResult(encodedKey: encodedKey, value: nil)
        }
        guard let content = json.configContent(as: type, bytesDecoder: bytesDecoder) else {
            throw EnvironmentError(
                .typeMismatch, file: path, jsonPath: "configurations.\(configuration.name).\(encodedKey)",
                message:
                    "the variable \"\(encodedKey)\" of configuration \"\(configuration.name)\" is \(json.typeName), not \(Self.describe(type)); change the value in the file or read it as its type"
            )
        }
        return LookupResult(encodedKey: encodedKey, value: ConfigValue(content, isSecret: isSecret(encodedKey)))
    }

    private static func describe(_ type: ConfigType) -> String {
        switch type {
        case .string: return "a string"
        case .int: return "an integer"
        case .double: return "a number"
        case .bool: return "a boolean"
        case .bytes: return "a string of encoded bytes"
        case .stringArray: return "an array of strings"
        case .intArray: return "an array of integers"
        case .doubleArray: return "an array of numbers"
        case .boolArray: return "an array of booleans"
        case .byteChunkArray: return "an array of strings of encoded bytes"
        }
    }
}

extension EnvironmentsSnapshot: CustomStringConvertible {
    /// The provider, the configuration and how many values it serves.
    public var description: String {
        "\(providerName)[\(configuration.name), \(leafKeys.count) values]"
    }
}

extension EnvironmentsSnapshot: CustomDebugStringConvertible {
    /// The keys served; secret values are redacted, the others shown.
    public var debugDescription: String {
        let values = leafKeys.map { key -> String in
            if isSecret(key) { return "\(key)=<REDACTED>" }
            return "\(key)=\(configuration[key]?.jsonText() ?? "")"
        }
        return "\(providerName)[\(configuration.name), \(leafKeys.count) values: \(values.joined(separator: ", "))]"
    }
}
#endif
