import Diagnostics
import EnvironmentCrypto
import JSONParsing
import Platform

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Every error EnvironmentKit throws: what went wrong, where, and how to fix it.
///
/// Its ``description`` uses the compiler format (`file:line:col: error: message`) whenever a
/// file is involved, so editors and Xcode can jump to the problem.
public struct EnvironmentError: LocatedError, LocalizedError {
    /// The category of the error; the CLI maps each to its own exit code.
    public enum Kind: String, Sendable, Hashable {
        /// A file could not be read (missing, a directory, a FIFO or other non-regular file, no permission).
        case unreadableFile
        /// A document is not valid: not JSON, wrong types, invalid language tags, too deep.
        case malformedDocument
        /// The requested build configuration does not exist.
        case unknownConfiguration
        /// The requested variable does not exist in the configuration.
        case unknownVariable
        /// The variable exists but has another type than the one asked for.
        case typeMismatch
        /// The language is not one of the document's `languages`.
        case unsupportedLanguage
        /// A file could not be written.
        case writeFailed
        /// An encrypted file needs a secret that is missing, of the wrong kind, or in an unsafe key file.
        case secretUnavailable
        /// An encrypted file did not decrypt: wrong key, passphrase or identity, or the file was modified.
        case authenticationFailed
        /// An age plugin (`age-plugin-NAME`) that a recipient or identity needs is missing or
        /// failed (see `EnvironmentCrypto/CryptoError/Kind/pluginFailed`).
        case pluginFailed
    }

    /// The category of the error.
    public let kind: Kind
    /// What is wrong and where, in the one located form every envtool parser and linter uses.
    public let diagnostic: Diagnostic

    /// The JSON path of the value involved (`configurations.Debug.base_url`), if any.
    public var jsonPath: String? { diagnostic.path }

    /// Creates an error.
    public init(_ kind: Kind, file: String? = nil, line: Int? = nil, column: Int? = nil, jsonPath: String? = nil, message: String) {
        self.init(kind, Diagnostic(.error, file: file, line: line, column: column, path: jsonPath, message: message))
    }

    /// Creates an error of `kind` described by `diagnostic`.
    public init(_ kind: Kind, _ diagnostic: Diagnostic) {
        self.kind = kind
        self.diagnostic = diagnostic
    }

    /// The same problem as a warning, for problems that do not stop anything (a corrupt
    /// preferences file, a document key envtool does not know).
    public var warning: Diagnostic { diagnostic.with(severity: .warning) }

    /// The compiler-format line with another severity.
    public func formatted(severity: String) -> String {
        severity == "warning" ? warning.description : description
    }

    public var errorDescription: String? { description }

    static func located(
        _ kind: Kind, file: String, offset: Int?, in bytes: UnsafeBufferPointer<UInt8>,
        jsonPath: String? = nil, message: String
    ) -> EnvironmentError {
        guard let offset else { return EnvironmentError(kind, file: file, jsonPath: jsonPath, message: message) }
        let (line, column) = SourceLocator.location(of: offset, in: bytes)
        return EnvironmentError(kind, file: file, line: line, column: column, jsonPath: jsonPath, message: message)
    }

    /// Wraps an error of the encryption layer, keeping its category.
    public init(crypto error: CryptoError, file: String) {
        let kind: Kind
        switch error.kind {
        case .malformedFile: kind = .malformedDocument
        case .authenticationFailed: kind = .authenticationFailed
        case .secretUnavailable, .invalidKeyFile: kind = .secretUnavailable
        case .unavailable: kind = .unreadableFile
        case .pluginFailed: kind = .pluginFailed
        case .outputFailed: kind = .writeFailed
        }
        // The line is in the error's file, or, when it names none, in the file being read (a sops
        // value's).
        self.init(kind, file: error.file ?? file, line: error.line, message: error.message)
    }

    /// The error for a file that cannot be read, with the reason people know from the shell
    /// ("no such file", "permission denied", "it is a directory").
    public static func unreadable(_ path: String, _ error: Error) -> EnvironmentError {
        EnvironmentError((error as? UnreadableFile) ?? UnreadableFile(path, reason: unreadableReason(path), kind: .failed))
    }

    /// The error for a file ``RegularFile`` could not read: `path: error: cannot read the file: reason`.
    package init(_ failure: UnreadableFile) {
        self.init(.unreadableFile, file: failure.path, message: failure.message)
    }
}
