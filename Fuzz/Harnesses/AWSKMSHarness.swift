import AWSKMS
import EnvironmentCrypto
import Foundation

/// What `age-plugin-awskms` reads from others: the AWS shared config and credentials files,
/// KMS's JSON answers, recipients and identities, and whole plugin conversations from an age
/// client. The first byte picks which; no KMS is reached (the client's configuration fails).
enum AWSKMSHarness {
    static func run(_ input: UnsafeRawBufferPointer) {
        guard let selector = input.first else { return }
        let rest = UnsafeRawBufferPointer(rebasing: input[1...])
        switch selector % 4 {
        case 0: sharedFile(rest)
        case 1: answer(rest, status: [200, 400, 403, 500, 503][Int(selector / 4) % 5])
        case 2: names(rest)
        default: conversation(rest, identity: selector & 4 == 0)
        }
    }

    /// The parser, then the whole chain over the same bytes as both files.
    static func sharedFile(_ bytes: UnsafeRawBufferPointer) {
        if let file = try? SharedConfigFile(parsing: bytes) {
            for section in file.sections {
                precondition(section.secrets.keys.allSatisfy { SharedConfigFile.secretKeys.contains($0) }, "a value filed as a secret: \(section.name)")
                precondition(!section.values.keys.contains { SharedConfigFile.secretKeys.contains($0) }, "a secret filed as a value in \(section.name)")
            }
        }
        let data = Data(bytes)
        let environment = AWSEnvironment(variable: { $0 == "HOME" ? "/home/fuzz" : nil }, secretVariable: { _ in nil }, file: { _ in data })
        if let configuration = try? AWSConfiguration(environment: environment) {
            precondition((1...10).contains(configuration.maxAttempts), "attempts out of bounds")
            if let credentials = try? configuration.credentials() {
                precondition(!credentials.description.contains("secret") || credentials.description.contains("redacted"), "credentials print their secret")
            }
        }
    }

    static let key = try! KMSKey("arn:aws:kms:us-east-1:111122223333:key/fuzz", region: nil)
    static let credentials = AWSCredentials(
        accessKeyID: "AKIAFUZZ", secretAccessKey: SecretBytes(copying: Array("fuzz-secret".utf8)), sessionToken: nil, source: "fuzz")

    /// A KMS answer: the fields of a 200, the message of an error.
    static func answer(_ bytes: UnsafeRawBufferPointer, status: Int) {
        let body = Array(bytes)
        _ = try? KMSClient.field("CiphertextBlob", in: body, key: key)
        _ = try? KMSClient.field("Plaintext", in: body, key: key)
        let fields = KMSClient.errorFields(body)
        precondition((fields.message?.count ?? 0) <= 500, "an error message longer than its bound")
        let mapped = KMSClient.error(status: status, body: body, key: key, credentials: credentials, operation: "Decrypt")
        precondition(!mapped.error.message.contains("fuzz-secret"), "a message carries the secret key")
        // The credential sources' answers (STS XML, container/IMDS/credential_process JSON):
        // credentials or an error that never quotes the answer, which holds the secret.
        do throws(KMSError) {
            _ = try STSClient.credentials(in: body, what: "an STS answer", source: "fuzz")
        } catch {
            precondition(!quotes(error.message, body), "an STS error quotes the answer")
        }
        do throws(KMSError) {
            _ = try JSONCredentials.parse(body, what: "a JSON answer", source: "fuzz")
        } catch {
            precondition(!quotes(error.message, body), "a JSON credentials error quotes the answer")
        }
    }

    /// Whether `message` holds the whole of an answer of 12 bytes or more. The search is over
    /// bytes: `String.contains` (Foundation's, on Linux) found the answer `)` and eleven NULs in a
    /// message that ends in `)`, a false alarm CI's fuzzing run stopped on.
    /// An answer that is not UTF-8 is looked for as the text a message would show of it too.
    static func quotes(_ message: String, _ answer: [UInt8]) -> Bool {
        let shown = Array(String(decoding: answer, as: UTF8.self).utf8)
        let bytes = Array(message.utf8)
        return answer.count >= 12 && (bytes.firstRange(of: answer) != nil || bytes.firstRange(of: shown) != nil)
    }

    /// Recipients, identities and key text forms: whatever decodes encodes back the same.
    static func names(_ bytes: UnsafeRawBufferPointer) {
        let text = String(decoding: bytes, as: UTF8.self)
        if let key = try? KMSKey(textForm: text) {
            precondition((try? AWSKMSPlugin.key(ofRecipient: AWSKMSPlugin.recipient(key))) == key, "a recipient does not round-trip: \(text)")
            precondition((try? AWSKMSPlugin.key(ofIdentity: AWSKMSPlugin.identity(key))) == key, "an identity does not round-trip: \(text)")
        }
        if let key = try? AWSKMSPlugin.key(ofRecipient: text) {
            precondition(AWSKMSPlugin.recipient(key) == text.lowercased(), "a recipient decodes to another key: \(text)")
        }
        _ = try? AWSKMSPlugin.key(ofIdentity: text)
    }

    /// A client's side of recipient-v1 or identity-v1; the plugin's KMS client cannot be made.
    static func conversation(_ bytes: UnsafeRawBufferPointer, identity: Bool) {
        let channel = CodecChannel(
            BytesSource(Data(bytes)), DataSink(),
            limits: AgePluginLimits(maximumLineLength: 1024, maximumBodyLength: 2048, maximumStanzas: 64))
        let machines = PluginStateMachines(channel: channel, fileName: "fuzz.bin") { () throws(KMSError) -> KMSClient in
            throw KMSError(.noCredentials, "no credentials while fuzzing")
        }
        if identity { try? machines.runIdentityV1() } else { try? machines.runRecipientV1() }
        let written = String(decoding: channel.sink.data, as: UTF8.self)
        precondition(!written.contains("-> file-key") && !written.contains("-> recipient-stanza"), "a key or stanza without KMS")
    }
}
