#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// age v1 files (age-encryption.org/v1): what `age` and `rage` read and write, binary or
/// ASCII-armored, to any ``FileKeyRecipient``s (X25519 recipients, or one scrypt passphrase) and
/// opened with any ``FileKeyIdentity``s.
///
/// The payload is processed in 64 KiB chunks: the streaming functions hold one chunk at a time
/// and release a chunk only after its tag verified; the whole-buffer functions release nothing
/// unless the whole file verified.
public enum AgeFile {
    /// How the bytes of a file to decrypt are laid out.
    public enum Encoding: Sendable {
        /// Armored when the input starts (after white space) with `-----BEGIN`, binary otherwise.
        case detect
        /// The binary format only.
        case binary
        /// ASCII armor only (`-----BEGIN AGE ENCRYPTED FILE-----`).
        case armored
    }

    /// The first line of every binary age v1 file.
    public static let versionLine = "age-encryption.org/v1"

    /// Whether `data` looks like an age file: binary (it starts with the version line) or
    /// armored (white space, then `-----BEGIN AGE ENCRYPTED FILE-----`). It proves nothing about
    /// the rest of the file.
    public static func isAgeFile(_ data: Data) -> Bool {
        // On the bytes in place: every open of a small file asks this first, and Data's generic
        // iteration cost ~900 instructions a call, 10% of decrypting a 1 KiB file.
        data.withUnsafeBytes { isAgeFile($0) }
    }

    /// ``isAgeFile(_:)`` on bytes.
    static func isAgeFile(_ bytes: UnsafeRawBufferPointer) -> Bool {
        // Both forms start with "a", "-" or white space; anything else (an envtool v1 file's
        // "E") is answered before the comparisons, which cost 120 instructions a call.
        guard let first = bytes.first, first == UInt8(ascii: "a") || first == UInt8(ascii: "-") || AgeArmor.isWhitespace(first) else {
            return false
        }
        if bytes.starts(with: binaryVersionLine) { return true }
        let limit = min(bytes.count, AgeArmor.maximumWhitespace + AgeArmor.header.count)
        var index = 0
        while index < limit, AgeArmor.isWhitespace(bytes[index]) { index += 1 }
        return limit - index >= AgeArmor.header.count
            && bytes[index..<(index + AgeArmor.header.count)].elementsEqual(AgeArmor.header)
    }

    /// The first line of a binary age file, with its line feed.
    private static let binaryVersionLine = Array((versionLine + "\n").utf8)

    // MARK: Whole buffers

    /// Encrypts `plaintext` to `recipients`: each wraps the same file key.
    ///
    /// - Throws: ``AgeError`` of kind ``AgeError/Kind/unusable`` when there is no recipient or
    ///   their labels differ (a passphrase next to another recipient), or what a recipient's
    ///   ``FileKeyRecipient/wrap(_:)`` throws.
    public static func encrypt(_ plaintext: Data, to recipients: [any FileKeyRecipient], armored: Bool = false) throws(AgeError) -> Data {
        var sink = DataSink()
        try encrypt(from: BytesSource(plaintext), to: recipients, armored: armored, into: &sink)
        return sink.data
    }

    /// Encrypts secret `plaintext` (a decrypted document) to `recipients` without copying it out
    /// of zeroing memory.
    package static func encrypt(
        _ plaintext: SecretBytes, to recipients: [any FileKeyRecipient], armored: Bool = false,
        fileKey: FileKey? = nil
    ) throws(AgeError) -> Data {
        var sink = DataSink()
        try encrypt(from: SecretBytesSource(plaintext), to: recipients, armored: armored, fileKey: fileKey, into: &sink)
        return sink.data
    }

    /// Decrypts a whole age file, binary or armored, with the first of `identities` that opens
    /// one of its stanzas; all or nothing.
    ///
    /// - Throws: ``AgeError`` of kind ``AgeError/Kind/noMatch`` when no identity opens the file
    ///   (worded for the kind of identities given), ``AgeError/Kind/hmacFailure``,
    ///   ``AgeError/Kind/headerFailure``, ``AgeError/Kind/payloadFailure`` or
    ///   ``AgeError/Kind/armorFailure``. Whatever was decrypted before a failure is zeroed, never
    ///   returned.
    public static func decrypt(_ data: Data, with identities: [any FileKeyIdentity], encoding: Encoding = .detect) throws(AgeError) -> SecretBytes {
        try open(data, with: identities, encoding: encoding).plaintext
    }

