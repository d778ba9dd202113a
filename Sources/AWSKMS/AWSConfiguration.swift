import EnvironmentCrypto

/// The AWS settings a KMS call needs, found as the AWS CLI and SDKs find them.
///
/// - **Profile**: `AWS_PROFILE` (or the older `AWS_DEFAULT_PROFILE`), else `default`.
/// - **Files**: `AWS_SHARED_CREDENTIALS_FILE` (else `~/.aws/credentials`, sections `[name]`) and
///   `AWS_CONFIG_FILE` (else `~/.aws/config`, sections `[profile name]` and `[default]`).
/// - **Credentials**: the chain of ``AWSCredentialChain``: environment variables, a web identity
///   token file, the profile (`role_arn`, static keys, `credential_process`), the container
///   endpoint, the instance metadata service.
/// - **Region**: `AWS_REGION`, `AWS_DEFAULT_REGION`, the profile's `region`; a key ARN's own
///   region always wins for that key.
/// - **Endpoint**: `AWS_ENDPOINT_URL_KMS`, `AWS_ENDPOINT_URL`, the profile's `services` section's
///   `kms.endpoint_url`, the profile's `endpoint_url` (all ignored when
///   `AWS_IGNORE_CONFIGURED_ENDPOINT_URLS=true`), else `https://kms.REGION.amazonaws.com`; STS's
///   likewise (`AWS_ENDPOINT_URL_STS`, `sts.endpoint_url`), else `https://sts.REGION.amazonaws.com`.
/// - **Retries**: `AWS_MAX_ATTEMPTS`, else the profile's `max_attempts`, else 3.
///
/// Not supported, and said so when a profile asks for it: `sso_session`/`sso_start_url`.
package struct AWSConfiguration: Sendable {
    package let profile: String
    /// The region of the chain, `nil` when nothing names one.
    package let region: String?
    /// The endpoint override, `nil` for AWS's own endpoint.
    package let endpoint: String?
    package let maxAttempts: Int
    /// The STS endpoint the role sources assume roles at.
    package let stsEndpoint: String
    private let chain: AWSCredentialChain

    /// The credentials, or why there are none: resolved when a request is first signed (so that
    /// making a recipient needs none), then kept.
    package func credentials() throws(KMSError) -> AWSCredentials {
        try chain.credentials()
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
        let configSection =
            configFile?.section(profile == "default" ? "default" : "profile " + profile)
            ?? (profile == "default" ? configFile?.section("profile default") : nil)
        if let explicitProfile, credentialsSection == nil, configSection == nil {
            throw KMSError(.configuration, "the AWS profile '\(explicitProfile)' (AWS_PROFILE) is in neither \(credentialsPath) nor \(configPath)")
        }

        region = environment.value("AWS_REGION") ?? environment.value("AWS_DEFAULT_REGION") ?? configSection?.values["region"]

        let ignoreEndpoints =
            environment.value("AWS_IGNORE_CONFIGURED_ENDPOINT_URLS")?.lowercased() == "true"
            || configSection?.values["ignore_configured_endpoint_urls"]?.lowercased() == "true"
        func configuredEndpoint(_ service: String) -> String? {
            guard !ignoreEndpoints else { return nil }
            var endpoint = environment.value("AWS_ENDPOINT_URL_" + service.uppercased()) ?? environment.value("AWS_ENDPOINT_URL")
            if endpoint == nil, let services = configSection?.values["services"] {
                endpoint = configFile?.section("services " + services)?.values[service + ".endpoint_url"]
            }
            return endpoint ?? configSection?.values["endpoint_url"]
        }
        endpoint = configuredEndpoint("kms")
        let region = self.region
        stsEndpoint =
            configuredEndpoint("sts")
            ?? region.map { "https://sts.\($0).amazonaws.com" + ($0.hasPrefix("cn-") ? ".cn" : "") }
            ?? "https://sts.amazonaws.com"

        let attempts = environment.value("AWS_MAX_ATTEMPTS") ?? configSection?.values["max_attempts"]
        maxAttempts = attempts.flatMap { Int($0) }.map { min(max($0, 1), 10) } ?? 3

        chain = AWSCredentialChain(
            environment: environment, profile: profile, credentialsFile: (credentialsFile, credentialsPath),
            configFile: (configFile, configPath), region: region, stsEndpoint: stsEndpoint)
    }
}
