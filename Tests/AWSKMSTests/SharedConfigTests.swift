import EnvironmentCrypto
import Testing

@testable import AWSKMS

@Suite("AWS shared config and credentials files, and the chain over them")
struct SharedConfigTests {
    static func parse(_ text: String) throws(SharedConfigFile.Failure) -> SharedConfigFile {
        let bytes = Array(text.utf8)
        let result: Result<SharedConfigFile, SharedConfigFile.Failure> = bytes.withUnsafeBytes { bytes in
            do throws(SharedConfigFile.Failure) { return .success(try SharedConfigFile(parsing: bytes)) } catch { return .failure(error) }
        }
        return try result.get()
    }

    static func string(_ secret: SecretBytes?) -> String? {
        secret.map { $0.withUnsafeBytes { String(decoding: $0, as: UTF8.self) } }
    }

    @Test("sections, comments, inline comments, sub-properties, CR LF and a BOM")
    func grammar() throws {
        let file = try Self.parse(
            "\u{FEFF}# comment\r\n; another\r\n[default]\r\nregion = eu-west-1 # inline\r\naws_access_key_id=AKIA1\r\n"
                + "aws_secret_access_key = abc/def+ghi\r\n\r\n[ profile dev ]\r\nregion=us-east-2;not-a-comment\r\nservices = local\r\n"
                + "[services local]\r\nkms =\r\n  endpoint_url = http://127.0.0.1:4566\r\ns3 =\r\n  endpoint_url = http://other\r\n")
        #expect(file.sections.map(\.name) == ["default", "profile dev", "services local"])
        #expect(file.section("default")?.values["region"] == "eu-west-1")
        #expect(file.section("default")?.values["aws_secret_access_key"] == nil)
        #expect(Self.string(file.section("default")?.secrets["aws_secret_access_key"]) == "abc/def+ghi")
        #expect(file.section("profile dev")?.values["region"] == "us-east-2;not-a-comment")
        #expect(file.section("services local")?.values["kms.endpoint_url"] == "http://127.0.0.1:4566")
        #expect(file.section("services local")?.values["s3.endpoint_url"] == "http://other")
    }

    @Test(
        "malformed lines are errors with their line number and never quote the line",
        arguments: [
            ("[default]\nthis line has no equals sign aws_secret\n", 2, "expected 'key = value'"),
            ("region = x\n", 1, "after a '[section]'"),
            ("[default\n", 1, "end with ']'"),
            ("[default]\n = value\n", 2, "no key"),
            ("[  ]\n", 1, "name its section"),
        ])
    func malformed(text: String, line: Int, reason: String) {
        do {
            _ = try Self.parse(text)
            Issue.record("parsed \(text)")
        } catch {
            #expect(error.line == line)
            #expect(error.reason.contains(reason))
            #expect(!error.description.contains("aws_secret"))
        }
    }

    static let home = "/home/dev"
    static let credentials = """
        [default]
        aws_access_key_id = AKIADEFAULT
        aws_secret_access_key = default-secret
        [dev]
        aws_access_key_id = AKIADEV
        aws_secret_access_key = dev-secret
        aws_session_token = dev-token
        [assumed]
        role_arn = arn:aws:iam::111122223333:role/x
        """
    static let config = """
        [default]
        region = eu-central-1
        [profile dev]
        region = ap-south-1
        endpoint_url = http://profile-endpoint
        services = dev-services
        max_attempts = 5
        [services dev-services]
        kms =
          endpoint_url = http://services-endpoint
        [profile configonly]
        aws_access_key_id = AKIACONFIG
        aws_secret_access_key = config-secret
        """

    static func configuration(_ variables: [String: String]) throws(KMSError) -> AWSConfiguration {
        var all = variables
        all["HOME"] = home
        return try AWSConfiguration(environment: .fixed(all, files: [home + "/.aws/credentials": credentials, home + "/.aws/config": config]))
    }

    @Test("the environment's keys come before any profile's")
    func environmentFirst() throws {
        let chain = try Self.configuration([
            "AWS_ACCESS_KEY_ID": "AKIAENV", "AWS_SECRET_ACCESS_KEY": "env-secret", "AWS_SESSION_TOKEN": "t", "AWS_PROFILE": "dev",
        ])
        let found = try chain.credentials()
        #expect(found.accessKeyID == "AKIAENV")
        #expect(Self.string(found.secretAccessKey) == "env-secret")
        #expect(found.sessionToken == "t")
        #expect(found.source == "environment variables")
        #expect(!"\(found)".contains("env-secret"))
    }

