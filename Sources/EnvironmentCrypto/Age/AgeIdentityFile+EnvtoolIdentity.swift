internal import LibC
import Platform

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension AgeIdentityFile {
    /// Reads the identities of a file in either format envtool accepts: an age identity file
    /// (`AGE-SECRET-KEY-1…` lines, as `age-keygen` writes them) or an envtool identity file
    /// (`envtool-identity-1:…`, from `envtool keygen --public`). Both must be private to their
    /// owner. An age identity file may hold plugin identities (``AgePluginIdentity``).
    ///
    /// - Parameter option: The option or environment variable the path came from. A path that
    ///   names no file is reported by `option`, never quoted: people paste the key itself there.
    /// - Throws: ``CryptoError`` of kind ``CryptoError/Kind/secretUnavailable`` when the file
    ///   cannot be read, ``CryptoError/Kind/invalidKeyFile`` when it is not an identity file or
    ///   is open to group or others.
    package static func readIdentities(path: String, namedBy option: String, passphrase: PassphraseSource = noPassphrase) throws(CryptoError)
        -> [any FileKeyIdentity]
    {
        guard try startsWithEnvtoolIdentity(path: path, namedBy: option) else {
            do throws(AgeError) {
                return try read(path: path, passphrase: passphrase)
            } catch {
                throw error.cryptoError
            }
        }
        return [AgeIdentity(try Identity(contentsOfIdentityFile: path, namedBy: option))]
    }

    /// Parses identity text held in memory (the value of `ENVTOOL_IDENTITY`, the output of
    /// `ENVTOOL_IDENTITY_COMMAND`), in either format; an `age -p` protected one, or a protected
    /// OpenSSH key, asks `passphrase`.
    ///
    /// - Throws: ``CryptoError`` of kind ``CryptoError/Kind/invalidKeyFile`` (or as a wrong or
    ///   missing passphrase is), naming `source` and never quoting the text.
    package static func parseIdentities(_ text: SecretBytes, namedBy source: String, passphrase: PassphraseSource = noPassphrase) throws(CryptoError)
        -> [any FileKeyIdentity]
    {
        let isEnvtool = text.withUnsafeBytes { raw in
            raw.drop(while: AgeArmor.isWhitespace).starts(with: Array((KeyFile.identityPrefix + ":").utf8))
        }
        do throws(CryptoError) {
            if isEnvtool {
                let secret = try KeyFile.decode(text, length: text.count, prefix: KeyFile.identityPrefix, byteCount: 32)
                return [AgeIdentity(secretKey: secret)]
            }
            do throws(AgeError) {
                return try parse(text, passphrase: passphrase, prompt: "Passphrase for the identity in \(source): ")
            } catch {
                throw CryptoError(error.cryptoKind, error.line.map { "line \($0): " + error.message } ?? error.message)
            }
        } catch {
            throw CryptoError(error.kind, "\(source): \(error.message)")
        }
    }

    /// Whether the file at `path` starts (after white space) with `envtool-identity-1:`. Reads
    /// at most a few dozen bytes, into memory that is zeroed afterwards.
    private static func startsWithEnvtoolIdentity(path: String, namedBy option: String) throws(CryptoError) -> Bool {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let reason = String(cString: strerror(errno)).lowercased()
            guard KeyFile.mayBeSecret(path) else {
                throw CryptoError(.secretUnavailable, "cannot read the identity file given to \(option): \(reason)", file: path)
            }
            throw CryptoError(
                .secretUnavailable, "\(option) does not name a readable file (\(reason)); it must hold the path of an identity file, not the identity itself")
        }
        defer { close(descriptor) }
        let prefix = Array((KeyFile.identityPrefix + ":").utf8)
        let peek = SecretBytes(count: 64) { $0.initializeMemory(as: UInt8.self, repeating: 0) }
        // Written only here, before anyone else can see it; a failed read ends it as the end does.
        let length = peek.withUnsafeBytes { readFully(descriptor, into: UnsafeMutableRawBufferPointer(mutating: $0)).count }
        return peek.withUnsafeBytes { raw in
            raw[..<length].drop(while: AgeArmor.isWhitespace).starts(with: prefix)
        }
    }
}
