import EnvironmentCrypto
import Foundation
import Testing

@testable import AWSKMS

/// age-plugin-awskms for real: moto's KMS on 127.0.0.1 (Tests/Interop/moto-kms-server.py), keys
/// made and disabled with the AWS CLI, files encrypted and decrypted by the real `age` with the
/// plugin on its PATH.
@Suite("age-plugin-awskms against moto's KMS, with the age CLI", .serialized)
struct MotoKMSTests {
    static var age: String {
        ["/usr/bin/age", "/usr/local/bin/age"].first { FileManager.default.isExecutableFile(atPath: $0) } ?? "age"
    }

    static func plugin(_ arguments: [String], _ server: MotoServer, environment: [String: String]? = nil) throws -> String {
        let result = try run(pluginDirectory + "/age-plugin-awskms", arguments, environment: environment ?? server.environment)
        #expect(result.status == 0, "age-plugin-awskms \(arguments): \(result.stderr)")
        return result.stdout
    }

    static func recipient(_ key: String, _ server: MotoServer, region: String? = nil) throws -> String {
        try plugin(["--recipient", key] + (region.map { ["--region", $0] } ?? []), server).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// An identity file for `key` (any key when nil).
    static func identityFile(_ key: String?, _ server: MotoServer, name: String) throws -> String {
        let path = server.scratch + "/" + name
        try plugin(["--identity"] + (key.map { [$0] } ?? []), server).write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    static func age(_ arguments: [String], _ server: MotoServer, environment: [String: String]? = nil) throws -> ProcessResult {
        try run(age, arguments, environment: environment ?? server.environment, in: server.scratch)
    }

    /// The key ID (the ARN's last part): moto's DisableKey looks keys up by ID only.
    static func keyID(_ arn: String) -> String { String(arn.split(separator: "/").last!) }

    @Test("two KMS keys and an X25519 recipient; with one key disabled the other still decrypts, as does the X25519 key")
    func twoKeysOneDisabled() throws {
        let server = try MotoServer()
        defer { server.stop() }
        let keyA = try server.createKey()
        let keyB = try server.createKey()
        let keygen = try run("/usr/bin/age-keygen", ["-o", server.scratch + "/x25519.txt"], environment: server.environment)
        #expect(keygen.status == 0, "\(keygen.stderr)")
        let x25519 = try run("/usr/bin/age-keygen", ["-y", server.scratch + "/x25519.txt"], environment: server.environment).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let secret = "API_TOKEN=s3cr3t\n"
        try secret.write(toFile: server.scratch + "/plain", atomically: true, encoding: .utf8)
        var environment = server.environment
        environment[AWSKMSPlugin.contextVariable] = "environments.bin"
        let encrypted = try Self.age(
            [
                "-r", try Self.recipient(keyA, server), "-r", try Self.recipient(keyB, server), "-r", x25519,
                "-o", "sealed.age", "plain",
            ], server, environment: environment)
        #expect(encrypted.status == 0, "\(encrypted.stderr)")
        let header = try String(decoding: Data(contentsOf: URL(fileURLWithPath: server.scratch + "/sealed.age")), as: UTF8.self)
        let name = String(decoding: AgeBase64.encode(Array("environments.bin".utf8), padded: false), as: UTF8.self)
        #expect(header.contains("-> awskms \(keyA) \(name)\n"))
        #expect(header.contains("-> awskms \(keyB) \(name)\n"))
        #expect(header.contains("-> X25519 "))

        try server.aws(["kms", "disable-key", "--key-id", Self.keyID(keyA)])
        // Any key: the disabled key's stanza fails, the other's opens the file.
        let any = try Self.age(["-d", "-i", try Self.identityFile(nil, server, name: "any.txt"), "sealed.age"], server)
        #expect(any.status == 0, "\(any.stderr)")
        #expect(any.stdout == secret)
        let onlyB = try Self.age(["-d", "-i", try Self.identityFile(keyB, server, name: "b.txt"), "sealed.age"], server)
        #expect(onlyB.stdout == secret, "\(onlyB.stderr)")
        let withX25519 = try Self.age(["-d", "-i", server.scratch + "/x25519.txt", "sealed.age"], server)
        #expect(withX25519.stdout == secret, "\(withX25519.stderr)")
        // The disabled key alone: a clear error naming the identity and the key.
        let onlyA = try Self.age(["-d", "-i", try Self.identityFile(keyA, server, name: "a.txt"), "sealed.age"], server)
        #expect(onlyA.status != 0)
        #expect(onlyA.stderr.contains("identity 0"))
        #expect(onlyA.stderr.contains("the KMS key \(keyA) is disabled"))
        #expect(!onlyA.stderr.contains("testing"))
    }

    @Test("credentials, region and endpoint from a profile in the shared files")
    func profileFiles() throws {
        let server = try MotoServer()
        defer { server.stop() }
        let key = try server.createKey()
        let home = server.scratch + "/home"
        try FileManager.default.createDirectory(atPath: home + "/.aws", withIntermediateDirectories: true)
        try "[team]\naws_access_key_id = testing\naws_secret_access_key = testing\n".write(
            toFile: home + "/.aws/credentials", atomically: true, encoding: .utf8)
        try "[profile team]\nregion = us-east-1\nendpoint_url = \(server.endpoint)\n".write(toFile: home + "/.aws/config", atomically: true, encoding: .utf8)
        let environment = ["PATH": pluginDirectory + ":/usr/bin:/bin", "HOME": home, "AWS_PROFILE": "team"]
        try "profile\n".write(toFile: server.scratch + "/plain", atomically: true, encoding: .utf8)
        // A key ID without a region: the profile's region is baked into the recipient.
        let recipient = try Self.plugin(["--recipient", Self.keyID(key)], server, environment: environment).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(try AWSKMSPlugin.key(ofRecipient: recipient) == KMSKey(Self.keyID(key), region: "us-east-1"))
        let encrypted = try Self.age(["-r", recipient, "-o", "sealed.age", "plain"], server, environment: environment)
        #expect(encrypted.status == 0, "\(encrypted.stderr)")
        let identity = try Self.identityFile(nil, server, name: "any.txt")
        let decrypted = try Self.age(["-d", "-i", identity, "sealed.age"], server, environment: environment)
        #expect(decrypted.stdout == "profile\n", "\(decrypted.stderr)")
    }

    @Test("each failure is a clear message: disabled, missing, wrong region, tampered stanza, no network, no credentials")
    func failures() throws {
        let server = try MotoServer()
        defer { server.stop() }
        let key = try server.createKey()
        let other = try server.createKey()
        try "x\n".write(toFile: server.scratch + "/plain", atomically: true, encoding: .utf8)

        func encrypt(to recipient: String, environment: [String: String]? = nil) throws -> ProcessResult {
            try Self.age(["-r", recipient, "-o", "out.age", "plain"], server, environment: environment)
        }
        // Missing key.
        let missingARN = "arn:aws:kms:us-east-1:123456789012:key/00000000-0000-0000-0000-000000000000"
        let missing = try encrypt(to: try Self.recipient(missingARN, server))
        #expect(missing.status != 0)
        #expect(missing.stderr.contains("recipient 0"))
        #expect(missing.stderr.contains("the KMS key \(missingARN) was not found in region us-east-1"))
        // Wrong region: the key's ID with another region.
        let wrongRegion = try encrypt(to: try Self.recipient(Self.keyID(key), server, region: "eu-west-3"))
        #expect(wrongRegion.stderr.contains("was not found in region eu-west-3"), "\(wrongRegion.stderr)")
        #expect(wrongRegion.stderr.contains("is the region right?"))
        // No network: the endpoint is a closed port.
        var offline = server.environment
        offline["AWS_ENDPOINT_URL"] = "http://127.0.0.1:\(freePort())"
        let noNetwork = try encrypt(to: try Self.recipient(key, server), environment: offline)
        #expect(noNetwork.stderr.contains("cannot reach KMS at http://127.0.0.1:"), "\(noNetwork.stderr)")
        #expect(noNetwork.stderr.contains("connection refused"))
        // No credentials anywhere.
        var anonymous = server.environment
        anonymous["AWS_ACCESS_KEY_ID"] = nil
        anonymous["AWS_SECRET_ACCESS_KEY"] = nil
        let noCredentials = try encrypt(to: try Self.recipient(key, server), environment: anonymous)
        #expect(noCredentials.stderr.contains("no AWS credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY"), "\(noCredentials.stderr)")
        // A file sealed to the key, then the key disabled: encrypting and decrypting both say so.
        let sealed = try encrypt(to: try Self.recipient(key, server))
        #expect(sealed.status == 0, "\(sealed.stderr)")
        // A stanza whose key argument was changed to another key: KMS refuses, the message says why.
        var header = try String(contentsOfFile: server.scratch + "/out.age", encoding: .isoLatin1)
        header = header.replacingOccurrences(of: "-> awskms \(key)", with: "-> awskms \(other)")
        try header.write(toFile: server.scratch + "/tampered.age", atomically: true, encoding: .isoLatin1)
        let any = try Self.identityFile(nil, server, name: "any.txt")
        let tampered = try Self.age(["-d", "-i", any, "tampered.age"], server)
        #expect(tampered.status != 0)
        #expect(tampered.stderr.contains("identity 0"), "\(tampered.stderr)")
        try server.aws(["kms", "disable-key", "--key-id", Self.keyID(key)])
        let disabledEncrypt = try Self.age(["-r", try Self.recipient(key, server), "-o", "again.age", "plain"], server)
        #expect(disabledEncrypt.stderr.contains("the KMS key \(key) is disabled"), "\(disabledEncrypt.stderr)")
        let disabledDecrypt = try Self.age(["-d", "-i", any, "out.age"], server)
        #expect(disabledDecrypt.stderr.contains("the KMS key \(key) is disabled"), "\(disabledDecrypt.stderr)")
    }

    @Test("access denied: an IAM user allowed kms:Encrypt but not kms:Decrypt (moto's IAM checks on)")
    func accessDenied() throws {
        // Four requests without checks: create-key, create-user, create-access-key, put-user-policy.
        let server = try MotoServer(authAfter: 4)
        defer { server.stop() }
        let key = try server.createKey()
        try server.aws(["iam", "create-user", "--user-name", "developer"])
        let made = try server.aws(["iam", "create-access-key", "--user-name", "developer"])
        let accessKey = try #require(made["AccessKey"] as? [String: Any])
        let policy = #"{"Version":"2012-10-17","Statement":[{"Effect":"Allow","Action":"kms:Encrypt","Resource":"*"}]}"#
        try server.aws(["iam", "put-user-policy", "--user-name", "developer", "--policy-name", "encrypt-only", "--policy-document", policy])
        var developer = server.environment
        developer["AWS_ACCESS_KEY_ID"] = try #require(accessKey["AccessKeyId"] as? String)
        developer["AWS_SECRET_ACCESS_KEY"] = try #require(accessKey["SecretAccessKey"] as? String)
        try "x\n".write(toFile: server.scratch + "/plain", atomically: true, encoding: .utf8)
        let encrypted = try Self.age(["-r", try Self.recipient(key, server), "-o", "out.age", "plain"], server, environment: developer)
        #expect(encrypted.status == 0, "\(encrypted.stderr)")
        let denied = try Self.age(["-d", "-i", try Self.identityFile(nil, server, name: "any.txt"), "out.age"], server, environment: developer)
        #expect(denied.status != 0)
        #expect(denied.stderr.contains("access denied: the credentials from environment variables may not kms:Decrypt with \(key)"), "\(denied.stderr)")
        #expect(!denied.stderr.contains(developer["AWS_SECRET_ACCESS_KEY"]!))
        // A wrong secret: the signature does not match.
        var wrong = developer
        wrong["AWS_SECRET_ACCESS_KEY"] = "not-the-secret"
        let rejected = try Self.age(["-r", try Self.recipient(key, server), "-o", "out2.age", "plain"], server, environment: wrong)
        #expect(rejected.status != 0)
        #expect(rejected.stderr.contains("rejected the credentials") || rejected.stderr.contains("access denied"), "\(rejected.stderr)")
        #expect(!rejected.stderr.contains("not-the-secret"))
    }

    @Test(
        "envtool through the plugin: a key-file file moved to a KMS recipient, a second added with --add-recipient, one disabled, removed with --remove-recipient"
    )
    func envtoolThroughThePlugin() throws {
        let envtoolPath = pluginDirectory + "/envtool"
        guard FileManager.default.isExecutableFile(atPath: envtoolPath) else {
            Issue.record("envtool is not built beside age-plugin-awskms (\(pluginDirectory))")
            return
        }
        let server = try MotoServer()
        defer { server.stop() }
        let keyA = try server.createKey()
        let keyB = try server.createKey()
        var environment = server.environment
        environment[AWSKMSPlugin.contextVariable] = "environments.bin"
        @discardableResult func envtool(_ arguments: [String]) throws -> ProcessResult {
            let result = try run(envtoolPath, arguments, environment: environment, in: server.scratch)
            #expect(result.status == 0, "envtool \(arguments): \(result.stderr)")
            return result
        }
        try FileManager.default.copyItem(atPath: repositoryRoot + "/environments/environments.json", toPath: server.scratch + "/environments.json")
        try envtool(["keygen", "-o", "team.key"])
        try envtool(["encrypt", "environments.json", "--key-file", "team.key", "-o", "environments.bin"])
        // docs/kms.md's steps: the key-file file to KMS key A (and an X25519 break-glass key).
        let keygen = try run("/usr/bin/age-keygen", ["-o", server.scratch + "/break-glass.txt"], environment: server.environment)
        #expect(keygen.status == 0, "\(keygen.stderr)")
        let breakGlass = try run("/usr/bin/age-keygen", ["-y", server.scratch + "/break-glass.txt"], environment: server.environment).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let recipientA = try Self.recipient(keyA, server)
        let recipientB = try Self.recipient(keyB, server)
        try envtool(["rekey", "environments.bin", "--key-file", "team.key", "--new-recipient", recipientA, "--new-recipient", breakGlass])
        func header() throws -> String {
            String(decoding: try Data(contentsOf: URL(fileURLWithPath: server.scratch + "/environments.bin")).prefix(2000), as: UTF8.self)
        }
        let name = String(decoding: AgeBase64.encode(Array("environments.bin".utf8), padded: false), as: UTF8.self)
        #expect(try header().contains("-> awskms \(keyA) \(name)\n"))
        let identity = try Self.identityFile(nil, server, name: "kms.identity")
        #expect(chmod(identity, 0o600) == 0)
        // A second KMS key added: the list (FILE.recipients) keeps KMS recipients.
        try envtool(["rekey", "environments.bin", "--identity", identity, "--add-recipient", recipientB])
        #expect(try header().contains("-> awskms \(keyA) \(name)\n"))
        #expect(try header().contains("-> awskms \(keyB) \(name)\n"))
        #expect(
            Set(try envtool(["recipients", "list", "environments.bin"]).stdout.split(separator: "\n").map(String.init)) == [recipientA, recipientB, breakGlass])
        // Key A disabled: B still opens the file; then A is removed from the recipients.
        try server.aws(["kms", "disable-key", "--key-id", Self.keyID(keyA)])
        #expect(try envtool(["get", "base_url", "-e", "environments.bin", "--identity", identity]).stdout == "https://dev-api.example.com/v1\n")
        try envtool(["rekey", "environments.bin", "--identity", identity, "--remove-recipient", recipientA])
        #expect(try !header().contains(keyA))
        #expect(try header().contains("-> awskms \(keyB) "))
        #expect(try envtool(["get", "base_url", "-e", "environments.bin", "--identity", identity]).stdout == "https://dev-api.example.com/v1\n")
        #expect(
            try envtool(["get", "base_url", "-e", "environments.bin", "--identity", server.scratch + "/break-glass.txt"]).stdout
                == "https://dev-api.example.com/v1\n")
        // With no network, envtool says what the plugin said.
        environment["AWS_ENDPOINT_URL"] = "http://127.0.0.1:\(freePort())"
        let offline = try run(envtoolPath, ["get", "base_url", "-e", "environments.bin", "--identity", identity], environment: environment, in: server.scratch)
        #expect(offline.status == 72)
        #expect(offline.stderr.contains("cannot reach KMS at http://127.0.0.1:"), "\(offline.stderr)")
    }
}