    @Test("AWS_PROFILE picks [dev] in credentials and [profile dev] in config; its services section's KMS endpoint wins over its endpoint_url")
    func profile() throws {
        let chain = try Self.configuration(["AWS_PROFILE": "dev"])
        let found = try chain.credentials()
        #expect(found.accessKeyID == "AKIADEV")
        #expect(Self.string(found.secretAccessKey) == "dev-secret")
        #expect(found.sessionToken == "dev-token")
        #expect(found.source == "profile 'dev' in /home/dev/.aws/credentials")
        #expect(chain.region == "ap-south-1")
        #expect(chain.endpoint == "http://services-endpoint")
        #expect(chain.maxAttempts == 5)
    }

    @Test("without AWS_PROFILE the default profile; keys in the config file count too")
    func defaultsAndConfigKeys() throws {
        let chain = try Self.configuration([:])
        #expect(try chain.credentials().accessKeyID == "AKIADEFAULT")
        #expect(chain.region == "eu-central-1")
        #expect(chain.endpoint == nil)
        #expect(chain.maxAttempts == 3)
        #expect(try Self.configuration(["AWS_PROFILE": "configonly"]).credentials().source == "profile 'configonly' in /home/dev/.aws/config")
    }

    @Test("region: AWS_REGION, then AWS_DEFAULT_REGION, then the profile's")
    func region() throws {
        #expect(try Self.configuration(["AWS_REGION": "us-west-1", "AWS_DEFAULT_REGION": "us-west-2"]).region == "us-west-1")
        #expect(try Self.configuration(["AWS_DEFAULT_REGION": "us-west-2"]).region == "us-west-2")
    }

    @Test("endpoint: AWS_ENDPOINT_URL_KMS, then AWS_ENDPOINT_URL, then the profile's; none with AWS_IGNORE_CONFIGURED_ENDPOINT_URLS")
    func endpoint() throws {
        #expect(
            try Self.configuration(["AWS_ENDPOINT_URL_KMS": "http://kms", "AWS_ENDPOINT_URL": "http://all", "AWS_PROFILE": "dev"]).endpoint == "http://kms")
        #expect(try Self.configuration(["AWS_ENDPOINT_URL": "http://all", "AWS_PROFILE": "dev"]).endpoint == "http://all")
        #expect(try Self.configuration(["AWS_ENDPOINT_URL": "http://all", "AWS_IGNORE_CONFIGURED_ENDPOINT_URLS": "true"]).endpoint == nil)
    }

    @Test("AWS_SHARED_CREDENTIALS_FILE and AWS_CONFIG_FILE move the files")
    func movedFiles() throws {
        let chain = try AWSConfiguration(
            environment: .fixed(
                ["AWS_SHARED_CREDENTIALS_FILE": "/etc/creds", "AWS_CONFIG_FILE": "/etc/conf", "AWS_PROFILE": "ci"],
                files: ["/etc/creds": "[ci]\naws_access_key_id=AKIACI\naws_secret_access_key=ci-secret\n", "/etc/conf": "[profile ci]\nregion=sa-east-1\n"]))
        #expect(try chain.credentials().accessKeyID == "AKIACI")
        #expect(chain.region == "sa-east-1")
    }

    @Test("no credentials, an unknown profile, an unsupported profile and a broken file each say so")
    func failures() throws {
        let none = try AWSConfiguration(environment: .fixed(["HOME": "/nowhere"]))
        #expect(throws: KMSError.self) { try none.credentials() }
        do { _ = try none.credentials() } catch {
            #expect(error.kind == .noCredentials)
            #expect(error.message.contains("no AWS credentials"))
            #expect(error.message.contains("AWS_ACCESS_KEY_ID"))
        }
        do { _ = try Self.configuration(["AWS_PROFILE": "missing"]) } catch {
            #expect(error.kind == .configuration)
            #expect(error.message.contains("'missing'"))
        }
        do { _ = try Self.configuration(["AWS_PROFILE": "assumed"]).credentials() } catch {
            #expect(error.message.contains("role_arn"))
        }
        do { _ = try Self.configuration(["AWS_ACCESS_KEY_ID": "AKIA"]).credentials() } catch {
            #expect(error.message.contains("AWS_SECRET_ACCESS_KEY is not"))
        }
        do {
            _ = try AWSConfiguration(
                environment: .fixed(["HOME": "/h"], files: ["/h/.aws/credentials": "[default]\naws_secret_access_key = s3cr3t\ngarbage s3cr3t\n"]))
            Issue.record("a broken file was accepted")
        } catch {
            #expect(error.message == "/h/.aws/credentials:3: expected 'key = value', '[section]' or a comment")
        }
    }
}
