import Diagnostics

/// An error reading or writing an age file, or an age key.
///
/// ``kind`` uses the failure names of the age test vectors (C2SP/CCTV), so a failure can be
/// compared with what the specification expects; ``cryptoKind`` maps it onto the kinds of
/// ``CryptoError`` that the CLI turns into exit codes. Messages never contain key material,
/// passphrases or plaintext.
public struct AgeError: LocatedError {
    /// What went wrong.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// None of the given identities (or the passphrase) opens any recipient stanza.
        case noMatch = "no match"
        /// The header's MAC does not verify: the header was modified after encryption.
        case hmacFailure = "HMAC failure"
        /// The header is not a canonical age v1 header, or a stanza is malformed.
        case headerFailure = "header failure"
        /// The payload is truncated, extended or modified; nothing unauthenticated was released.
        case payloadFailure = "payload failure"
        /// The ASCII armor (`-----BEGIN AGE ENCRYPTED FILE-----`) is malformed.
        case armorFailure = "armor failure"
        /// A recipient (`age1…`) or a recipients file is malformed or of an unsupported type.
        case invalidRecipient = "invalid recipient"
        /// An identity (`AGE-SECRET-KEY-1…`) or an identity file is malformed, of an unsupported
        /// type, or readable by group or others.
        case invalidIdentity = "invalid identity"
        /// A file cannot be read or written, or the arguments cannot work (no recipients,
        /// an empty passphrase, a work factor out of range).
        case unusable = "unusable input"
        /// libsodium failed to initialise or to allocate.
        case unavailable = "unavailable"
        /// An age plugin (`age-plugin-NAME`) is missing, failed (exit, signal, silence past the
        /// time limit), broke the protocol, or reported an error; or a plugin's request could
        /// not be answered (no terminal).
        case pluginFailure = "plugin failure"
        /// The output (a file descriptor) could not be written: a full disk, `ulimit -f`, a
        /// closed pipe. Nothing about the input or the keys.
        case outputFailure = "output failure"
    }

    /// What went wrong.
    public let kind: Kind
    /// What is wrong and where, in the one located form every envtool error uses.
    public let diagnostic: Diagnostic

    /// Creates an error.
    public init(_ kind: Kind, _ message: String, file: String? = nil, line: Int? = nil) {
        self.kind = kind
        self.diagnostic = Diagnostic(.error, file: file, line: line, message: message)
    }

    /// The same error about `file` (keeps a file already named).
    public func about(_ file: String) -> AgeError {
        AgeError(kind, message, file: self.file ?? file, line: line)
    }

    /// The kind of ``CryptoError`` this error is, so that every encrypted format shares exit codes.
    public var cryptoKind: CryptoError.Kind {
        switch kind {
        case .noMatch, .hmacFailure, .payloadFailure: return .authenticationFailed
        case .headerFailure, .armorFailure: return .malformedFile
        case .invalidRecipient, .invalidIdentity: return .invalidKeyFile
        case .unusable: return .secretUnavailable
        case .unavailable: return .unavailable
        case .pluginFailure: return .pluginFailed
        case .outputFailure: return .outputFailed
        }
    }

    /// This error as a ``CryptoError``, for callers that handle every format alike: the same
    /// diagnostic, its line a line and not part of the file name.
    public var cryptoError: CryptoError { CryptoError(cryptoKind, diagnostic) }

}

extension AgeError {
    /// Runs `body`, which throws only ``AgeError`` through a `rethrows` standard library call
    /// (`withUnsafeBytes` is not typed-throws yet), and rethrows it typed.
    static func typed<Result>(_ body: () throws -> Result) throws(AgeError) -> Result {
        do {
            return try body()
        } catch let error as AgeError {
            throw error
        } catch {
            throw AgeError(.unavailable, "unexpected error: \(error)")
        }
    }
}
