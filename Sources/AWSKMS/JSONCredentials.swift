import EnvironmentCrypto
import JSONParsing

/// Credentials as JSON, the one shape three sources share: the container endpoint and the
/// instance metadata service (`AccessKeyId`, `SecretAccessKey`, `Token`) and `credential_process`
/// (`Version: 1`, `AccessKeyId`, `SecretAccessKey`, `SessionToken`).
///
/// The answer is never quoted in an error: it holds the secret.
package enum JSONCredentials {
    /// The credentials in `body`, from `source`; `what` names the answer in errors.
    package static func parse(_ body: [UInt8], what: String, source: String) throws(KMSError) -> AWSCredentials {
        guard case .object(let object)? = try? KMSClient.parse(body) else {
            throw KMSError(.service, "\(what) is not a JSON object (it is not shown: it may hold a secret)")
        }
        if let version = object["Version"], version != .integer(1) {
            throw KMSError(.service, "\(what) has a Version other than 1, the only one known")
        }
        if case .string(let code)? = object["Code"], code != "Success" {
            throw KMSError(.service, "\(what) says \(ServiceText.code(code) ?? "it failed") instead of Success")
        }
        guard case .string(let keyID)? = object["AccessKeyId"], !keyID.isEmpty, ServiceText.code(keyID) != nil,
            case .string(let secret)? = object["SecretAccessKey"], !secret.isEmpty
        else {
            throw KMSError(.service, "\(what) has no AccessKeyId and SecretAccessKey strings")
        }
        var token: String?
        if case .string(let value)? = object["SessionToken"] ?? object["Token"], !value.isEmpty { token = value }
        // The JSON model holds the secret in a String, which cannot be zeroed; the answer's bytes
        // are zeroed by the caller and the secret lives on in SecretBytes only.
        return AWSCredentials(accessKeyID: keyID, secretAccessKey: SecretBytes(copying: Array(secret.utf8)), sessionToken: token, source: source)
    }
}
