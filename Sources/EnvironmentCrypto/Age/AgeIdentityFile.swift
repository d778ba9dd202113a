import CSodium
internal import LibC
import Platform

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Identity files, as age reads them: one identity per line, X25519 (`AGE-SECRET-KEY-1…`, as
/// `age-keygen` writes them) or of an age plugin (`AGE-PLUGIN-NAME-1…`, as the plugin writes
/// them), with `#` comments and blank lines; an OpenSSH private key (`ssh-ed25519` or `ssh-rsa`,
/// `OpenSSHPrivateKey`, which `ssh-keygen -N` may have protected with a passphrase); or such a
/// file encrypted with a passphrase (`age -p`), decrypted in memory. Either passphrase is asked of
/// a `PassphraseSource`, with a prompt naming the file.
///
/// The file must be readable only by its owner, as envtool's key files must: a secret key that
/// others can read is not secret.
public enum AgeIdentityFile {
    /// The stanza types the SSH identities of these files open (`ssh-ed25519`, `ssh-rsa`).
    package static let sshStanzaTypes = [AgeSSH.ed25519Type, AgeSSH.rsaType]

    /// The largest identity file read; thousands of identities fit.
    static let maximumLength = 64 * 1024

    /// Where the passphrase of an identity file protected with `age -p`, or of an OpenSSH private
    /// key protected with `ssh-keygen -N`, comes from: asked with `prompt` (which names the
    /// file), into zeroing memory.
    ///
    /// - Throws: ``AgeError`` of kind ``AgeError/Kind/unusable`` when there is none to give,
    ///   saying how to give one.
    package typealias PassphraseSource = (_ prompt: String) throws(AgeError) -> SecretBytes

    /// The source of a caller that has no passphrase to give.
    package static func noPassphrase(_ prompt: String) throws(AgeError) -> SecretBytes {
        throw AgeError(.unusable, "this identity file is protected with a passphrase, and no passphrase was given for it")
    }

    /// Reads every identity in the file at `path`; a passphrase-protected file is refused.
    ///
    /// - Throws: as `read(path:passphrase:)`.
    public static func read(path: String) throws(AgeError) -> [any FileKeyIdentity] {
        try read(path: path, passphrase: noPassphrase)
    }

    /// Reads every identity in the file at `path`, asking `passphrase` for the passphrase of a
    /// file protected with `age -p` or of an OpenSSH private key protected by one.
    ///
    /// - Throws: ``AgeError`` of kind ``AgeError/Kind/invalidIdentity`` when the file is readable
    ///   or writable by group or others (with the `chmod` that fixes it), is not a regular file,
    ///   holds no identity, or has a line that is neither an X25519 nor a plugin identity (with
    ///   its line number), or is a malformed or unsupported OpenSSH private key (an unknown
    ///   cipher or KDF, more bcrypt rounds than `OpenSSHPrivateKey.maximumRounds`);
    ///   ``AgeError/Kind/noMatch`` when the passphrase does not open it;
    ///   ``AgeError/Kind/unusable`` when it cannot be read or no passphrase was given.
    /// - Returns: ``AgeIdentity``, ``AgePluginIdentity``, ``SSHEd25519Identity`` and
    ///   ``SSHRSAIdentity`` values, in the file's order. Reading runs no plugin.
    package static func read(path: String, passphrase: PassphraseSource) throws(AgeError) -> [any FileKeyIdentity] {
        let text = try readSecretFile(path)
        do {
            return try parse(text, passphrase: passphrase, prompt: "Passphrase for the identity file \(path): ")
        } catch {
            throw error.about(path)
        }
    }

    /// Parses identity-file text (zeroed by its owner when released): identity lines, an
    /// OpenSSH private key, or either encrypted with `age -p`; the passphrase of an `age -p` file
    /// or a protected OpenSSH key is asked of `passphrase` with `prompt`.
    package static func parse(
        _ text: SecretBytes, passphrase: PassphraseSource = noPassphrase,
        prompt: String = "Passphrase for the identity file: "
    ) throws(AgeError) -> [any FileKeyIdentity] {
        enum Kind { case lines, openSSH, encrypted }
        let kind: Kind = text.withUnsafeBytes { raw in
            OpenSSHPrivateKey.isPrivateKey(raw) ? .openSSH : AgeFile.isAgeFile(raw) ? .encrypted : .lines
        }
        switch kind {
        case .openSSH:
            return [try text.withUnsafeBytes { (raw) throws(AgeError) in try OpenSSHPrivateKey.identity(raw, passphrase: passphrase, prompt: prompt) }]
        case .encrypted:
            return try parseEncrypted(text, passphrase: passphrase, prompt: prompt)
        case .lines:
            return try parseLines(text)
        }
    }

    /// The identities of an identity file encrypted with a passphrase (`age -p`), decrypted in
    /// memory. What it holds may not be encrypted again.
    private static func parseEncrypted(_ text: SecretBytes, passphrase: PassphraseSource, prompt: String) throws(AgeError) -> [any FileKeyIdentity] {
        // The ciphertext is not secret; the header says whether a passphrase opens it before one is asked.
        let data = text.withUnsafeBytes { Data($0) }
        let summary = try AgeFile.inspect(data)
        guard summary.isPassphraseProtected else {
            throw AgeError(
                .invalidIdentity,
                "this identity file is an age file encrypted to recipients (\(AgeFile.describe(summary.stanzaTypes))); an identity file may be encrypted only with a passphrase (age -p)"
            )
        }
        let secret = try passphrase(prompt)
        let key: Passphrase
        do {
            key = try Passphrase(bytes: secret)
        } catch {
            throw AgeError(.unusable, "the passphrase for this identity file is empty")
        }
        let inner: SecretBytes
        do {
            inner = try AgeFile.decrypt(data, with: [key])
        } catch  where error.kind == .noMatch {
            throw AgeError(.noMatch, "the passphrase does not open this identity file (protected with age -p)")
        } catch {
            throw AgeError(error.kind, "this passphrase-protected identity file: \(error.message)")
        }
        let isEncryptedAgain = inner.withUnsafeBytes { AgeFile.isAgeFile($0) }
        guard !isEncryptedAgain else {
            throw AgeError(.invalidIdentity, "this passphrase-protected identity file holds another encrypted file; it should hold identities")
        }
        return try parse(inner)
    }

    /// Parses identity lines.
    private static func parseLines(_ text: SecretBytes) throws(AgeError) -> [any FileKeyIdentity] {
        let result: Result<[any FileKeyIdentity], AgeError> = text.withUnsafeBytes { raw in
            Result { () throws(AgeError) in
                var identities: [any FileKeyIdentity] = []
                var lineStart = 0
                var lineNumber = 0
                while lineStart < raw.count {
                    lineNumber += 1
                    var lineEnd = lineStart
                    while lineEnd < raw.count, raw[lineEnd] != 0x0A { lineEnd += 1 }
                    var start = lineStart
                    var end = lineEnd
                    while start < end, AgeArmor.isWhitespace(raw[start]) { start += 1 }
                    while end > start, AgeArmor.isWhitespace(raw[end - 1]) { end -= 1 }
                    if start < end, raw[start] != UInt8(ascii: "#") {
                        do throws(AgeError) {
                            let line = UnsafeRawBufferPointer(rebasing: raw[start..<end])
                            if AgeSSH.looksLikeRecipient(String(decoding: line.prefix(12), as: UTF8.self)) {
                                throw AgeError(.invalidIdentity, "this is an SSH public key; give its private key file (the same path without .pub)")
                            }
                            if AgePluginIdentity.isPluginIdentity(line) {
                                identities.append(try AgePluginIdentity(parsing: line))
                            } else {
                                identities.append(try AgeIdentity(parsing: line))
                            }
                        } catch {
                            throw AgeError(error.kind, error.message, line: lineNumber)
                        }
                    }
                    lineStart = lineEnd + 1
                }
                guard !identities.isEmpty else {
                    throw AgeError(
                        .invalidIdentity,
                        "no identity in this file; it should hold at least one AGE-SECRET-KEY-1… line (from `age-keygen`) or AGE-PLUGIN-NAME-1… line (from a plugin), or be an OpenSSH private key"
                    )
                }
                return identities
            }
        }
        return try result.get()
    }

    /// A new identity and its file text, as `age-keygen` writes it:
    /// `# created: <RFC 3339 time>`, `# public key: age1…`, then the identity. Write it with
    /// mode 0600.
    package static func generate(now: Date = Date()) throws(AgeError) -> (identity: AgeIdentity, text: SecretBytes) {
        let identity = try AgeIdentity.generate()
        return (identity, text(of: [identity], now: now))
    }

    /// The file text of `identities` as `age-keygen` writes one: `# created: <RFC 3339 time>`,
    /// then for each `# public key: age1…` and the identity line. In zeroing memory; write it
    /// with mode 0600. `envtool keygen --export-age` writes an envtool identity this way, so that
    /// `age -d -i` reads it.
    package static func text(of identities: [AgeIdentity], now: Date = Date()) -> SecretBytes {
        var parts: [(comment: [UInt8], key: SecretBytes)] = []
        for (index, identity) in identities.enumerated() {
            let created = index == 0 ? "# created: \(now.formatted(Date.ISO8601FormatStyle()))\n" : ""
            parts.append((Array((created + "# public key: \(identity.recipient.encoded)\n").utf8), identity.encoded))
        }
        let count = parts.reduce(0) { $0 + $1.comment.count + $1.key.count + 1 }
        return SecretBytes(count: count) { output in
            var offset = 0
            for part in parts {
                UnsafeMutableRawBufferPointer(rebasing: output[offset..<offset + part.comment.count]).copyBytes(from: part.comment)
                offset += part.comment.count
                part.key.withUnsafeBytes { UnsafeMutableRawBufferPointer(rebasing: output[offset..<offset + $0.count]).copyMemory(from: $0) }
                offset += part.key.count
                output[offset] = 0x0A
                offset += 1
            }
        }
    }

    /// Reads a small file that must be private to its owner into zeroing memory.
    private static func readSecretFile(_ path: String) throws(AgeError) -> SecretBytes {
        var status = stat()
        guard stat(path, &status) == 0 else {
            throw AgeError(.unusable, "cannot read the identity file: \(String(cString: strerror(errno)).lowercased())", file: path)
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw AgeError(.invalidIdentity, "the identity file is not a regular file", file: path)
        }
        if status.st_mode & 0o077 != 0 {
            if path.hasSuffix(".pub") {
                throw AgeError(.invalidIdentity, "this is a public key file (.pub); give the private key file (the same path without .pub)", file: path)
            }
            let mode = String(status.st_mode & 0o777, radix: 8)
            throw AgeError(.invalidIdentity, "the identity file is readable or writable by group or others (mode \(mode)); run `chmod 600 \(path)`", file: path)
        }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw AgeError(.unusable, "cannot read the identity file: \(String(cString: strerror(errno)).lowercased())", file: path)
        }
        defer { close(descriptor) }
        // Sized from the file (an identity file is a few hundred bytes), not for the largest one
        // allowed: a 64 KiB secret buffer is zeroed twice, a tenth of `envtool get` from an age file.
        let capacity = min(maximumLength, Int(clamping: max(status.st_size, 0)) + 1024) + 1
        let buffer = SecretBytes(count: capacity) { $0.initializeMemory(as: UInt8.self, repeating: 0) }
        // SecretBytes is written only here, before anyone else can see it.
        let (length, failure) = buffer.withUnsafeBytes { readFully(descriptor, into: UnsafeMutableRawBufferPointer(mutating: $0)) }
        if let failure {
            throw AgeError(.unusable, "cannot read the identity file: \(failure.reason.lowercased())", file: path)
        }
        guard length <= maximumLength else {
            throw AgeError(.invalidIdentity, "the file is larger than \(maximumLength / 1024) KiB; it is not an identity file", file: path)
        }
        guard length < capacity else {
            throw AgeError(.unusable, "the identity file grew while it was read; read it again when nothing is writing it", file: path)
        }
        return buffer.withUnsafeBytes { raw in SecretBytes(count: length) { $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: raw[..<length])) } }
    }
}
