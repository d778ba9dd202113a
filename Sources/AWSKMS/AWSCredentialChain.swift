internal import LibC
import Synchronization

/// Where the credentials come from, tried in the SDKs' order, the first source that is
/// configured deciding (one that is configured and fails is an error, not a reason to try the
/// next):
///
/// 1. **Environment**: `AWS_ACCESS_KEY_ID` + `AWS_SECRET_ACCESS_KEY` (+ `AWS_SESSION_TOKEN`).
/// 2. **Web identity** (CI, Kubernetes): `AWS_WEB_IDENTITY_TOKEN_FILE` + `AWS_ROLE_ARN`
///    (+ `AWS_ROLE_SESSION_NAME`), through STS `AssumeRoleWithWebIdentity`.
/// 3. **The profile** (`AWS_PROFILE`, else `default`), in the credentials file then the config
///    file: `role_arn` with `source_profile` (whose own credentials, or role, come first; at most
///    ``maximumRoleChain`` deep), `credential_source` (`Environment`, `EcsContainer`,
///    `Ec2InstanceMetadata`) or `web_identity_token_file`, through STS; else
///    `aws_access_key_id` + `aws_secret_access_key`; else `credential_process`.
/// 4. **Container**: `AWS_CONTAINER_CREDENTIALS_FULL_URI` (http only to loopback and the ECS/EKS
///    addresses) or `AWS_CONTAINER_CREDENTIALS_RELATIVE_URI`, with
///    `AWS_CONTAINER_AUTHORIZATION_TOKEN_FILE` or `AWS_CONTAINER_AUTHORIZATION_TOKEN`.
/// 5. **Instance metadata**, IMDSv2, at `AWS_EC2_METADATA_SERVICE_ENDPOINT` (else the profile's
///    `ec2_metadata_service_endpoint`, else `http://169.254.169.254`); off with
///    `AWS_EC2_METADATA_DISABLED=true`.
///
/// Resolved once, when a request is first signed, and kept for the process (a plugin run lasts
/// seconds; temporary credentials an hour). No credential, token or command output ever
/// appears in an error.
final class AWSCredentialChain: Sendable {
    struct Profile: Sendable {
        let name: String
        /// The credentials file's section, then the config file's, with their paths.
        let sections: [(section: SharedConfigFile.Section, path: String)]

        func value(_ key: String) -> (value: String, path: String)? {
            for (section, path) in sections {
                if let value = section.values[key], !value.isEmpty { return (value, path) }
            }
            return nil
        }
    }

    /// How deep `source_profile` roles may chain.
    static let maximumRoleChain = 5

    let environment: AWSEnvironment
    let profile: String
    let credentialsFile: (file: SharedConfigFile?, path: String)
    let configFile: (file: SharedConfigFile?, path: String)
    let region: String?
    let stsEndpoint: String
    private let resolved = Mutex<Result<AWSCredentials, KMSError>?>(nil)

    init(
        environment: AWSEnvironment, profile: String, credentialsFile: (SharedConfigFile?, String), configFile: (SharedConfigFile?, String),
        region: String?, stsEndpoint: String
    ) {
        self.environment = environment
        self.profile = profile
        self.credentialsFile = credentialsFile
        self.configFile = configFile
        self.region = region
        self.stsEndpoint = stsEndpoint
    }

    /// The credentials, resolved on the first call.
    func credentials() throws(KMSError) -> AWSCredentials {
        let result = resolved.withLock { cached in
            if let cached { return cached }
            let result: Result<AWSCredentials, KMSError>
            do throws(KMSError) { result = .success(try resolve()) } catch { result = .failure(error) }
            cached = result
            return result
        }
        return try result.get()
    }

    /// The profile `name`'s sections, `nil` when neither file has it.
    func profile(_ name: String) -> Profile? {
        var sections: [(section: SharedConfigFile.Section, path: String)] = []
        if let section = credentialsFile.file?.section(name) { sections.append((section, credentialsFile.path)) }
        let configName = name == "default" ? "default" : "profile " + name
        if let section = configFile.file?.section(configName) ?? (name == "default" ? configFile.file?.section("profile default") : nil) {
            sections.append((section, configFile.path))
        }
        return sections.isEmpty ? nil : Profile(name: name, sections: sections)
    }

    private var sts: STSClient {
        STSClient(
            endpoint: stsEndpoint, region: region ?? "us-east-1",
            transport: environment.transport(URLSessionTransport.defaultTimeout, URLSessionTransport.defaultMaximumResponseLength),
            now: { Int(time(nil)) })
    }

    private var sessionName: String {
        environment.value("AWS_ROLE_SESSION_NAME") ?? "age-plugin-awskms-\(time(nil))"
    }

