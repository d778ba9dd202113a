import CSodium
import EnvironmentCrypto
import JSONParsing
internal import LibC

/// The two calls of the KMS JSON API (`application/x-amz-json-1.1`, `X-Amz-Target:
/// TrentService.…`) that wrap and unwrap a file key: `Encrypt` and `Decrypt`, SigV4-signed,
/// retried with bounded, jittered exponential back-off on throttling, server errors and
/// connections that fail midway.
package struct KMSClient: Sendable {
    package let configuration: AWSConfiguration
    package let transport: any HTTPTransport
    /// Waits between attempts; a test passes one that does not sleep.
    package let sleep: @Sendable (Double) -> Void
    package let now: @Sendable () -> Int

    package init(
        configuration: AWSConfiguration, transport: any HTTPTransport,
        sleep: @escaping @Sendable (Double) -> Void = { seconds in usleep(useconds_t(seconds * 1_000_000)) },
        now: @escaping @Sendable () -> Int = { Int(time(nil)) }
    ) {
        self.configuration = configuration
        self.transport = transport
        self.sleep = sleep
        self.now = now
    }

    /// The first delay's ceiling and the cap of every delay, in seconds.
    package static let baseDelay = 0.2
    package static let maximumDelay = 5.0

    /// "Full jitter": a random delay up to `base·2^retry`, capped.
    package static func delay(beforeRetry retry: Int) -> Double {
        let ceiling = min(maximumDelay, baseDelay * Double(1 << min(retry, 16)))
        return Double(randombytes_uniform(1_000_001)) / 1_000_000 * ceiling
    }

    /// The endpoint for `region`: the configured override, else AWS's.
    package func endpoint(region: String) -> String {
        if let endpoint = configuration.endpoint { return endpoint }
        return "https://kms.\(region).amazonaws.com" + (region.hasPrefix("cn-") ? ".cn" : "")
    }

    /// `Encrypt`: the ciphertext blob of `plaintext` under `key`, bound to `context`.
    ///
    /// - Throws: ``KMSError`` naming the key: no credentials, access denied, disabled, missing,
    ///   unreachable, or throttled past the retries.
    package func encrypt(key: KMSKey, plaintext: SecretBytes, context: [(String, String)]) throws(KMSError) -> [UInt8] {
        var body = Array("{\"KeyId\":".utf8)
        JSONValue.string(key.keyID).write(to: &body)
        body += Array(",\"EncryptionContext\":".utf8)
        JSONValue.object(JSONObject(context.map { ($0.0, JSONValue.string($0.1)) })).write(to: &body)
        body += Array(",\"Plaintext\":\"".utf8)
        var encoded = plaintext.withUnsafeBytes { AgeBase64.encode($0, padded: true) }
        defer { Self.zero(&encoded) }
        body += encoded
        body += Array("\"}".utf8)
        defer { Self.zero(&body) }
        var response = try call("Encrypt", key: key, body: body, secrets: [encoded])
        defer { Self.zero(&response) }
        let value = try Self.field("CiphertextBlob", in: response, key: key)
        guard let blob = AgeBase64.decode(value.utf8, padded: true), !blob.isEmpty else {
            throw KMSError(.service, "KMS answered Encrypt for \(key) with a CiphertextBlob that is not base64")
        }
        return blob
    }

    /// `Decrypt`: the plaintext that `ciphertext` wraps, when `key` and `context` are the ones it
    /// was encrypted with.
    ///
    /// - Throws: ``KMSError`` naming the key: as ``encrypt(key:plaintext:context:)``, and
    ///   ``KMSError/Kind/wrongKey`` when KMS says the ciphertext is not for this key or context.
    package func decrypt(key: KMSKey, ciphertext: [UInt8], context: [(String, String)]) throws(KMSError) -> SecretBytes {
        var body = Array("{\"KeyId\":".utf8)
        JSONValue.string(key.keyID).write(to: &body)
        body += Array(",\"EncryptionContext\":".utf8)
        JSONValue.object(JSONObject(context.map { ($0.0, JSONValue.string($0.1)) })).write(to: &body)
        body += Array(",\"CiphertextBlob\":\"".utf8)
        body += AgeBase64.encode(ciphertext, padded: true)
        body += Array("\"}".utf8)
        var response = try call("Decrypt", key: key, body: body, secrets: [])
        defer { Self.zero(&response) }
        // The JSON model keeps the base64 text in a String, which cannot be zeroed; the response
        // bytes and the decoded key can, and are.
        let value = try Self.field("Plaintext", in: response, key: key)
        guard var decoded = AgeBase64.decode(value.utf8, padded: true) else {
            throw KMSError(.service, "KMS answered Decrypt for \(key) with a Plaintext that is not base64")
        }
        defer { Self.zero(&decoded) }
        return SecretBytes(copying: decoded)
    }

    /// One signed call, retried; the body of the 200 answer. `secrets` are the parts of `body`
    /// that an error message must never quote (an `Encrypt` plaintext); the session token is one
    /// of them always.
    func call(_ operation: String, key: KMSKey, body: [UInt8], secrets: [[UInt8]]) throws(KMSError) -> [UInt8] {
        let credentials = try configuration.credentials()
        let url = endpoint(region: key.region)
        guard let host = Self.host(of: url) else {
            throw KMSError(.configuration, "the KMS endpoint '\(url)' is not an http(s) URL")
        }
        let signer = SigV4(region: key.region, service: "kms")
        var lastFailure: KMSError?
        for attempt in 0..<configuration.maxAttempts {
            if attempt > 0 { sleep(Self.delay(beforeRetry: attempt - 1)) }
            let headers: [(name: String, value: String)] = [
                ("Host", host), ("Content-Type", "application/x-amz-json-1.1"), ("X-Amz-Target", "TrentService." + operation),
            ]
            let request = SigV4.Request(method: "POST", headers: headers, body: body)
            let signed = headers + signer.authorizationHeaders(for: request, credentials: credentials, amzDate: SigV4.amzDate(now()))
            let answer: (status: Int, body: [UInt8])
            do throws(TransportFailure) {
                answer = try transport.post(url, headers: signed, body: body)
            } catch {
                lastFailure = KMSError(.network, "cannot reach KMS at \(url) for \(key): \(error.reason) (no network, or a wrong endpoint or region?)")
                if error.isTransient { continue }
                break
            }
            if answer.status == 200 { return answer.body }
            // The secret access key is not among them: it never leaves this process, only HMACs of it do.
            let failure = Self.error(
                status: answer.status, body: answer.body, key: key, credentials: credentials, operation: operation,
                secrets: secrets + (credentials.sessionToken.map { [Array($0.utf8)] } ?? []))
            lastFailure = failure.error
            if !failure.retryable { break }
        }
        throw lastFailure ?? KMSError(.unavailable, "KMS did not answer")
    }

    /// `host[:port]` of an http(s) URL, as the `Host` header (and so the signature) has it.
    static func host(of url: String) -> String? {
        for scheme in ["https://", "http://"] where url.hasPrefix(scheme) {
            let rest = url.dropFirst(scheme.count)
            let host = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
            guard !host.isEmpty, !host.contains("@") else { return nil }
            let port = scheme == "https://" ? ":443" : ":80"
            return String(host.hasSuffix(port) ? host.dropLast(port.count) : host)
        }
        return nil
    }

    /// The message and retry decision for a non-200 answer. KMS's own message is quoted only
    /// when it quotes none of `secrets` (see ``ServiceText``).
    package static func error(
        status: Int, body: [UInt8], key: KMSKey, credentials: AWSCredentials, operation: String,
        secrets: [[UInt8]] = []
    ) -> (error: KMSError, retryable: Bool) {
        let (rawType, rawMessage) = errorFields(body)
        let type = rawType.flatMap(ServiceText.code)
        let serviceMessage = rawMessage.flatMap { ServiceText.quotable($0, avoiding: secrets) }
        let detail =
            serviceMessage.map { " (KMS: \($0))" }
            ?? (rawMessage == nil ? "" : " (KMS's message is not shown: it quotes the request's credentials or key)")
        switch type {
        case "ThrottlingException", "ThrottledException", "TooManyRequestsException", "RequestLimitExceeded", "LimitExceededException":
            return (KMSError(.unavailable, "KMS throttled \(operation) on \(key) and kept doing so through the retries\(detail)"), true)
        case "KMSInternalException", "DependencyTimeoutException", "ServiceUnavailable", "InternalFailure", "RequestTimeout":
            return (KMSError(.unavailable, "KMS failed \(operation) on \(key) (\(type ?? "")) through the retries\(detail)"), true)
        case "AccessDeniedException", "AccessDenied",
            nil where status == 403:
            return (
                KMSError(
                    .accessDenied,
                    "access denied: the credentials from \(credentials.source) may not kms:\(operation) with \(key); check the key policy and IAM policy\(detail)"
                ), false
            )
        case "UnrecognizedClientException", "InvalidSignatureException", "IncompleteSignature", "MissingAuthenticationToken", "ExpiredTokenException",
            "InvalidClientTokenId",
            "SignatureDoesNotMatch", "AuthFailure", "InvalidAccessKeyId":
            return (
                KMSError(
                    .accessDenied,
                    "KMS rejected the credentials from \(credentials.source) for kms:\(operation) with \(key) (\(type ?? "")): the access key is unknown, expired or its secret is wrong\(detail)"
                ), false
            )
        case "DisabledException":
            return (
                KMSError(.disabledKey, "the KMS key \(key) is disabled: enable it (aws kms enable-key) or use another recipient's identity\(detail)"), false
            )
        case "KMSInvalidStateException":
            return (KMSError(.disabledKey, "the KMS key \(key) cannot be used in its current state (pending deletion or import?)\(detail)"), false)
        case "NotFoundException":
            return (
                KMSError(
                    .missingKey,
                    "the KMS key \(key) was not found in region \(key.region): it does not exist there, or was deleted (is the region right?)\(detail)"), false
            )
        case "InvalidCiphertextException", "IncorrectKeyException":
            return (
                KMSError(
                    .wrongKey,
                    "KMS could not decrypt with \(key): the stanza was not made by this key, or with another file name in its encryption context\(detail)"),
                false
            )
        case "InvalidKeyUsageException", "KeyUnavailableException", "UnsupportedOperationException":
            return (
                KMSError(
                    .invalidKey, "the KMS key \(key) cannot \(operation) (\(type ?? "")): age-plugin-awskms needs a symmetric ENCRYPT_DECRYPT key\(detail)"),
                false
            )
        default:
            let retryable = status >= 500 || status == 429
            let name = type.map { "\($0), " } ?? ""
            return (KMSError(retryable ? .unavailable : .service, "KMS answered \(operation) on \(key) with \(name)HTTP \(status)\(detail)"), retryable)
        }
    }

    /// `__type` (without a `namespace#` prefix) and `message` of a JSON error body, or `<Code>`
    /// and `<Message>` of an XML one (what gateways and emulators in front of KMS answer with).
    package static func errorFields(_ body: [UInt8]) -> (type: String?, message: String?) {
        guard case .object(let object)? = try? parse(body) else { return xmlErrorFields(body) }
        var type: String?
        if case .string(let value)? = object["__type"] {
            let name = value.split(separator: "#").last.map(String.init) ?? value
            type = name.split(separator: ":").first.map(String.init) ?? name
        }
        var message: String?
        if case .string(let value)? = object["message"] ?? object["Message"] { message = String(value.prefix(500)) }
        return (type, message)
    }

    private static func xmlErrorFields(_ body: [UInt8]) -> (type: String?, message: String?) {
        func element(_ name: String) -> String? {
            let open = Array("<\(name)>".utf8)
            let close = Array("</\(name)>".utf8)
            guard let start = body.firstRange(of: open)?.upperBound,
                let end = body[start...].firstRange(of: close)?.lowerBound
            else { return nil }
            let text = String(decoding: body[start..<end].prefix(500), as: UTF8.self)
            return text.isEmpty ? nil : text
        }
        return (element("Code"), element("Message"))
    }

    /// The string member `name` of a 200 answer's JSON object.
    package static func field(_ name: String, in body: [UInt8], key: KMSKey) throws(KMSError) -> String {
        let value: JSONValue
        do throws(JSONParser.Failure) {
            value = try parse(body)
        } catch {
            // The parser's message may quote the answer, and an answer may echo the request.
            throw KMSError(.service, "KMS's answer for \(key) is not JSON (at byte \(error.offset))")
        }
        guard case .object(let object) = value, case .string(let text)? = object[name] else {
            throw KMSError(.service, "KMS's answer for \(key) has no \(name) string")
        }
        return text
    }

    static func parse(_ body: [UInt8]) throws(JSONParser.Failure) -> JSONValue {
        try body.withUnsafeBufferPointer { bytes throws(JSONParser.Failure) in
            var parser = JSONParser(bytes: bytes)
            return try parser.parseDocument()
        }
    }

    static func zero(_ bytes: inout [UInt8]) {
        bytes.withUnsafeMutableBytes { if let base = $0.baseAddress { sodium_memzero(base, $0.count) } }
    }
}
