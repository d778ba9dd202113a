import EnvironmentCrypto
import Synchronization
import Testing

@testable import AWSKMS

/// A transport that answers from a script and records what it was sent.
final class ScriptedTransport: HTTPTransport {
    struct Sent { let url: String; let headers: [(name: String, value: String)]; let body: String }
    private let state: Mutex<(answers: [Result<(Int, String), TransportFailure>], sent: [Sent])>

    init(_ answers: [Result<(Int, String), TransportFailure>]) {
        state = Mutex((answers, []))
    }

    var sent: [Sent] { state.withLock { $0.sent } }

    func send(_ method: String, _ url: String, headers: [(name: String, value: String)], body: [UInt8]) throws(TransportFailure) -> (status: Int, body: [UInt8])
    {
        let next: Result<(Int, String), TransportFailure> = state.withLock { state in
            state.sent.append(Sent(url: url, headers: headers, body: String(decoding: body, as: UTF8.self)))
            return state.answers.isEmpty ? .failure(TransportFailure(isTransient: false, reason: "script ended")) : state.answers.removeFirst()
        }
        let (status, text) = try next.get()
        return (status, Array(text.utf8))
    }
}

@Suite("KMS client: requests, retries and errors")
struct KMSClientTests {
    static let key = try! KMSKey("arn:aws:kms:eu-west-1:111122223333:key/1234abcd-12ab-34cd-56ef-1234567890ab", region: nil)
    static let fileKey = SecretBytes(copying: Array(0..<16))

    final class DelayLog: Sendable {
        let values = Mutex<[Double]>([])
    }

    static func client(_ transport: ScriptedTransport, _ variables: [String: String] = [:], slept: DelayLog = DelayLog()) throws(KMSError) -> KMSClient {
        var all = ["AWS_ACCESS_KEY_ID": "AKIDEXAMPLE", "AWS_SECRET_ACCESS_KEY": "secret-example", "HOME": "/nowhere"]
        all.merge(variables) { $1 }
        return KMSClient(
            configuration: try AWSConfiguration(environment: .fixed(all)), transport: transport,
            sleep: { seconds in slept.values.withLock { $0.append(seconds) } }, now: { 1_440_938_160 })
    }

