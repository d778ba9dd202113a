import EnvironmentCrypto
import Foundation
import Testing

@testable import AWSKMS

/// The credential chain source by source, in the SDKs' order, for real: moto's STS
/// (AssumeRoleWithWebIdentity, AssumeRole) and KMS, a `credential_process` script run through
/// SpawnedProcess, and the container and IMDSv2 stand-ins of Tests/Interop/aws-standin-server.py,
/// all on 127.0.0.1. Each source also opens a file under the real `age` with only that source
/// configured; no credential or token ever appears in an error.
@Suite("AWS credential chain: web identity, roles, credential_process, container, instance", .serialized)
struct CredentialChainTests {
    /// A JWT-looking web identity token; moto does not check it, AWS would.
    static let webToken = "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJyZXBvOm9yZy9hcHA6cmVmOnJlZnMvaGVhZHMvbWFpbiJ9.c2lnbmF0dXJlLW5vdC1jaGVja2Vk"
    static let role = "arn:aws:iam::123456789012:role/ci-deploy"

    /// Variables shared by every source: the region, moto as KMS and STS, no instance metadata,
    /// no home folder with ~/.aws.
    static func base(_ server: MotoServer) -> [String: String] {
        [
            "PATH": pluginDirectory + ":/usr/bin:/bin", "HOME": server.scratch + "/home", "AWS_REGION": "us-east-1",
            "AWS_ENDPOINT_URL": server.endpoint, "AWS_MAX_ATTEMPTS": "1", "AWS_EC2_METADATA_DISABLED": "true",
        ]
    }

    static func configuration(_ variables: [String: String], files: [String: String] = [:]) throws -> AWSConfiguration {
        try AWSConfiguration(environment: .fixed(variables, files: files, network: true))
    }

    static func error(_ configuration: AWSConfiguration) -> KMSError? {
        do {
            _ = try configuration.credentials()
            return nil
        } catch {
            return error
        }
    }

    /// Encrypts and decrypts a file to `key` with the real `age` and the plugin under `environment`.
    static func roundTrip(_ server: MotoServer, key: String, environment: [String: String]) throws {
        try "chain\n".write(toFile: server.scratch + "/plain", atomically: true, encoding: .utf8)
        let recipient = AWSKMSPlugin.recipient(try KMSKey(key, region: nil))
        let sealed = try run(MotoKMSTests.age, ["-r", recipient, "-o", "sealed.age", "plain"], environment: environment, in: server.scratch)
        #expect(sealed.status == 0, "\(sealed.stderr)")
        try "\(AWSKMSPlugin.identity(nil))\n".write(toFile: server.scratch + "/any.txt", atomically: true, encoding: .utf8)
        let opened = try run(MotoKMSTests.age, ["-d", "-i", "any.txt", "sealed.age"], environment: environment, in: server.scratch)
        #expect(opened.stdout == "chain\n", "\(opened.stderr)")
    }

    @Test("web identity: AWS_WEB_IDENTITY_TOKEN_FILE + AWS_ROLE_ARN assume the role at STS (AssumeRoleWithWebIdentity)")
    func webIdentity() throws {
        let server = try MotoServer()
        defer { server.stop() }
        let tokenFile = server.scratch + "/token"
        try Self.webToken.write(toFile: tokenFile, atomically: true, encoding: .utf8)
        var variables = Self.base(server)
        variables["AWS_WEB_IDENTITY_TOKEN_FILE"] = tokenFile
        variables["AWS_ROLE_ARN"] = Self.role
        let credentials = try Self.configuration(variables, files: [tokenFile: Self.webToken]).credentials()
        #expect(credentials.accessKeyID.hasPrefix("ASIA"))
        #expect(credentials.sessionToken?.isEmpty == false)
        #expect(credentials.source == "the role \(Self.role), assumed with the web identity token in \(tokenFile)")
        try Self.roundTrip(server, key: try server.createKey(), environment: variables)

        // Without the role, or with a missing token file: said so, the token never shown.
        variables["AWS_ROLE_ARN"] = nil
        #expect(Self.error(try Self.configuration(variables))?.message.contains("AWS_ROLE_ARN is not") == true)
        variables["AWS_ROLE_ARN"] = Self.role
        variables["AWS_WEB_IDENTITY_TOKEN_FILE"] = server.scratch + "/missing"
        #expect(Self.error(try Self.configuration(variables))?.message == "the web identity token file \(server.scratch)/missing does not exist or is empty")
    }