    /// ``decrypt(_:with:encoding:)``, also saying which identity opened the file and what its
    /// header's stanzas are (to seal it again the way it was).
    package static func open(_ data: Data, with identities: [any FileKeyIdentity], encoding: Encoding = .detect) throws(AgeError)
        -> (plaintext: SecretBytes, identity: any FileKeyIdentity, stanzas: [AgeStanza], fileKey: SecretBytes)
    {
        let collector = SecretCollector()
        var sink = collector
        let opened: (identity: any FileKeyIdentity, stanzas: [AgeStanza], fileKey: SecretBytes)
        do {
            opened = try decrypt(from: BytesSource(data), with: identities, encoding: encoding, into: &sink)
        } catch {
            collector.release()
            throw error
        }
        return (collector.take(), opened.identity, opened.stanzas, opened.fileKey)
    }

    // MARK: Streams

    /// Encrypts everything read from `input` to `output` (open file descriptors, not closed),
    /// one 64 KiB chunk at a time.
    ///
    /// - Throws: as ``encrypt(_:to:armored:)``, and ``AgeError/Kind/unusable`` when reading or
    ///   writing fails.
    public static func encrypt(from input: Int32, to output: Int32, recipients: [any FileKeyRecipient], armored: Bool = false) throws(AgeError) {
        var sink = FileDescriptorSink(output)
        try encrypt(from: FileDescriptorSource(input), to: recipients, armored: armored, into: &sink)
    }

    /// Decrypts the age file read from `input` to `output` (open file descriptors, not closed),
    /// one 64 KiB chunk at a time, in constant memory.
    ///
    /// Each chunk is written only after it verified, so on failure `output` holds a prefix of
    /// the plaintext that is authentic but incomplete: write to a temporary file and rename it
    /// only on success when all-or-nothing matters.
    ///
    /// - Throws: as ``decrypt(_:with:encoding:)``, and ``AgeError/Kind/unusable`` when reading or writing fails.
    public static func decrypt(from input: Int32, to output: Int32, with identities: [any FileKeyIdentity], encoding: Encoding = .detect) throws(AgeError) {
        var sink = FileDescriptorSink(output)
        try decrypt(from: FileDescriptorSource(input), with: identities, encoding: encoding, into: &sink)
    }

    /// Encrypts `source` to `recipients` into `sink`.
    package static func encrypt(
        from source: some AgeByteSource, to recipients: [any FileKeyRecipient], armored: Bool,
        fileKey given: FileKey? = nil, into sink: inout some AgeByteSink
    ) throws(AgeError) {
        try AgeSodium.ready()
        let key = given ?? FileKey.generate()
        let stanzas = try stanzas(for: recipients, fileKey: key)
        let fileKey = key.bytes
        let header = try AgeHeader.encode(stanzas, fileKey: fileKey)
        let reader = AgeReader(source)
        if armored {
            var armor = try AgeArmorWriter(sink)
            try armor.write(header)
            try AgePayload.encrypt(from: reader, fileKey: fileKey, to: &armor)
            try armor.finish()
            sink = armor.base
        } else {
            try sink.write(header)
            try AgePayload.encrypt(from: reader, fileKey: fileKey, to: &sink)
        }
    }

    /// Decrypts `source` with the first of `identities` that opens it into `sink`, chunk by chunk.
    ///
    /// - Returns: The identity that opened it, the header's stanzas and the file key (which
    ///   authenticates the recipients list kept beside the file, ``EnvironmentsBin/recipientsMAC(fileKey:recipients:)``).
    @discardableResult
    package static func decrypt(
        from source: some AgeByteSource, with identities: [any FileKeyIdentity], encoding: Encoding = .detect,
        into sink: inout some AgeByteSink
    ) throws(AgeError) -> (identity: any FileKeyIdentity, stanzas: [AgeStanza], fileKey: SecretBytes) {
        try AgeSodium.ready()
        let outer = AgeReader(source)
        let armored =
            switch encoding {
            case .detect: try AgeArmor.isArmored(outer)
            case .binary: false
            case .armored: true
            }
        let reader = armored ? AgeReader(AgeArmorReader(outer)) : outer
        let header = try AgeHeader.read(from: reader)
        let (key, identity) = try unwrap(header.stanzas, with: identities)
        let fileKey = key.bytes
        try header.verify(fileKey: fileKey)
        try AgePayload.decrypt(from: reader, fileKey: fileKey, to: &sink)
        return (identity, header.stanzas, fileKey)
    }

