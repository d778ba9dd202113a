import CSodium
internal import LibC
import Platform

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The text encoding of key files and recipients: one line `<prefix>:<base64>`, so a file says
/// what it holds and a key pasted in the wrong place is recognised as such.
enum KeyFile {
    static let keyPrefix = "envtool-key-1"
    static let identityPrefix = "envtool-identity-1"
    static let recipientPrefix = "envtool-recipient-1"

    /// Reads a secret key file, refusing one that group or others can read.
    ///
    /// - Parameter namedBy: The option or environment variable the path came from (`--key-file`,
    ///   `ENVTOOL_KEY_FILE`). When given, errors name it instead of the path: people put the key
    ///   itself where the path belongs, and the error must not print it back.
    static func readSecret(path: String, namedBy option: String? = nil, prefix: String, byteCount: Int) throws(CryptoError) -> SecretBytes {
        let (text, length) = try readText(path: path, namedBy: option)
        do {
            return try decode(text, length: length, prefix: prefix, byteCount: byteCount)
        } catch {
            throw failure(error.kind, error.message, path: path, namedBy: option)
        }
    }

    /// The key file at `path` as any key it may hold: an envtool key (`envtool-key-1:`), or the
    /// two keys of an RNCryptor file (``RNCryptorKeys``: 64 bytes, or two lines of hex). Which
    /// one a file needs is for its header to say; this tells them apart by their text.
    ///
    /// - Throws: ``CryptoError``, as ``readSecret(path:namedBy:prefix:byteCount:)``, and of kind
    ///   ``CryptoError/Kind/invalidKeyFile`` for a file that is neither.
    static func readKey(path: String, namedBy option: String?) throws(CryptoError) -> any FileKeyIdentity {
        let (text, length) = try readText(path: path, namedBy: option)
        do throws(CryptoError) {
            if hasPrefix(text, length: length, keyPrefix) {
                return SymmetricKey(bytes: try decode(text, length: length, prefix: keyPrefix, byteCount: 32))
            }
            if let keys = try RNCryptorKeys(keyFileText: text, length: length) { return keys }
            throw CryptoError(
                .invalidKeyFile,
                "this is neither an envtool key file (a line starting with \"\(keyPrefix):\", from envtool keygen) nor an RNCryptor key file (\(RNCryptorKeys.keyFileForm))"
            )
        } catch {
            throw failure(error.kind, error.message, path: path, namedBy: option)
        }
    }

    /// The error `problem` about the key file at `path`, named by `option` when it came from one.
    ///
    /// Errors about a file that exists name it: its path is a path. One that names no file is
    /// named unless it may be the key itself, pasted where the path belongs (``mayBeSecret(_:)``).
    private static func failure(_ kind: CryptoError.Kind, _ problem: String, path: String, namedBy option: String?) -> CryptoError {
        guard let option else { return CryptoError(kind, problem, file: path) }
        return CryptoError(kind, "the file given to \(option): \(problem)", file: path)
    }

