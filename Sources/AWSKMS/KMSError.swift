/// Why a KMS operation failed, in words a user can act on. Never holds a secret: no access key
/// secret, no file key, no request body.
package struct KMSError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, for callers that act on it (and for exit codes), never read from the message.
    package enum Kind: Sendable, Hashable {
        /// No credentials anywhere in the chain.
        case noCredentials
        /// A shared config or credentials file that cannot be read or parsed, an unsupported profile.
        case configuration
        /// A recipient, identity or key reference that is not valid.
        case invalidKey
        /// `AccessDeniedException` and rejected credentials.
        case accessDenied
        /// `DisabledException`, or a key pending deletion.
        case disabledKey
        /// `NotFoundException`: no such key in that account and region.
        case missingKey
        /// `InvalidCiphertextException`, `IncorrectKeyException`: not wrapped by this key or with this context.
        case wrongKey
        /// KMS could not be reached (refused, no route, DNS, timeout, TLS).
        case network
        /// Throttling or server errors that outlasted the retries.
        case unavailable
        /// A response that is not what the KMS API returns, or another error code.
        case service
    }

    package let kind: Kind
    package let message: String

    package init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    package var description: String { message }
}