    private func resolve() throws(KMSError) -> AWSCredentials {
        if let credentials = try fromEnvironment() { return credentials }
        if let credentials = try fromWebIdentityVariables() { return credentials }
        if let profile = profile(profile), let credentials = try fromProfile(profile, chain: []) { return credentials }
        if let credentials = try fromContainer() { return credentials }
        if let credentials = try fromInstance() { return credentials }
        let files = [credentialsFile.path, configFile.path].joined(separator: " or ")
        throw KMSError(
            .noCredentials,
            "no AWS credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or give the profile '\(profile)' aws_access_key_id and aws_secret_access_key, role_arn or credential_process in \(files) (AWS_PROFILE picks another profile); no web identity, container or instance credentials were found either"
        )
    }

    func fromEnvironment() throws(KMSError) -> AWSCredentials? {
        guard let keyID = environment.value("AWS_ACCESS_KEY_ID") else { return nil }
        guard let secret = environment.secretVariable("AWS_SECRET_ACCESS_KEY"), secret.count > 0 else {
            throw KMSError(.noCredentials, "AWS_ACCESS_KEY_ID is set but AWS_SECRET_ACCESS_KEY is not; set both, or neither to use the profile '\(profile)'")
        }
        return AWSCredentials(
            accessKeyID: keyID, secretAccessKey: secret, sessionToken: environment.value("AWS_SESSION_TOKEN"), source: "environment variables")
    }

    private func fromWebIdentityVariables() throws(KMSError) -> AWSCredentials? {
        guard let tokenFile = environment.value("AWS_WEB_IDENTITY_TOKEN_FILE") else { return nil }
        guard let role = environment.value("AWS_ROLE_ARN") else {
            throw KMSError(.noCredentials, "AWS_WEB_IDENTITY_TOKEN_FILE is set but AWS_ROLE_ARN is not; set the role to assume with the token")
        }
        return try webIdentity(role: role, tokenFile: tokenFile)
    }

    private func webIdentity(role: String, tokenFile: String) throws(KMSError) -> AWSCredentials {
        guard let token = try environment.secretFile(tokenFile), token.count > 0 else {
            throw KMSError(.noCredentials, "the web identity token file \(tokenFile) does not exist or is empty")
        }
        return try sts.assumeRole(role, sessionName: sessionName, webIdentityToken: token, tokenFile: tokenFile)
    }

    /// `profile`'s credentials; `chain` holds the profiles whose `source_profile` led here.
    private func fromProfile(_ profile: Profile, chain: [String]) throws(KMSError) -> AWSCredentials? {
        if let (role, path) = profile.value("role_arn") {
            if let (tokenFile, _) = profile.value("web_identity_token_file") {
                return try webIdentity(role: role, tokenFile: tokenFile)
            }
            let source: AWSCredentials
            if let (sourceName, _) = profile.value("source_profile") {
                guard !chain.contains(sourceName), sourceName != profile.name else {
                    throw KMSError(
                        .configuration,
                        "the profile '\(profile.name)' in \(path) has a source_profile loop: \((chain + [profile.name, sourceName]).map { "'\($0)'" }.joined(separator: " → "))"
                    )
                }
                guard chain.count < Self.maximumRoleChain else {
                    throw KMSError(
                        .configuration, "the profile '\(profile.name)' in \(path) chains more than \(Self.maximumRoleChain) roles through source_profile")
                }
                guard let sourceProfile = self.profile(sourceName) else {
                    throw KMSError(
                        .configuration,
                        "the source_profile '\(sourceName)' of the profile '\(profile.name)' is in neither \(credentialsFile.path) nor \(configFile.path)")
                }
                // A source profile's own static keys win over its own role, as the SDKs have it.
                if let keys = try staticKeys(sourceProfile) {
                    source = keys
                } else if let credentials = try fromProfile(sourceProfile, chain: chain + [profile.name]) {
                    source = credentials
                } else {
                    throw KMSError(
                        .noCredentials,
                        "the source_profile '\(sourceName)' of the profile '\(profile.name)' has no credentials (aws_access_key_id, role_arn or credential_process)"
                    )
                }
            } else if let (credentialSource, _) = profile.value("credential_source") {
                let found: AWSCredentials?
                switch credentialSource {
                case "Environment": found = try fromEnvironment()
                case "EcsContainer": found = try fromContainer()
                case "Ec2InstanceMetadata": found = try fromInstance()
                default:
                    throw KMSError(
                        .configuration,
                        "the profile '\(profile.name)' in \(path) has credential_source '\(ServiceText.code(credentialSource) ?? "?")'; Environment, EcsContainer and Ec2InstanceMetadata are known"
                    )
                }
                guard let found else {
                    throw KMSError(
                        .noCredentials, "the profile '\(profile.name)' in \(path) takes its source credentials from \(credentialSource), which has none")
                }
                source = found
            } else {
                throw KMSError(
                    .configuration,
                    "the profile '\(profile.name)' in \(path) has role_arn but neither source_profile, credential_source nor web_identity_token_file to assume it with"
                )
            }
            return try sts.assumeRole(
                role, sessionName: profile.value("role_session_name")?.value ?? sessionName,
                externalID: profile.value("external_id")?.value, with: source)
        }
        if let keys = try staticKeys(profile) { return keys }
        if let (command, path) = profile.value("credential_process") {
            guard environment.runsCommands else {
                throw KMSError(.configuration, "the profile '\(profile.name)' in \(path) has a credential_process, which is not run here")
            }
            return try CredentialProcess.credentials(command, profile: profile.name, path: path)
        }
        for key in ["sso_session", "sso_start_url"] {
            if let (_, path) = profile.value(key) {
                throw KMSError(
                    .noCredentials,
                    "the profile '\(profile.name)' in \(path) gets its credentials with \(key) (IAM Identity Center), which age-plugin-awskms does not support; export them first (eval \"$(aws configure export-credentials --profile \(profile.name) --format env)\")"
                )
            }
        }
        return nil
    }

