import JSONParsing

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A sops file in its JSON layout (sops 3.x, age recipients): the document's keys and structure
/// in clear, each value encrypted on its own (`SopsValue`), and a top-level `"sops"` object with
/// the data key sealed to each age recipient, the time of the last change and a MAC over all the
/// values (docs/sops.md).
///
/// Told apart from a plain environments document by its content, not its name: a root object
/// with a `"sops"` member that is an object with `mac` and `version`.
public struct SopsFile: Sendable {
    /// The document's members but `"sops"`, in order, values as stored (encrypted or clear).
    package let tree: JSONObject
    /// The `"sops"` object.
    package let metadata: Metadata
    /// The file as read, to point at a value's line in an error.
    package let data: Data

    /// The age recipients a sops file's data key is sealed to, in order.
    package struct AgeKey: Sendable, Hashable {
        /// The recipient (`age1…`), as sops wrote it.
        package let recipient: String
        /// The data key, as an armored age file sealed to `recipient`.
        package let enc: String
    }

    /// What the `"sops"` object says.
    package struct Metadata: Sendable {
        package let ageKeys: [AgeKey]
        /// `lastmodified` as written (RFC 3339): the MAC's additional data.
        package let lastModified: String
        /// The encrypted MAC (`ENC[…]`).
        package let mac: String
        package let unencryptedSuffix: String
        package let encryptedSuffix: String
        package let macOnlyEncrypted: Bool
        package let version: String
        /// Key types other than age that hold the data key (`kms`, `pgp`, …), for messages.
        package let otherKeyTypes: [String]
        /// The whole object as read, to write back what envtool does not change.
        package let object: JSONObject
    }

    /// The root member that holds the metadata.
    package static let metadataKey = "sops"

    /// Whether `data` is a sops JSON file: a root object whose `"sops"` member is an object with
    /// `mac` and `version`. Only the root object's keys are stepped over; nothing is built.
    public static func isSopsFile(_ data: Data) -> Bool {
        data.withUnsafeBytes { isSopsFile($0) }
    }

    static func isSopsFile(_ raw: UnsafeRawBufferPointer) -> Bool {
        // Every encrypted read asks first: an ENVBIN, age or RNCryptor file is told apart by its
        // first byte, before a parser is set up (at 1 KiB that setup was a few percent of a decrypt).
        guard let first = raw.first, first == UInt8(ascii: "{") || first == 0xEF || first == 0x20 || first == 0x09 || first == 0x0A || first == 0x0D else {
            return false
        }
        let bytes = raw.bindMemory(to: UInt8.self)
        let root = JSONParser.rootOffset(in: bytes)
        guard root < bytes.count, bytes[root] == UInt8(ascii: "{"),
            let sops = JSONParser.memberOffset(metadataKey, inObjectAt: root, of: bytes),
            sops < bytes.count, bytes[sops] == UInt8(ascii: "{")
        else { return false }
        return JSONParser.memberOffset("mac", inObjectAt: sops, of: bytes) != nil
            && JSONParser.memberOffset("version", inObjectAt: sops, of: bytes) != nil
    }

    /// Parses a sops JSON file (nothing is decrypted).
    ///
    /// - Throws: ``CryptoError/Kind/malformedFile`` naming the line for a file that is not valid
    ///   JSON or whose `"sops"` object lacks what a sops file has; ``CryptoError/Kind/unavailable``
    ///   for sops options envtool does not implement (`unencrypted_regex` and the like).
    public init(parsing data: Data) throws(CryptoError) {
        let parsed: Result<JSONValue, JSONParser.Failure> = data.withUnsafeBytes { raw in
            var parser = JSONParser(bytes: raw.bindMemory(to: UInt8.self))
            do throws(JSONParser.Failure) { return .success(try parser.parseDocument()) } catch { return .failure(error) }
        }
        let root: JSONValue
        switch parsed {
        case .success(let value): root = value
        case .failure(let failure):
            let line = data.withUnsafeBytes { JSONText.location(of: failure.offset, in: $0.bindMemory(to: UInt8.self)).line }
            throw CryptoError(.malformedFile, "not a sops file: \(failure.message)", line: line)
        }
        guard case .object(var members) = root, let index = members.index(forKey: Self.metadataKey),
            case .object(let sops) = members[index].value
        else {
            throw CryptoError(.malformedFile, "not a sops file: it has no \"sops\" object at the top level")
        }
        members.remove(at: index)
        self.tree = members
        self.data = data
        self.metadata = try Metadata(sops, line: { path in Self.line(of: path, in: data) })
    }