    @Test("Encrypt is a signed JSON 1.1 POST to the key's regional endpoint with the context and base64 plaintext")
    func encryptRequest() throws {
        let transport = ScriptedTransport([.success((200, #"{"CiphertextBlob":"AQIDBA==","KeyId":"x"}"#))])
        let blob = try Self.client(transport).encrypt(key: Self.key, plaintext: Self.fileKey, context: [("age-plugin", "awskms"), ("file", "prod.bin")])
        #expect(blob == [1, 2, 3, 4])
        let sent = try #require(transport.sent.first)
        #expect(sent.url == "https://kms.eu-west-1.amazonaws.com")
        let headers = Dictionary(sent.headers.map { ($0.name, $0.value) }, uniquingKeysWith: { $1 })
        #expect(headers["X-Amz-Target"] == "TrentService.Encrypt")
        #expect(headers["Content-Type"] == "application/x-amz-json-1.1")
        #expect(headers["Host"] == "kms.eu-west-1.amazonaws.com")
        #expect(headers["X-Amz-Date"] == "20150830T123600Z")
        #expect(
            headers["Authorization"]?.hasPrefix(
                "AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/eu-west-1/kms/aws4_request, SignedHeaders=content-type;host;x-amz-date;x-amz-target, Signature="
            ) == true)
        #expect(
            sent.body
                == #"{"KeyId":"arn:aws:kms:eu-west-1:111122223333:key/1234abcd-12ab-34cd-56ef-1234567890ab","EncryptionContext":{"age-plugin":"awskms","file":"prod.bin"},"Plaintext":"AAECAwQFBgcICQoLDA0ODw=="}"#
        )
        #expect(!sent.headers.contains { $0.value.contains("secret-example") })
    }

    @Test("Decrypt sends the blob and context and returns the plaintext; an endpoint override keeps its port in Host")
    func decryptRequest() throws {
        let transport = ScriptedTransport([.success((200, #"{"Plaintext":"AAECAwQFBgcICQoLDA0ODw==","KeyId":"x"}"#))])
        let client = try Self.client(transport, ["AWS_ENDPOINT_URL": "http://127.0.0.1:4566"])
        let plain = try client.decrypt(key: Self.key, ciphertext: [9, 9], context: [("age-plugin", "awskms")])
        #expect(plain.isEqual(to: Self.fileKey))
        let sent = try #require(transport.sent.first)
        #expect(sent.url == "http://127.0.0.1:4566")
        #expect(sent.headers.first { $0.name == "Host" }?.value == "127.0.0.1:4566")
        #expect(sent.headers.first { $0.name == "X-Amz-Target" }?.value == "TrentService.Decrypt")
        #expect(sent.body.contains(#""CiphertextBlob":"CQk=""#))
    }

    @Test("throttling, 5xx and dropped connections are retried with growing, capped, jittered delays")
    func retries() throws {
        let transport = ScriptedTransport([
            .success((400, #"{"__type":"ThrottlingException","message":"Rate exceeded"}"#)),
            .failure(TransportFailure(isTransient: true, reason: "the connection was reset")),
            .success((200, #"{"CiphertextBlob":"AQ=="}"#)),
        ])
        let slept = DelayLog()
        let client = try Self.client(transport, ["AWS_MAX_ATTEMPTS": "3"], slept: slept)
        #expect(try client.encrypt(key: Self.key, plaintext: Self.fileKey, context: []) == [1])
        #expect(transport.sent.count == 3)
        let delays = slept.values.withLock { $0 }
        #expect(delays.count == 2)
        #expect(delays[0] >= 0 && delays[0] <= KMSClient.baseDelay)
        #expect(delays[1] >= 0 && delays[1] <= KMSClient.baseDelay * 2)
        for retry in 0..<40 { #expect(KMSClient.delay(beforeRetry: retry) <= KMSClient.maximumDelay) }
    }

    @Test("retries stop at AWS_MAX_ATTEMPTS and say what kept failing")
    func retriesExhausted() throws {
        let transport = ScriptedTransport(Array(repeating: .success((503, "<html>busy</html>")), count: 5))
        let client = try Self.client(transport, ["AWS_MAX_ATTEMPTS": "2"])
        do {
            _ = try client.encrypt(key: Self.key, plaintext: Self.fileKey, context: [])
            Issue.record("no error")
        } catch {
            #expect(error.kind == .unavailable)
            #expect(error.message.contains("HTTP 503"))
        }
        #expect(transport.sent.count == 2)
    }

    @Test(
        "each KMS error is its own message naming the key, and is not retried",
        arguments: [
            ("AccessDeniedException", KMSError.Kind.accessDenied, "access denied"),
            ("DisabledException", .disabledKey, "is disabled"),
            ("NotFoundException", .missingKey, "was not found in region eu-west-1"),
            ("KMSInvalidStateException", .disabledKey, "current state"),
            ("InvalidCiphertextException", .wrongKey, "not made by this key"),
            ("UnrecognizedClientException", .accessDenied, "rejected the credentials"),
            ("com.amazonaws.kms#IncorrectKeyException", .wrongKey, "not made by this key"),
        ])
    func errors(type: String, kind: KMSError.Kind, words: String) throws {
        let transport = ScriptedTransport([.success((400, #"{"__type":"\#(type)","message":"details from KMS"}"#))])
        do {
            _ = try Self.client(transport).decrypt(key: Self.key, ciphertext: [1], context: [])
            Issue.record("no error")
        } catch {
            #expect(error.kind == kind)
            #expect(error.message.contains(words))
            #expect(error.message.contains("1234abcd-12ab-34cd-56ef-1234567890ab"))
            #expect(error.message.contains("details from KMS"))
        }
        #expect(transport.sent.count == 1)
    }

    @Test("no network: a refused connection is retried, then named with the endpoint")
    func noNetwork() throws {
        let transport = ScriptedTransport(Array(repeating: .failure(TransportFailure(isTransient: true, reason: "connection refused")), count: 3))
        do {
            _ = try Self.client(transport).encrypt(key: Self.key, plaintext: Self.fileKey, context: [])
            Issue.record("no error")
        } catch {
            #expect(error.kind == .network)
            #expect(
                error.message
                    == "cannot reach KMS at https://kms.eu-west-1.amazonaws.com for \(Self.key.keyID): connection refused (no network, or a wrong endpoint or region?)"
            )
        }
        #expect(transport.sent.count == 3)
    }

    @Test(
        "answers that are not what KMS sends are errors, not crashes",
        arguments: [
            "", "{", "[]", #"{"CiphertextBlob":5}"#, #"{"CiphertextBlob":"not base64!"}"#, #"{"Other":"AQ=="}"#, "\u{0}\u{1}",
        ])
    func malformedAnswers(body: String) throws {
        let transport = ScriptedTransport([.success((200, body))])
        #expect(throws: KMSError.self) { try Self.client(transport).encrypt(key: Self.key, plaintext: Self.fileKey, context: []) }
        let errorTransport = ScriptedTransport([.success((400, body))])
        do { _ = try Self.client(errorTransport).encrypt(key: Self.key, plaintext: Self.fileKey, context: []) } catch {
            #expect(error.kind == .service)
        }
    }

    @Test("no credentials: nothing is sent")
    func noCredentials() throws {
        let transport = ScriptedTransport([])
        let client = KMSClient(configuration: try AWSConfiguration(environment: .fixed(["HOME": "/nowhere"])), transport: transport)
        do { _ = try client.encrypt(key: Self.key, plaintext: Self.fileKey, context: []) } catch {
            #expect(error.kind == .noCredentials)
        }
        #expect(transport.sent.isEmpty)
    }

    @Test("keys: ARNs carry their region, key IDs and aliases need one")
    func keys() throws {
        #expect(Self.key.region == "eu-west-1")
        #expect(try KMSKey("alias/app", region: "us-east-2").textForm == "us-east-2/alias/app")
        #expect(try KMSKey(textForm: "us-east-2/alias/app") == KMSKey("alias/app", region: "us-east-2"))
        #expect(try KMSKey(textForm: Self.key.textForm) == Self.key)
        #expect(throws: KMSError.self) { try KMSKey("alias/app", region: nil) }
        #expect(throws: KMSError.self) { try KMSKey("arn:aws:s3:::bucket", region: nil) }
        #expect(throws: KMSError.self) { try KMSKey("has space", region: "us-east-1") }
        #expect(throws: KMSError.self) { try KMSKey(textForm: "no-slash") }
        #expect(try KMSKey("arn:aws:kms:cn-north-1:1:key/x", region: nil).region == "cn-north-1")
    }
}