    /// The stanzas of every recipient, each recipient once; their labels must agree (age's rule
    /// that keeps a passphrase alone).
    private static func stanzas(for recipients: [any FileKeyRecipient], fileKey: FileKey) throws(AgeError) -> [AgeStanza] {
        guard let first = recipients.first else {
            throw AgeError(.unusable, "no recipient to encrypt to; give at least one age1… recipient")
        }
        // Labels known in advance are checked before anything is wrapped (a passphrase costs a
        // second of scrypt); those a plugin declares while it wraps, after.
        for recipient in recipients where recipient.labels != first.labels {
            throw AgeError(.unusable, "\(first.displayName) and \(recipient.displayName) cannot open the same file; a passphrase must be the only recipient")
        }
        struct Seen: Hashable { var name: String; var labels: Set<String> }
        var seen = Set<Seen>()
        var stanzas: [AgeStanza] = []
        var headerLength = AgeHeader.fixedLength
        var declared: (name: String, labels: Set<String>)?
        let grouped = AgePluginRecipient.grouped(recipients)
        // What can be told before anything is wrapped is told first: an X25519 stanza has one
        // length, so a list of them too long for a header is refused without wrapping a key.
        let x25519 = Set(grouped.compactMap(\.x25519)).count
        if headerLength + x25519 * AgeX25519.stanzaLength >= AgeHeader.maximumLength {
            throw AgeHeader.tooLong(recipients: x25519, bytes: headerLength + x25519 * AgeX25519.stanzaLength)
        }
        for recipient in grouped {
            let name = recipient.displayName
            guard seen.insert(Seen(name: name, labels: recipient.labels)).inserted else { continue }
            let wrapped = try recipient.wrapWithLabels(fileKey)
            // Plugins' stanzas are measured as they come, so no plugin is asked to wrap for a
            // header that is already too long.
            headerLength += wrapped.stanzas.reduce(0) { $0 + $1.encoded.count }
            if headerLength >= AgeHeader.maximumLength {
                throw AgeHeader.tooLong(recipients: seen.count, bytes: headerLength)
            }
            if let declared, declared.labels != wrapped.labels {
                throw AgeError(
                    .unusable,
                    "\(declared.name) and \(name) cannot open the same file: their labels differ (\(describe(labels: declared.labels)) and \(describe(labels: wrapped.labels))), as a post-quantum or authenticated recipient requires"
                )
            }
            declared = declared ?? (name, wrapped.labels)
            stanzas += wrapped.stanzas
        }
        return stanzas
    }

    private static func describe(labels: Set<String>) -> String {
        labels.isEmpty ? "none" : labels.sorted().joined(separator: " ")
    }

    /// The file key, from the first identity that opens a stanza; when none does, the error says
    /// why in the terms of the secrets given (a passphrase for recipients, identities for a
    /// passphrase file, or simply the wrong ones).
    private static func unwrap(_ stanzas: [AgeStanza], with identities: [any FileKeyIdentity]) throws(AgeError) -> (FileKey, any FileKeyIdentity) {
        let scryptCount = stanzas.count { $0.type == AgeScrypt.type }
        // A passphrase stanza next to others would let anyone who knows a recipient key
        // (or the passphrase) swap the payload for the other party; age refuses it the same way.
        guard scryptCount == 0 || stanzas.count == 1 else {
            throw AgeError(.headerFailure, "a scrypt (passphrase) stanza must be the only stanza of the header, and this header has \(stanzas.count)")
        }
        guard !identities.isEmpty else {
            throw AgeError(.noMatch, "no identity was given to open this file (its stanzas: \(describe(stanzas)))")
        }
        for identity in AgePluginIdentity.grouped(identities) {
            if let fileKey = try identity.unwrap(stanzas) { return (fileKey, identity) }
        }
        let offered = identities.reduce(into: Set<String>()) { $0.formUnion($1.stanzaTypes) }
        if scryptCount == 1 {
            if offered.contains(AgeScrypt.type) { throw AgeError(.noMatch, "the passphrase is wrong") }
            throw AgeError(.noMatch, "this file is encrypted with a passphrase, not to a recipient; give the passphrase instead of an identity")
        }
        if offered.contains(AgeScrypt.type), offered.isDisjoint(with: stanzas.map(\.type)) {
            throw AgeError(.noMatch, "this file is encrypted to recipients (\(describe(stanzas))), not with a passphrase; give an identity instead")
        }
        throw AgeError(
            .noMatch,
            "none of the \(identities.count) identities given opens this file (its stanzas: \(describe(stanzas))); use the identity of one of the recipients it was encrypted to"
        )
    }

    /// The stanza types of a header, counted, naming those envtool cannot open.
    static func describe(_ stanzas: [AgeStanza]) -> String {
        describe(stanzas.map(\.type))
    }

    /// The stanza types of a header, counted, naming those envtool cannot open.
    static func describe(_ types: [String]) -> String {
        var counts: [(type: String, count: Int)] = []
        for type in types {
            if let index = counts.firstIndex(where: { $0.type == type }) { counts[index].count += 1 } else { counts.append((type, 1)) }
        }
        guard !counts.isEmpty else { return "none" }
        return counts.map { entry in
            let note = entry.type == "mlkem768x25519" ? " — ML-KEM hybrid, which envtool cannot decrypt (libsodium has no ML-KEM)" : ""
            let shown = entry.type.count > 32 ? String(entry.type.prefix(32)) + "…" : entry.type
            return "\(entry.count) × \(shown)\(note)"
        }.joined(separator: ", ")
    }
}