    /// A file envtool is about to write: `tree` (values as stored) and the `"sops"` object
    /// `metadata`, read as ``init(parsing:)`` reads it.
    init(tree: JSONObject, metadata: JSONObject) throws(CryptoError) {
        self.tree = tree
        self.data = Data()
        self.metadata = try Metadata(metadata, line: { _ in nil })
    }

    /// The 1-based line of the value at `path`, when it can be found.
    package static func line(of path: JSONPath, in data: Data) -> Int? {
        data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            return JSONParser.offset(of: path, in: bytes).map { JSONText.location(of: $0, in: bytes).line }
        }
    }

    /// The 1-based line of the value at `path`, when it can be found.
    package func line(of path: JSONPath) -> Int? { Self.line(of: path, in: data) }
}

extension SopsFile.Metadata {
    /// The known key types of sops's metadata besides age, each a list of sealed data keys.
    static let otherKeyTypeNames = ["kms", "gcp_kms", "azure_kv", "hc_vault", "pgp"]
    /// Options that choose which values are encrypted by regular expression (Go's RE2 syntax),
    /// or that encrypt comments (YAML only): refused rather than guessed.
    static let unsupportedOptions = ["unencrypted_regex", "encrypted_regex", "unencrypted_comment_regex", "encrypted_comment_regex"]

    init(_ sops: JSONObject, line: (JSONPath) -> Int?) throws(CryptoError) {
        let base = JSONPath().appending(key: SopsFile.metadataKey)
        func malformed(_ key: String, _ what: String) -> CryptoError {
            CryptoError(.malformedFile, "not a sops file: \"sops\".\(key) \(what)", line: line(base.appending(key: key)))
        }
        func string(_ key: String, required: Bool) throws(CryptoError) -> String {
            switch sops[key] {
            case .string(let value)?: return value
            case nil, .null?: if required { throw malformed(key, "is missing") } else { return "" }
            case let other?: throw malformed(key, "is \(other.typeName), not a string")
            }
        }
        mac = try string("mac", required: true)
        version = try string("version", required: true)
        lastModified = try string("lastmodified", required: true)
        unencryptedSuffix = try string("unencrypted_suffix", required: false)
        encryptedSuffix = try string("encrypted_suffix", required: false)
        switch sops["mac_only_encrypted"] {
        case .bool(let value)?: macOnlyEncrypted = value
        case nil, .null?: macOnlyEncrypted = false
        case let other?: throw malformed("mac_only_encrypted", "is \(other.typeName), not a boolean")
        }
        for option in Self.unsupportedOptions {
            if case .string(let value)? = sops[option], !value.isEmpty {
                throw CryptoError(
                    .unavailable,
                    "this sops file chooses its encrypted values with \(option), which envtool does not read (it reads unencrypted_suffix and encrypted_suffix); decrypt it with sops, or re-create it with a suffix",
                    line: line(base.appending(key: option)))
            }
        }
        guard !(unencryptedSuffix.isEmpty == false && encryptedSuffix.isEmpty == false) else {
            throw malformed("encrypted_suffix", "and unencrypted_suffix are both set; sops allows one")
        }
        var keys: [SopsFile.AgeKey] = []
        switch sops["age"] {
        case nil, .null?: break
        case .array(let entries)?:
            for (position, entry) in entries.enumerated() {
                let at = base.appending(key: "age").appending(index: position)
                guard case .object(let object) = entry, case .string(let recipient)? = object["recipient"], case .string(let enc)? = object["enc"] else {
                    throw CryptoError(.malformedFile, "not a sops file: \"sops\".age[\(position)] needs a \"recipient\" and an \"enc\" string", line: line(at))
                }
                keys.append(SopsFile.AgeKey(recipient: recipient, enc: enc))
            }
        case let other?: throw malformed("age", "is \(other.typeName), not an array")
        }
        ageKeys = keys
        otherKeyTypes = Self.otherKeyTypeNames.filter { name in
            if case .array(let entries)? = sops[name] { return !entries.isEmpty }
            return false
        }
        object = sops
    }
}

extension SopsFile {
    /// The age recipients the data key is sealed to, as the file names them.
    ///
    /// - Throws: ``CryptoError/Kind/malformedFile`` for a recipient that is not an age recipient.
    package func recipients() throws(CryptoError) -> [any FileKeyRecipient] {
        var recipients: [any FileKeyRecipient] = []
        for (position, key) in metadata.ageKeys.enumerated() {
            do throws(AgeError) {
                recipients += try AgeRecipientsFile.parseAny(key.recipient)
            } catch {
                throw CryptoError(
                    .malformedFile, "\"sops\".age[\(position)].recipient is not an age recipient: \(error.message)",
                    line: line(of: JSONPath().appending(key: Self.metadataKey).appending(key: "age").appending(index: position).appending(key: "recipient")))
            }
        }
        return recipients
    }
}
