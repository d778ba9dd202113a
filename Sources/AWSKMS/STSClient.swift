import EnvironmentCrypto
import Platform

/// The two calls of AWS STS (the Query API, `Version=2011-06-15`, XML answers) that turn a role
/// into temporary credentials: `AssumeRole`, signed with the source credentials, and
/// `AssumeRoleWithWebIdentity`, unsigned, carrying an OIDC token (what CI and Kubernetes give).
///
/// Bounded as every request is (``URLSessionTransport``); an error message never quotes the
/// web identity token or the source session token (``ServiceText``).
package struct STSClient {
    let endpoint: String
    /// The signing region: the configured one, `us-east-1` for the global endpoint.
    let region: String
    let transport: any HTTPTransport
    let now: @Sendable () -> Int

    /// `AssumeRole` of `roleARN` with `source`; `source` in the result names both.
    func assumeRole(_ roleARN: String, sessionName: String, externalID: String?, with source: AWSCredentials) throws(KMSError) -> AWSCredentials {
        var parameters = [("Action", "AssumeRole"), ("Version", "2011-06-15"), ("RoleArn", roleARN), ("RoleSessionName", sessionName)]
        if let externalID { parameters.append(("ExternalId", externalID)) }
        let body = Self.formEncoded(parameters)
        guard let host = KMSClient.host(of: endpoint) else {
            throw KMSError(.configuration, "the STS endpoint '\(endpoint)' is not an http(s) URL")
        }
        let headers: [(name: String, value: String)] = [("Host", host), ("Content-Type", "application/x-www-form-urlencoded; charset=utf-8")]
        let signed =
            headers
            + SigV4(region: region, service: "sts").authorizationHeaders(
                for: SigV4.Request(method: "POST", headers: headers, body: body), credentials: source, amzDate: SigV4.amzDate(now()))
        let what = "the role \(roleARN) (AssumeRole with the credentials from \(source.source))"
        return try call(
            body: body, headers: signed, what: what, secrets: source.sessionToken.map { [Array($0.utf8)] } ?? [],
            source: "the role \(roleARN), assumed with the credentials from \(source.source)")
    }

    /// `AssumeRoleWithWebIdentity` of `roleARN` with the OIDC `token` read from `tokenFile`.
    func assumeRole(_ roleARN: String, sessionName: String, webIdentityToken token: SecretBytes, tokenFile: String) throws(KMSError) -> AWSCredentials {
        var tokenText = token.withUnsafeBytes { Array($0) }
        defer { KMSClient.zero(&tokenText) }
        var body = Self.formEncoded([
            ("Action", "AssumeRoleWithWebIdentity"), ("Version", "2011-06-15"), ("RoleArn", roleARN),
            ("RoleSessionName", sessionName),
        ])
        body += Array("&WebIdentityToken=".utf8) + SigV4.percentEncoded(bytes: tokenText)
        defer { KMSClient.zero(&body) }
        guard let host = KMSClient.host(of: endpoint) else {
            throw KMSError(.configuration, "the STS endpoint '\(endpoint)' is not an http(s) URL")
        }
        let headers: [(name: String, value: String)] = [("Host", host), ("Content-Type", "application/x-www-form-urlencoded; charset=utf-8")]
        return try call(
            body: body, headers: headers, what: "the role \(roleARN) (AssumeRoleWithWebIdentity with the token in \(tokenFile))",
            secrets: [tokenText], source: "the role \(roleARN), assumed with the web identity token in \(tokenFile)")
    }

    private func call(body: [UInt8], headers: [(name: String, value: String)], what: String, secrets: [[UInt8]], source: String) throws(KMSError)
        -> AWSCredentials
    {
        var answer: (status: Int, body: [UInt8])
        do throws(TransportFailure) {
            answer = try transport.post(endpoint, headers: headers, body: body)
        } catch {
            throw KMSError(.network, "cannot reach STS at \(endpoint) for \(what): \(error.reason) (no network, or a wrong endpoint or region?)")
        }
        defer { KMSClient.zero(&answer.body) }
        guard answer.status == 200 else {
            let (rawCode, rawMessage) = KMSClient.errorFields(answer.body)
            let code = rawCode.flatMap(ServiceText.code)
            let message = rawMessage.flatMap { ServiceText.quotable($0, avoiding: secrets) }
            let detail = message.map { " (STS: \($0))" } ?? (rawMessage == nil ? "" : " (STS's message is not shown: it quotes the request's token)")
            let kind: KMSError.Kind =
                answer.status == 403
                    || code.map { $0.hasPrefix("AccessDenied") || $0.hasPrefix("InvalidIdentityToken") || $0 == "ExpiredTokenException" } == true
                ? .accessDenied : .service
            throw KMSError(kind, "STS refused \(what) with \(code.map { "\($0), " } ?? "")HTTP \(answer.status)\(detail)")
        }
        return try Self.credentials(in: answer.body, what: what, source: source)
    }

    /// The `Credentials` element of an `Assume…Response`; the secret goes straight from the
    /// answer's bytes into ``SecretBytes``.
    package static func credentials(in body: [UInt8], what: String, source: String) throws(KMSError) -> AWSCredentials {
        func element(_ name: String) -> ArraySlice<UInt8>? {
            let open = Array("<\(name)>".utf8)
            let close = Array("</\(name)>".utf8)
            guard let start = body.firstRange(of: open)?.upperBound, let end = body[start...].firstRange(of: close)?.lowerBound else { return nil }
            let value = body[start..<end]
            return value.isEmpty ? nil : value
        }
        guard let keyID = element("AccessKeyId"), let secret = element("SecretAccessKey"), let token = element("SessionToken"),
            keyID.allSatisfy({ $0 > 0x20 && $0 < 0x7F })
        else {
            throw KMSError(.service, "STS answered \(what) without AccessKeyId, SecretAccessKey and SessionToken")
        }
        let secretBytes = SecretBytes(count: secret.count) { target in secret.withUnsafeBytes { target.copyMemory(from: $0) } }
        return AWSCredentials(
            accessKeyID: String(decoding: keyID, as: UTF8.self), secretAccessKey: secretBytes,
            sessionToken: String(decoding: token, as: UTF8.self), source: source)
    }

    /// `application/x-www-form-urlencoded` of `pairs`, RFC 3986-encoded.
    static func formEncoded(_ pairs: [(String, String)]) -> [UInt8] {
        Array(pairs.map { SigV4.percentEncoded($0.0) + "=" + SigV4.percentEncoded($0.1) }.joined(separator: "&").utf8)
    }
}