    @Test("STS that echoes the request, or answers 2 GiB: one clear error, the web identity token never in it")
    func hostileSTS() throws {
        let standIn = try StandInServer()
        defer { standIn.stop() }
        let variables = [
            "HOME": "/nowhere", "AWS_REGION": "us-east-1", "AWS_WEB_IDENTITY_TOKEN_FILE": "/t/token", "AWS_ROLE_ARN": Self.role,
            "AWS_EC2_METADATA_DISABLED": "true",
        ]
        for (path, message) in [
            (
                "/echo",
                "STS refused the role \(Self.role) (AssumeRoleWithWebIdentity with the token in /t/token) with ValidationException, HTTP 400 (STS's message is not shown: it quotes the request's token)"
            ),
            (
                "/huge",
                "cannot reach STS at \(standIn.base)/huge for the role \(Self.role) (AssumeRoleWithWebIdentity with the token in /t/token): the answer is larger than 64 KiB and was abandoned"
            ),
            ("/redirect", "which is not followed"),
        ] {
            var endpoint = variables
            endpoint["AWS_ENDPOINT_URL_STS"] = standIn.base + path
            let error = try #require(Self.error(try Self.configuration(endpoint, files: ["/t/token": Self.webToken])))
            #expect(error.message.contains(message), "\(error.message)")
            #expect(!error.message.contains(String(Self.webToken.prefix(8))))
            #expect(!error.message.contains(String(Self.webToken.suffix(12))))
        }
        #expect(standIn.recorded("redirected").isEmpty)
    }

    static let baseKeys = "[base]\naws_access_key_id = AKIABASEPROFILE\naws_secret_access_key = base-profile-secret\n"

