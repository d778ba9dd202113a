#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension AgeFile {
    /// What an age file's header says about how it can be opened, read without any secret, so a
    /// caller can choose between asking for a passphrase and loading identities.
    public struct Summary: Sendable, Hashable {
        /// Whether the file is ASCII-armored.
        public let isArmored: Bool
        /// The stanza types in header order (`X25519`, `scrypt`, or types envtool skips).
        public let stanzaTypes: [String]

        /// Whether the file is protected by a passphrase (one scrypt stanza) rather than recipients.
        public var isPassphraseProtected: Bool { stanzaTypes == [AgeScrypt.type] }
        /// How many X25519 recipients the file was encrypted to.
        public var x25519RecipientCount: Int { stanzaTypes.count { $0 == AgeX25519.type } }
    }

    /// Reads the header of `data` (binary or armored) without decrypting anything.
    ///
    /// - Throws: ``AgeError`` of kind ``AgeError/Kind/headerFailure`` or
    ///   ``AgeError/Kind/armorFailure`` when the header cannot be read. The MAC is not checked:
    ///   that needs the file key.
    public static func inspect(_ data: Data) throws(AgeError) -> Summary {
        let outer = AgeReader(BytesSource(data))
        let armored = try AgeArmor.isArmored(outer)
        let reader = armored ? AgeReader(AgeArmorReader(outer)) : outer
        let header = try AgeHeader.read(from: reader)
        return Summary(isArmored: armored, stanzaTypes: header.stanzas.map(\.type))
    }
}