    private func staticKeys(_ profile: Profile) throws(KMSError) -> AWSCredentials? {
        for (section, path) in profile.sections {
            guard let keyID = section.values["aws_access_key_id"], !keyID.isEmpty else { continue }
            guard let secret = section.secrets["aws_secret_access_key"], secret.count > 0 else {
                throw KMSError(.noCredentials, "the profile '\(profile.name)' in \(path) has aws_access_key_id but no aws_secret_access_key")
            }
            return AWSCredentials(
                accessKeyID: keyID, secretAccessKey: secret,
                sessionToken: section.values["aws_session_token"].flatMap { $0.isEmpty ? nil : $0 },
                source: "profile '\(profile.name)' in \(path)")
        }
        return nil
    }

    /// The metadata endpoints' deadline: `AWS_METADATA_SERVICE_TIMEOUT` seconds, 1 by default.
    private var metadata: MetadataCredentials {
        let seconds = environment.value("AWS_METADATA_SERVICE_TIMEOUT").flatMap { Double($0) }.map { min(max($0, 0.1), 60) } ?? 1
        return MetadataCredentials(transport: environment.transport(seconds, MetadataCredentials.maximumResponseLength))
    }

    private func fromContainer() throws(KMSError) -> AWSCredentials? {
        let url: String
        if let full = environment.value("AWS_CONTAINER_CREDENTIALS_FULL_URI") {
            guard MetadataCredentials.isAllowedContainerURL(full) else {
                throw KMSError(
                    .configuration,
                    "AWS_CONTAINER_CREDENTIALS_FULL_URI must be https, or http to a loopback address or the ECS/EKS container endpoint (169.254.170.2, 169.254.170.23)"
                )
            }
            url = full
        } else if let relative = environment.value("AWS_CONTAINER_CREDENTIALS_RELATIVE_URI") {
            url = "http://169.254.170.2" + (relative.hasPrefix("/") ? relative : "/" + relative)
        } else {
            return nil
        }
        var authorization: String?
        if let tokenFile = environment.value("AWS_CONTAINER_AUTHORIZATION_TOKEN_FILE") {
            guard let token = try environment.secretFile(tokenFile), token.count > 0 else {
                throw KMSError(
                    .noCredentials, "the container authorization token file \(tokenFile) (AWS_CONTAINER_AUTHORIZATION_TOKEN_FILE) does not exist or is empty")
            }
            authorization = token.withUnsafeBytes { String(decoding: $0, as: UTF8.self) }.trimmingWhitespaceAndNewlines()
        } else {
            authorization = environment.value("AWS_CONTAINER_AUTHORIZATION_TOKEN")
        }
        if let authorization, authorization.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }) {
            throw KMSError(.configuration, "the container authorization token holds a control character (a line break?); it cannot be sent as a header")
        }
        return try metadata.container(url: url, authorization: authorization, source: "the container credentials endpoint \(url)")
    }

    private func fromInstance() throws(KMSError) -> AWSCredentials? {
        if environment.value("AWS_EC2_METADATA_DISABLED")?.lowercased() == "true" { return nil }
        let endpoint =
            environment.value("AWS_EC2_METADATA_SERVICE_ENDPOINT")
            ?? profile(profile)?.value("ec2_metadata_service_endpoint")?.value
            ?? "http://169.254.169.254"
        return try metadata.instance(endpoint: endpoint)
    }
}