    /// Reads a secret key file of at most 511 bytes into a buffer that is zeroed when released,
    /// refusing one that group or others can read or write.
    ///
    /// - Parameter namedBy: As for ``readSecret(path:namedBy:prefix:byteCount:)``.
    static func readText(path: String, namedBy option: String?) throws(CryptoError) -> (text: SecretBytes, length: Int) {
        func unreadable() -> CryptoError {
            let reason = String(cString: strerror(errno)).lowercased()
            guard let option else { return CryptoError(.secretUnavailable, "cannot read the key file: \(reason)", file: path) }
            if !mayBeSecret(path) { return CryptoError(.secretUnavailable, "cannot read the file given to \(option): \(reason)", file: path) }
            return CryptoError(
                .secretUnavailable, "\(option) does not name a readable file (\(reason)); it must hold the path of a key file, not the key itself")
        }
        var status = stat()
        guard stat(path, &status) == 0 else { throw unreadable() }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw failure(.invalidKeyFile, "it is not a regular file", path: path, namedBy: option)
        }
        if status.st_mode & 0o077 != 0 {
            let mode = String(status.st_mode & 0o777, radix: 8)
            throw failure(
                .invalidKeyFile, "the key file is readable or writable by group or others (mode \(mode)); run `chmod 600 \(path)`", path: path, namedBy: option)
        }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw unreadable() }
        defer { close(fd) }
        // Small and fixed: a key file is one short line. Read into a buffer that is zeroed afterwards.
        var length = 0
        let text = SecretBytes(count: 512) { raw in
            raw.initializeMemory(as: UInt8.self, repeating: 0)
            // A failed read ends the key as the end of the file does.
            length = readFully(fd, into: raw).count
        }
        guard length < 512 else {
            throw failure(.invalidKeyFile, "the file is too long to be a key file", path: path, namedBy: option)
        }
        return (text, length)
    }

    /// Whether `value`, given where a path belongs, may be a secret pasted there: it holds a
    /// key's or identity's prefix, or is a long word without a folder or an extension, as base64
    /// and bech32 keys are. Such a value is never printed in errors; any other path is.
    package static func mayBeSecret(_ value: String) -> Bool {
        let lowered = value.lowercased()
        if lowered.contains("age-secret-key-") || lowered.contains(keyPrefix) || lowered.contains(identityPrefix) || lowered.contains("age-plugin-") {
            return true
        }
        return value.utf8.count >= 32 && !value.contains("/") && !value.contains(".")
    }

    /// Whether the first `length` bytes of `text` start with `<prefix>:` after white space.
    private static func hasPrefix(_ text: SecretBytes, length: Int, _ prefix: String) -> Bool {
        let expected = Array((prefix + ":").utf8)
        return text.withUnsafeBytes { raw in
            var start = 0
            while start < length, isSpace(raw[start]) { start += 1 }
            // memcmp, not `elementsEqual` on a slice: its generic walk was 400 instructions on
            // every start of `get` with a key file.
            return length - start >= expected.count && memcmp(raw.baseAddress! + start, expected, expected.count) == 0
        }
    }

    /// Decodes `<prefix>:<base64>` (surrounding white space allowed) from the first `length` bytes of `text`.
    static func decode(_ text: SecretBytes, length: Int, prefix: String, byteCount: Int) throws(CryptoError) -> SecretBytes {
        let expected = Array((prefix + ":").utf8)
        let range: Range<Int>? = text.withUnsafeBytes { raw in
            var start = 0
            var end = length
            while start < end, isSpace(raw[start]) { start += 1 }
            while end > start, isSpace(raw[end - 1]) { end -= 1 }
            guard end - start > expected.count, Array(raw[start..<start + expected.count]) == expected else { return nil }
            return (start + expected.count)..<end
        }
        guard let range else {
            let kinds = [
                keyPrefix: "a key file (envtool keygen)", identityPrefix: "an identity file (envtool keygen --public)",
                recipientPrefix: "a recipient (the .pub file of envtool keygen --public)",
            ]
            throw CryptoError(.invalidKeyFile, "this is not \(kinds[prefix] ?? prefix); expected a line starting with \"\(prefix):\"")
        }
        var decodedLength = 0
        let decoded = try SecretBytes(count: byteCount) { (output: UnsafeMutableRawBufferPointer) throws(CryptoError) in
            let status = text.withUnsafeBytes { raw in
                raw.baseAddress!.advanced(by: range.lowerBound).withMemoryRebound(to: CChar.self, capacity: range.count) { base64 in
                    sodium_base642bin(
                        output.baseAddress!.assumingMemoryBound(to: UInt8.self), output.count, base64, range.count,
                        nil, &decodedLength, nil, Int32(sodium_base64_VARIANT_ORIGINAL))
                }
            }
            guard status == 0, decodedLength == byteCount else {
                throw CryptoError(.invalidKeyFile, "the key is not \(byteCount) bytes of base64 after \"\(prefix):\"")
            }
        }
        return decoded
    }

    /// `<prefix>:<base64>\n` for `bytes`, as secret bytes so that the text is zeroed too.
    static func encode(_ bytes: SecretBytes, prefix: String) -> SecretBytes {
        let base64Length = sodium_base64_encoded_len(bytes.count, Int32(sodium_base64_VARIANT_ORIGINAL))
        let head = Array((prefix + ":").utf8)
        return SecretBytes(count: head.count + base64Length) { output in
            output.copyBytes(from: head)
            bytes.withUnsafeBytes { raw in
                _ = sodium_bin2base64(
                    (output.baseAddress! + head.count).assumingMemoryBound(to: CChar.self), base64Length,
                    raw.baseAddress!.assumingMemoryBound(to: UInt8.self), raw.count, Int32(sodium_base64_VARIANT_ORIGINAL))
            }
            // sodium_bin2base64 ends with NUL; the file ends with a newline instead.
            output[output.count - 1] = UInt8(ascii: "\n")
        }
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }
}

extension EnvironmentsBin {
    /// The key in the key file at `path`, named by `option` in errors: a ``SymmetricKey`` for an
    /// envtool key file, ``RNCryptorKeys`` for an RNCryptor one (``KeyFile/readKey(path:namedBy:)``).
    package static func keyFileIdentity(path: String, namedBy option: String?) throws(CryptoError) -> any FileKeyIdentity {
        try KeyFile.readKey(path: path, namedBy: option)
    }
}
