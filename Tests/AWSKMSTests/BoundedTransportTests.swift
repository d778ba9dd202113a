import EnvironmentCrypto
import Foundation
import Testing

@testable import AWSKMS

/// Issue #33, item 3: every answer is bounded, whatever the server does. A real
/// ``URLSessionTransport`` (and the plugin under the real `age`) against the hostile stand-ins
/// of Tests/Interop/aws-standin-server.py on 127.0.0.1. Each test asserts on the error and on
/// the fact that the call returned; none on elapsed time.
@Suite("HTTP transport bounds: size, whole-request deadline, redirects, echoed requests", .serialized)
struct BoundedTransportTests {
    static let token = "FwoGZXIvYXdzEXAMPLESESSIONTOKENb3J0LWZvci10ZXN0cy1vbmx5LW5ldmVyLXByaW50ZWQ"

    static func failure(_ transport: URLSessionTransport, _ url: String) -> TransportFailure? {
        do throws(TransportFailure) {
            _ = try transport.post(url, headers: [("X-Amz-Security-Token", token)], body: Array("{}".utf8))
            return nil
        } catch {
            return error
        }
    }

    @Test("an answer declaring 2 GiB, or streaming without end, is abandoned past 64 KiB, not held", arguments: ["/huge", "/endless"])
    func oversizedAnswer(path: String) throws {
        let server = try StandInServer()
        defer { server.stop() }
        let failure = try #require(Self.failure(URLSessionTransport(), server.base + path))
        #expect(failure.reason == "the answer is larger than 64 KiB and was abandoned")
        #expect(!failure.isTransient)
    }

    @Test("an answer trickled a byte a second ends at the whole-request deadline, which the trickle does not reset")
    func trickledAnswer() throws {
        let server = try StandInServer()
        defer { server.stop() }
        let failure = try #require(Self.failure(URLSessionTransport(timeout: 2), server.base + "/trickle"))
        #expect(failure.reason == "the answer took longer than 2 s in all and was abandoned")
    }

    @Test("a redirect to another host is not followed: the session token never reaches it")
    func redirect() throws {
        let server = try StandInServer()
        defer { server.stop() }
        let failure = try #require(Self.failure(URLSessionTransport(), server.base + "/redirect"))
        #expect(failure.reason.contains("redirect (HTTP 307), which is not followed"), "\(failure.reason)")
        #expect(server.recorded("requests").count == 1)
        #expect(server.recorded("redirected").isEmpty)
    }

    static func client(_ endpoint: String) throws -> KMSClient {
        let environment = AWSEnvironment.fixed([
            "AWS_ACCESS_KEY_ID": "ASIAEXAMPLE", "AWS_SECRET_ACCESS_KEY": "secret-example-never-shown",
            "AWS_SESSION_TOKEN": token, "AWS_ENDPOINT_URL": endpoint, "AWS_MAX_ATTEMPTS": "1", "HOME": "/nowhere",
        ])
        return KMSClient(configuration: try AWSConfiguration(environment: environment), transport: URLSessionTransport())
    }

    static let key = try! KMSKey("arn:aws:kms:us-east-1:111122223333:key/1234abcd-12ab-34cd-56ef-1234567890ab", region: nil)

    @Test("a server that echoes the request in its error message: the message is withheld, no token or plaintext in the error")
    func echoedRequest() throws {
        let server = try StandInServer()
        defer { server.stop() }
        let fileKey = SecretBytes(copying: Array(100..<116))
        let plaintext = String(decoding: fileKey.withUnsafeBytes { AgeBase64.encode($0, padded: true) }, as: UTF8.self)
        do {
            _ = try Self.client(server.base + "/echo").encrypt(key: Self.key, plaintext: fileKey, context: [])
            Issue.record("an error answer was taken for a ciphertext")
        } catch let error as KMSError {
            #expect(error.kind == .service)
            #expect(
                error.message.contains(
                    "KMS answered Encrypt on \(Self.key) with ValidationException, HTTP 400 (KMS's message is not shown: it quotes the request's credentials or key)"
                ), "\(error.message)")
            for fragment in [Self.token, plaintext, String(Self.token.prefix(12)), String(plaintext.prefix(12)), "secret-example"] {
                #expect(!error.message.contains(fragment))
            }
        }
        // A 200 answer that is the request itself: not JSON, and not quoted either.
        do {
            _ = try Self.client(server.base + "/echo200").encrypt(key: Self.key, plaintext: fileKey, context: [])
            Issue.record("an echo was taken for an answer")
        } catch let error as KMSError {
            #expect(error.message.hasPrefix("KMS's answer for \(Self.key) is not JSON (at byte "), "\(error.message)")
            #expect(!error.message.contains(String(Self.token.prefix(8))))
        }
    }

    @Test("a KMS message that quotes nothing secret is still shown; control characters become spaces")
    func honestMessage() {
        #expect(ServiceText.quotable("Key 'arn:aws:kms:x' is disabled.\n", avoiding: [Array(Self.token.utf8)]) == "Key 'arn:aws:kms:x' is disabled. ")
        #expect(ServiceText.quotable("token was " + Self.token.dropFirst(20).prefix(8), avoiding: [Array(Self.token.utf8)]) == nil)
        #expect(ServiceText.code("ValidationException") == "ValidationException")
        #expect(ServiceText.code("POST / HTTP/1.1\nHost: x") == nil)
    }

    @Test("under age: a 2 GiB answer and an echoing server each end the plugin with one clear error and no token")
    func underAge() throws {
        let server = try StandInServer()
        defer { server.stop() }
        try "x\n".write(toFile: server.state + "/plain", atomically: true, encoding: .utf8)
        let recipient = AWSKMSPlugin.recipient(Self.key)
        for (path, message) in [
            ("/huge", "cannot reach KMS at \(server.base)/huge for \(Self.key): the answer is larger than 64 KiB and was abandoned"),
            ("/echo", "KMS's message is not shown"),
        ] {
            let environment = [
                "PATH": pluginDirectory + ":/usr/bin:/bin", "HOME": server.state + "/home",
                "AWS_ACCESS_KEY_ID": "ASIAEXAMPLE", "AWS_SECRET_ACCESS_KEY": "secret-example-never-shown", "AWS_SESSION_TOKEN": Self.token,
                "AWS_ENDPOINT_URL": server.base + path, "AWS_MAX_ATTEMPTS": "1",
            ]
            let result = try run(MotoKMSTests.age, ["-r", recipient, "-o", "out.age", "plain"], environment: environment, in: server.state)
            #expect(result.status != 0)
            #expect(result.stderr.contains(message), "\(result.stderr)")
            #expect(!result.stderr.contains(String(Self.token.prefix(8))))
        }
    }
}
