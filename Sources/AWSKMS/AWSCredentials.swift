import EnvironmentCrypto

/// An AWS access key: the key ID, its secret (in zeroing memory, never printed), and the session
/// token of temporary credentials.
package struct AWSCredentials: Sendable, CustomStringConvertible {
    /// `AKIA…` or `ASIA…`; public, it appears in every request's `Authorization` header.
    package let accessKeyID: String
    /// The secret access key; it only ever keys the first HMAC of the SigV4 chain.
    package let secretAccessKey: SecretBytes
    /// `X-Amz-Security-Token` for temporary credentials.
    package let sessionToken: String?
    /// Where they were found, for messages: `environment variables`, `profile dev in ~/.aws/credentials`.
    package let source: String

    package init(accessKeyID: String, secretAccessKey: SecretBytes, sessionToken: String?, source: String) {
        self.accessKeyID = accessKeyID
        self.secretAccessKey = secretAccessKey
        self.sessionToken = sessionToken
        self.source = source
    }

    package var description: String { "AWSCredentials(\(accessKeyID), secret redacted, from \(source))" }
}
