import EnvironmentCrypto

/// The AWS settings a KMS call needs, found as the AWS CLI and SDKs find them.
///
/// - **Profile**: `AWS_PROFILE` (or the older `AWS_DEFAULT_PROFILE`), else `default`.
/// - **Files**: `AWS_SHARED_CREDENTIALS_FILE` (else `~/.aws/credentials`, sections `[name]`) and
///   `AWS_CONFIG_FILE` (else `~/.aws/config`, sections `[profile name]` and `[default]`).
/// - **Credentials**: `AWS_ACCESS_KEY_ID` + `AWS_SECRET_ACCESS_KEY` (+ `AWS_SESSION_TOKEN`), else
///   the profile's `aws_access_key_id`/`aws_secret_access_key`/`aws_session_token` in the
///   credentials file, else in the config file.
/// - **Region**: `AWS_REGION`, `AWS_DEFAULT_REGION`, the profile's `region`; a key ARN's own
///   region always wins for that key.
/// - **Endpoint**: `AWS_ENDPOINT_URL_KMS`, `AWS_ENDPOINT_URL`, the profile's `services` section's
///   `kms.endpoint_url`, the profile's `endpoint_url` (all ignored when
///   `AWS_IGNORE_CONFIGURED_ENDPOINT_URLS=true`), else `https://kms.REGION.amazonaws.com`.
/// - **Retries**: `AWS_MAX_ATTEMPTS`, else the profile's `max_attempts`, else 3.
///
/// Not supported, and said so when a profile asks for them: `role_arn`, `credential_process`,
/// `sso_session`/`sso_start_url`, `web_identity_token_file`; nor the EC2/ECS metadata services.
package struct AWSConfiguration: Sendable {
    package let profile: String
    /// The region of the chain, `nil` when nothing names one.
    package let region: String?
    /// The endpoint override, `nil` for AWS's own endpoint.
    package let endpoint: String?
    package let maxAttempts: Int
    private let credentialsResult: Result<AWSCredentials, KMSError>

    /// The credentials, or why there are none (asked only when a request is about to be signed,
    /// so that making a recipient needs none).
    package func credentials() throws(KMSError) -> AWSCredentials {
        try credentialsResult.get()
    }

    /// Reads the chain from `environment`.
    ///
    /// - Throws: ``KMSError`` of kind ``KMSError/Kind/configuration`` when a shared file cannot
    ///   be read or parsed, or `AWS_PROFILE` names a profile that neither file has.
    package init(environment: AWSEnvironment = .process) throws(KMSError) {
        let explicitProfile = environment.value("AWS_PROFILE") ?? environment.value("AWS_DEFAULT_PROFILE")
        let profile = explicitProfile ?? "default"
        self.profile = profile
        let home = environment.value("HOME")
        func expand(_ path: String) -> String {
            guard path.hasPrefix("~/"), let home else { return path }
            return home + path.dropFirst()
        }
        let credentialsPath = expand(environment.value("AWS_SHARED_CREDENTIALS_FILE") ?? "~/.aws/credentials")
        let configPath = expand(environment.value("AWS_CONFIG_FILE") ?? "~/.aws/config")
        let credentialsFile = try environment.sharedFile(credentialsPath)
        let configFile = try environment.sharedFile(configPath)
        let credentialsSection = credentialsFile?.section(profile)
        let configSection = configFile?.section(profile == "default" ? "default" : "profile " + profile)
            ?? (profile == "default" ? configFile?.section("profile default") : nil)
        if let explicitProfile, credentialsSection == nil, configSection == nil {
            throw KMSError(.configuration, "the AWS profile '\(explicitProfile)' (AWS_PROFILE) is in neither \(credentialsPath) nor \(configPath)")
        }

        region = environment.value("AWS_REGION") ?? environment.value("AWS_DEFAULT_REGION") ?? configSection?.values["region"]

        let ignoreEndpoints = environment.value("AWS_IGNORE_CONFIGURED_ENDPOINT_URLS")?.lowercased() == "true"
            || configSection?.values["ignore_configured_endpoint_urls"]?.lowercased() == "true"
        var endpoint: String?
        if !ignoreEndpoints {
            endpoint = environment.value("AWS_ENDPOINT_URL_KMS") ?? environment.value("AWS_ENDPOINT_URL")
            if endpoint == nil, let services = configSection?.values["services"] {
                endpoint = configFile?.section("services " + services)?.values["kms.endpoint_url"]
            }
            if endpoint == nil { endpoint = configSection?.values["endpoint_url"] }
        }
        self.endpoint = endpoint

        let attempts = environment.value("AWS_MAX_ATTEMPTS") ?? configSection?.values["max_attempts"]
        maxAttempts = attempts.flatMap { Int($0) }.map { min(max($0, 1), 10) } ?? 3

        credentialsResult = Self.findCredentials(
            environment: environment, profile: profile,
            sections: [(credentialsSection, credentialsPath), (configSection, configPath)]
        )
    }

    private static func findCredentials(environment: AWSEnvironment, profile: String,
                                        sections: [(SharedConfigFile.Section?, String)]) -> Result<AWSCredentials, KMSError> {
        if let keyID = environment.value("AWS_ACCESS_KEY_ID") {
            guard let secret = environment.secretVariable("AWS_SECRET_ACCESS_KEY"), secret.count > 0 else {
                return .failure(KMSError(.noCredentials, "AWS_ACCESS_KEY_ID is set but AWS_SECRET_ACCESS_KEY is not; set both, or neither to use the profile '\(profile)'"))
            }
            return .success(AWSCredentials(accessKeyID: keyID, secretAccessKey: secret,
                                           sessionToken: environment.value("AWS_SESSION_TOKEN"), source: "environment variables"))
        }
        for (section, path) in sections {
            guard let section else { continue }
            if let keyID = section.values["aws_access_key_id"], !keyID.isEmpty {
                guard let secret = section.secrets["aws_secret_access_key"], secret.count > 0 else {
                    return .failure(KMSError(.noCredentials, "the profile '\(profile)' in \(path) has aws_access_key_id but no aws_secret_access_key"))
                }
                return .success(AWSCredentials(accessKeyID: keyID, secretAccessKey: secret,
                                               sessionToken: section.values["aws_session_token"].flatMap { $0.isEmpty ? nil : $0 },
                                               source: "profile '\(profile)' in \(path)"))
            }
            let unsupported = ["role_arn", "credential_process", "sso_session", "sso_start_url", "web_identity_token_file"]
                .filter { section.values[$0] != nil }
            if let first = unsupported.first {
                return .failure(KMSError(.noCredentials, "the profile '\(profile)' in \(path) gets its credentials with \(first), which age-plugin-awskms does not support; export them first (eval \"$(aws configure export-credentials --profile \(profile) --format env)\")"))
            }
        }
        let files = sections.map(\.1).joined(separator: " or ")
        return .failure(KMSError(.noCredentials, "no AWS credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or give the profile '\(profile)' aws_access_key_id and aws_secret_access_key in \(files) (AWS_PROFILE picks another profile)"))
    }
}