    @Test("a profile with role_arn + source_profile assumes the role with the source profile's keys (AssumeRole)")
    func assumeRole() throws {
        let server = try MotoServer()
        defer { server.stop() }
        let home = server.scratch + "/home"
        try FileManager.default.createDirectory(atPath: home + "/.aws", withIntermediateDirectories: true)
        let config =
            "[profile deploy]\nrole_arn = \(Self.role)\nsource_profile = base\nrole_session_name = release\n"
            + "[profile loop-a]\nrole_arn = \(Self.role)\nsource_profile = loop-b\n[profile loop-b]\nrole_arn = \(Self.role)\nsource_profile = loop-a\n"
            + "[profile orphan]\nrole_arn = \(Self.role)\n"
        try Self.baseKeys.write(toFile: home + "/.aws/credentials", atomically: true, encoding: .utf8)
        try config.write(toFile: home + "/.aws/config", atomically: true, encoding: .utf8)
        var variables = Self.base(server)
        variables["AWS_PROFILE"] = "deploy"
        let files = [home + "/.aws/credentials": Self.baseKeys, home + "/.aws/config": config]
        let credentials = try Self.configuration(variables, files: files).credentials()
        #expect(credentials.accessKeyID.hasPrefix("ASIA"))
        #expect(credentials.accessKeyID != "AKIABASEPROFILE")
        #expect(credentials.source == "the role \(Self.role), assumed with the credentials from profile 'base' in \(home)/.aws/credentials")
        try Self.roundTrip(server, key: try server.createKey(), environment: variables)

        variables["AWS_PROFILE"] = "loop-a"
        let loop = Self.error(try Self.configuration(variables, files: files))
        #expect(loop?.message.contains("has a source_profile loop: 'loop-a' → 'loop-b' → 'loop-a'") == true, "\(loop?.message ?? "")")
        variables["AWS_PROFILE"] = "orphan"
        #expect(
            Self.error(try Self.configuration(variables, files: files))?.message
                .contains("has role_arn but neither source_profile, credential_source nor web_identity_token_file") == true)
    }

    /// A credential_process script in `folder` that prints `output` after running `before`.
    static func script(_ folder: String, _ name: String, before: String = "", output: String, status: Int = 0) throws -> String {
        let path = folder + "/" + name
        try "#!/bin/sh\n\(before)\ncat <<'EOF'\n\(output)\nEOF\nexit \(status)\n".write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, 0o700)
        return path
    }

    @Test("credential_process: its JSON credentials are used; its stdin is not age's, its output never quoted; bounded in size")
    func credentialProcess() throws {
        let server = try MotoServer()
        defer { server.stop() }
        let home = server.scratch + "/home"
        try FileManager.default.createDirectory(atPath: home + "/.aws", withIntermediateDirectories: true)
        // Reads its standard input to the end first: with age's protocol pipe as its stdin it would never return.
        let good = try Self.script(
            server.scratch, "good", before: "cat >/dev/null",
            output: #"{"Version": 1, "AccessKeyId": "AKIAPROCESS", "SecretAccessKey": "process-secret-value", "SessionToken": "process-token"}"#)
        let broken = try Self.script(
            server.scratch, "broken", output: #"{"Version": 1, "AccessKeyId": "AKIAPROCESS", "SecretAccessKey": "leaked-secret-value""#)
        let failing = try Self.script(server.scratch, "failing", output: "", status: 3)
        let config =
            "[profile tool]\ncredential_process = \(good) --profile tool\n[profile broken]\ncredential_process = \(broken)\n"
            + "[profile failing]\ncredential_process = \(failing)\n[profile flood]\ncredential_process = yes process-secret-flood\n"
        try config.write(toFile: home + "/.aws/config", atomically: true, encoding: .utf8)
        var variables = Self.base(server)
        variables["AWS_PROFILE"] = "tool"
        let files = [home + "/.aws/config": config]
        let credentials = try Self.configuration(variables, files: files).credentials()
        #expect(credentials.accessKeyID == "AKIAPROCESS")
        #expect(credentials.sessionToken == "process-token")
        #expect(credentials.source == "the credential_process of the profile 'tool' in \(home)/.aws/config")
        try Self.roundTrip(server, key: try server.createKey(), environment: variables)

        for (profile, message) in [
            (
                "broken",
                "the output of the credential_process of the profile 'broken' in \(home)/.aws/config is not a JSON object (it is not shown: it may hold a secret)"
            ),
            ("failing", "the credential_process of the profile 'failing' in \(home)/.aws/config exited with status 3"),
            ("flood", "the credential_process of the profile 'flood' in \(home)/.aws/config printed more than 64 KiB and was stopped"),
        ] {
            variables["AWS_PROFILE"] = profile
            let error = try #require(Self.error(try Self.configuration(variables, files: files)))
            #expect(error.kind == .noCredentials || error.kind == .service)
            #expect(error.message.contains(message), "\(error.message)")
            for secret in ["leaked-secret-value", "process-secret", "AKIAPROCESS"] { #expect(!error.message.contains(secret)) }
        }
    }

    @Test("container credentials: AWS_CONTAINER_CREDENTIALS_FULL_URI on 127.0.0.1 with the authorization token, or its file")
    func container() throws {
        let standIn = try StandInServer()
        defer { standIn.stop() }
        let url = standIn.base + "/container/credentials"
        var variables = [
            "HOME": "/nowhere", "AWS_EC2_METADATA_DISABLED": "true", "AWS_CONTAINER_CREDENTIALS_FULL_URI": url,
            "AWS_CONTAINER_AUTHORIZATION_TOKEN": "container-token", "AWS_METADATA_SERVICE_TIMEOUT": "10",
        ]
        let credentials = try Self.configuration(variables).credentials()
        #expect(credentials.accessKeyID == "ASIACONTAINER")
        #expect(credentials.sessionToken == "standin-token-ASIACONTAINER")
        #expect(credentials.source == "the container credentials endpoint \(url)")
        variables["AWS_CONTAINER_AUTHORIZATION_TOKEN"] = nil
        variables["AWS_CONTAINER_AUTHORIZATION_TOKEN_FILE"] = "/run/token"
        #expect(try Self.configuration(variables, files: ["/run/token": "container-token\n"]).credentials().accessKeyID == "ASIACONTAINER")
        // A wrong token: refused, and not shown.
        let refused = Self.error(try Self.configuration(variables, files: ["/run/token": "wrong-container-token"]))
        #expect(refused?.kind == .accessDenied)
        #expect(refused?.message == "the container credentials endpoint \(url) answered HTTP 401 (is the authorization token right?)")
        // Plain http to another host is refused before anything is sent.
        variables["AWS_CONTAINER_CREDENTIALS_FULL_URI"] = "http://192.0.2.1/credentials"
        #expect(Self.error(try Self.configuration(variables, files: ["/run/token": "container-token"]))?.kind == .configuration)
        #expect(MetadataCredentials.isAllowedContainerURL("http://127.0.0.1:80/x"))
        #expect(MetadataCredentials.isAllowedContainerURL("http://169.254.170.2/v2/credentials"))
        #expect(MetadataCredentials.isAllowedContainerURL("https://creds.example.com/"))
        #expect(!MetadataCredentials.isAllowedContainerURL("http://127.0.0.1.example.com/"))
        #expect(!MetadataCredentials.isAllowedContainerURL("http://example.com/"))
        // Under age, with moto's KMS: the container's credentials sign the requests.
        let moto = try MotoServer()
        defer { moto.stop() }
        var underAge = Self.base(moto)
        underAge["AWS_CONTAINER_CREDENTIALS_FULL_URI"] = url
        underAge["AWS_CONTAINER_AUTHORIZATION_TOKEN"] = "container-token"
        underAge["AWS_METADATA_SERVICE_TIMEOUT"] = "10"
        try Self.roundTrip(moto, key: try moto.createKey(), environment: underAge)
        #expect(
            standIn.recorded("requests").contains {
                ($0["path"] as? String) == "/container/credentials" && ($0["headers"] as? [String: String])?["Authorization"] == "container-token"
            })
        // Hostile: a container endpoint answering without end.
        variables["AWS_CONTAINER_CREDENTIALS_FULL_URI"] = standIn.base + "/endless"
        #expect(
            Self.error(try Self.configuration(variables, files: ["/run/token": "container-token"]))?.message.contains(
                "the answer is larger than 16 KiB and was abandoned") == true)
    }

    @Test("instance metadata: IMDSv2 at AWS_EC2_METADATA_SERVICE_ENDPOINT (a session token, the role, its credentials); off when disabled")
    func instance() throws {
        let standIn = try StandInServer()
        defer { standIn.stop() }
        var variables = ["HOME": "/nowhere", "AWS_EC2_METADATA_SERVICE_ENDPOINT": standIn.base, "AWS_METADATA_SERVICE_TIMEOUT": "10"]
        let credentials = try Self.configuration(variables).credentials()
        #expect(credentials.accessKeyID == "ASIAINSTANCE")
        #expect(credentials.source == "the instance role test-role (instance metadata at \(standIn.base))")
        let requests = standIn.recorded("requests").map { "\($0["method"] ?? "") \($0["path"] ?? "")" }
        #expect(
            requests == [
                "PUT /latest/api/token", "GET /latest/meta-data/iam/security-credentials/", "GET /latest/meta-data/iam/security-credentials/test-role",
            ])
        // Under age, with moto's KMS: the instance role's credentials sign the requests.
        let moto = try MotoServer()
        defer { moto.stop() }
        var underAge = Self.base(moto)
        underAge["AWS_EC2_METADATA_DISABLED"] = nil
        underAge["AWS_EC2_METADATA_SERVICE_ENDPOINT"] = standIn.base
        underAge["AWS_METADATA_SERVICE_TIMEOUT"] = "10"
        try Self.roundTrip(moto, key: try moto.createKey(), environment: underAge)
        #expect(standIn.recorded("requests").count > requests.count)
        // Nothing listening: no instance credentials, so none at all.
        variables["AWS_EC2_METADATA_SERVICE_ENDPOINT"] = "http://127.0.0.1:\(freePort())"
        #expect(Self.error(try Self.configuration(variables))?.kind == .noCredentials)
        // A redirect from the metadata service is an error, not followed.
        variables["AWS_EC2_METADATA_SERVICE_ENDPOINT"] = standIn.base + "/redirect"
        #expect(Self.error(try Self.configuration(variables))?.message.contains("which is not followed") == true)
        #expect(standIn.recorded("redirected").isEmpty)
        // Disabled: not asked.
        variables["AWS_EC2_METADATA_SERVICE_ENDPOINT"] = standIn.base
        variables["AWS_EC2_METADATA_DISABLED"] = "true"
        let before = standIn.recorded("requests").count
        #expect(Self.error(try Self.configuration(variables))?.kind == .noCredentials)
        #expect(standIn.recorded("requests").count == before)
    }

    @Test("the order: environment variables win over web identity, which wins over the profile, the container and the instance")
    func order() throws {
        let standIn = try StandInServer()
        defer { standIn.stop() }
        let files = ["/h/.aws/credentials": Self.baseKeys.replacingOccurrences(of: "[base]", with: "[default]")]
        var variables = [
            "HOME": "/h", "AWS_ACCESS_KEY_ID": "AKIAENVIRONMENT", "AWS_SECRET_ACCESS_KEY": "environment-secret",
            "AWS_CONTAINER_CREDENTIALS_FULL_URI": standIn.base + "/container/credentials", "AWS_CONTAINER_AUTHORIZATION_TOKEN": "container-token",
            "AWS_EC2_METADATA_SERVICE_ENDPOINT": standIn.base, "AWS_METADATA_SERVICE_TIMEOUT": "10",
        ]
        #expect(try Self.configuration(variables, files: files).credentials().accessKeyID == "AKIAENVIRONMENT")
        variables["AWS_ACCESS_KEY_ID"] = nil
        #expect(try Self.configuration(variables, files: files).credentials().accessKeyID == "AKIABASEPROFILE")
        #expect(try Self.configuration(variables).credentials().accessKeyID == "ASIACONTAINER")
        variables["AWS_CONTAINER_CREDENTIALS_FULL_URI"] = nil
        #expect(try Self.configuration(variables).credentials().accessKeyID == "ASIAINSTANCE")
    }
}
