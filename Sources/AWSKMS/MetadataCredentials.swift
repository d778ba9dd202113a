import Platform

/// The two credential endpoints of AWS compute: the container endpoint (ECS, EKS Pod Identity)
/// and the EC2 instance metadata service, IMDSv2 only.
///
/// Both are asked with a short deadline (`AWS_METADATA_SERVICE_TIMEOUT`, 1 s by default, as the
/// SDKs) and a small answer budget, never follow a redirect, and never quote an answer or the
/// authorization token in an error.
struct MetadataCredentials {
    let transport: any HTTPTransport

    /// The most of an answer kept: a credentials document is about 1.5 KiB.
    static let maximumResponseLength = 16 * 1024

    /// Whether `url`'s host may be spoken to over plain http: the container endpoints of ECS
    /// and EKS and the loopback addresses, as the SDKs allow; any host over https.
    static func isAllowedContainerURL(_ url: String) -> Bool {
        if url.hasPrefix("https://") { return KMSClient.host(of: url) != nil }
        guard url.hasPrefix("http://"), let host = KMSClient.host(of: url) else { return false }
        let name: Substring
        if host.hasPrefix("[") {
            name = host.dropFirst().prefix { $0 != "]" }
        } else {
            name = host.prefix { $0 != ":" }
        }
        if name == "localhost" || name == "::1" || name == "169.254.170.2" || name == "169.254.170.23" || name.lowercased() == "fd00:ec2::23" { return true }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { $0.count <= 3 && UInt8($0) != nil }
    }

    /// The container endpoint's credentials: `GET url` with `Authorization: token` when there is one.
    func container(url: String, authorization: String?, source: String) throws(KMSError) -> AWSCredentials {
        var headers: [(name: String, value: String)] = [("Accept", "application/json")]
        if let authorization { headers.append(("Authorization", authorization)) }
        var answer: (status: Int, body: [UInt8])
        do throws(TransportFailure) {
            answer = try transport.send("GET", url, headers: headers, body: [])
        } catch {
            throw KMSError(.network, "cannot reach the container credentials endpoint \(url): \(error.reason)")
        }
        defer { KMSClient.zero(&answer.body) }
        guard answer.status == 200 else {
            throw KMSError(
                answer.status == 401 || answer.status == 403 ? .accessDenied : .service,
                "the container credentials endpoint \(url) answered HTTP \(answer.status)\(authorization == nil ? "" : " (is the authorization token right?)")")
        }
        return try JSONCredentials.parse(answer.body, what: "the answer of the container credentials endpoint \(url)", source: source)
    }

    /// The instance's credentials by IMDSv2: a session token (`PUT /latest/api/token`), the
    /// role's name, then its credentials; `nil` when the service does not answer at all (refused
    /// or silent: not on EC2). An answer that breaks a bound (too large, a redirect) is an error.
    func instance(endpoint: String) throws(KMSError) -> AWSCredentials? {
        let base = endpoint.hasSuffix("/") ? String(endpoint.dropLast()) : endpoint
        var tokenAnswer: (status: Int, body: [UInt8])
        do throws(TransportFailure) {
            tokenAnswer = try transport.send("PUT", base + "/latest/api/token", headers: [("X-aws-ec2-metadata-token-ttl-seconds", "21600")], body: [])
        } catch  where error.isTransient || error.isDeadline {
            // Refused or silent: not on EC2 (or no metadata service reachable).
            return nil
        } catch {
            throw KMSError(.network, "the instance metadata service at \(base) gave no session token: \(error.reason)")
        }
        defer { KMSClient.zero(&tokenAnswer.body) }
        guard tokenAnswer.status == 200, !tokenAnswer.body.isEmpty, tokenAnswer.body.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
            throw KMSError(.service, "the instance metadata service at \(base) gave no IMDSv2 session token (HTTP \(tokenAnswer.status)); IMDSv1 is not used")
        }
        let token = String(decoding: tokenAnswer.body, as: UTF8.self)
        let path = base + "/latest/meta-data/iam/security-credentials/"
        func get(_ url: String) throws(KMSError) -> (status: Int, body: [UInt8]) {
            do throws(TransportFailure) {
                return try transport.send("GET", url, headers: [("X-aws-ec2-metadata-token", token)], body: [])
            } catch {
                throw KMSError(.network, "cannot reach the instance metadata service at \(base): \(error.reason)")
            }
        }
        let roles = try get(path)
        guard roles.status == 200 else {
            throw KMSError(
                .noCredentials, "the instance metadata service at \(base) has no IAM role for this instance (HTTP \(roles.status)); attach an instance profile")
        }
        let name = roles.body.split(separator: 0x0A).first.map { String(decoding: $0, as: UTF8.self) } ?? ""
        guard let role = ServiceText.code(name.trimmingWhitespaceAndNewlines()), !role.contains(":"), !role.contains("#") else {
            throw KMSError(.service, "the instance metadata service at \(base) named no usable IAM role")
        }
        var credentials = try get(path + role)
        defer { KMSClient.zero(&credentials.body) }
        guard credentials.status == 200 else {
            throw KMSError(.service, "the instance metadata service at \(base) answered HTTP \(credentials.status) for the role \(role)'s credentials")
        }
        return try JSONCredentials.parse(
            credentials.body, what: "the instance metadata service's credentials for the role \(role)",
            source: "the instance role \(role) (instance metadata at \(base))")
    }
}
