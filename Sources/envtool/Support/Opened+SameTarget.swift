import EnvironmentCrypto
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Platform

extension EnvironmentsBin.Opened {
    /// The recipient of a v1 recipient-mode file: the public half of the identity that opened it.
    var v1Recipient: Recipient? {
        guard case .recipient = header.modeFields, let fingerprint = header.fingerprint else { return nil }
        let hex = hexString(fingerprint)
        switch secret {
        case .identity(let identity): return identity.recipient
        case .ageIdentities(let identities):
            return identities.lazy.map { Recipient($0.recipient) }.first { $0.fingerprint == hex }
        case .key, .passphrase: return nil
        }
    }

    /// What re-encrypting this file the same way means, for `edit` (and `rekey --to` of the same
    /// format): the same key, passphrase (with a new salt, and the file's Argon2id cost) or
    /// recipients. An age file is sealed to the recipients listed beside it at `path`, checked
    /// against its header; a fresh file key is made every time.
    func sameTarget(path: String, kdf: KDFOptions) throws -> EnvironmentsBin.EncryptionTarget {
        if let summary = header.age {
            if case .passphrase(let passphrase) = secret {
                return .age(.passphrase(passphrase, workFactor: kdf.scryptWorkFactor), armored: summary.isArmored)
            }
            return .age(.recipients(try RecipientsSidecar.checked(beside: path, summary: summary)), armored: summary.isArmored)
        }
        switch secret {
        case .key(let key): return .key(key)
        case .passphrase(let passphrase): return .passphrase(passphrase, try header.kdf ?? kdf.parameters())
        case .identity, .ageIdentities:
            guard let recipient = v1Recipient else {
                throw CryptoError(.secretUnavailable, "no identity given is for the file's recipient", file: path)
            }
            return .recipient(recipient)
        }
    }
}
