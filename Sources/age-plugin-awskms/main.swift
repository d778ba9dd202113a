// age-plugin-awskms: age file keys wrapped by AWS KMS keys. See docs/kms.md.
import AWSKMS
import EnvironmentCrypto
import LibC

let usage = """
    age-plugin-awskms: wraps age file keys with AWS KMS (Encrypt/Decrypt), as an age plugin.

    Usage:
      age-plugin-awskms --recipient KEY [--region REGION]   print the recipient age1awskms1… for KEY
      age-plugin-awskms --identity [KEY] [--region REGION]  print an identity AGE-PLUGIN-AWSKMS-1… (no KEY: any key)
      age-plugin-awskms --age-plugin=recipient-v1|identity-v1  (run by age, envtool and other age clients)

    KEY is a key ARN (arn:aws:kms:REGION:ACCOUNT:key/ID), an alias ARN, or a key ID or alias/NAME
    with the region from --region, AWS_REGION, AWS_DEFAULT_REGION or the profile. Neither a
    recipient nor an identity is secret: the AWS credentials of whoever runs age decide.
    Credentials come from the AWS SDKs' chain: environment variables, a web identity token file
    (AWS_WEB_IDENTITY_TOKEN_FILE + AWS_ROLE_ARN), the profile (role_arn + source_profile, static
    keys, credential_process), container credentials, instance metadata (IMDSv2). Region and
    endpoint come from the AWS variables and shared files (AWS_PROFILE, ~/.aws/config,
    AWS_ENDPOINT_URL[_KMS|_STS]). Every request: 64 KiB answers, 15 s in all, no redirects.
    AGE_PLUGIN_AWSKMS_CONTEXT names the file in the KMS encryption context when encrypting.

    Exit status: 0 success, 1 failure, 2 usage error.

    """

func fail(_ message: String, status: Int32 = 1) -> Never {
    let line = Array("age-plugin-awskms: \(message)\n".utf8)
    _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    exit(status)
}

var arguments = Array(CommandLine.arguments.dropFirst())
if arguments.isEmpty || arguments.contains("--help") || arguments.contains("-h") {
    print(usage, terminator: "")
    exit(arguments.isEmpty ? 2 : 0)
}

var stateMachine: String?
var recipientKey: String?
var identityKey: String?
var wantsIdentity = false
var region: String?
var index = 0
while index < arguments.count {
    let argument = arguments[index]
    func value() -> String {
        index += 1
        guard index < arguments.count else { fail("\(argument) needs a value", status: 2) }
        return arguments[index]
    }
    if argument.hasPrefix("--age-plugin=") {
        stateMachine = String(argument.dropFirst("--age-plugin=".count))
    } else if argument == "--age-plugin" {
        stateMachine = value()
    } else if argument == "--recipient" {
        recipientKey = value()
    } else if argument == "--identity" {
        wantsIdentity = true
        if index + 1 < arguments.count, !arguments[index + 1].hasPrefix("-") { identityKey = value() }
    } else if argument == "--region" {
        region = value()
    } else if argument == "--version" {
        print("age-plugin-awskms 1.0")
        exit(0)
    } else {
        fail("unknown argument '\(argument)' (see --help)", status: 2)
    }
    index += 1
}

if let stateMachine {
    signal(SIGPIPE, SIG_IGN)
    let fileName = getenv(AWSKMSPlugin.contextVariable).map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
    let machines = PluginStateMachines(channel: StandardStreamsChannel(), fileName: fileName) { () throws(KMSError) -> KMSClient in
        KMSClient(configuration: try AWSConfiguration(), transport: URLSessionTransport())
    }
    do throws(AgeError) {
        switch stateMachine {
        case "recipient-v1": try machines.runRecipientV1()
        case "identity-v1": try machines.runIdentityV1()
        default: fail("unknown state machine '\(stateMachine)' (recipient-v1 and identity-v1 are known)", status: 2)
        }
    } catch {
        fail(error.message)
    }
    exit(0)
}

guard recipientKey != nil || wantsIdentity else { fail("nothing to do: give --recipient KEY or --identity (see --help)", status: 2) }
do throws(KMSError) {
    func resolve(_ text: String) throws(KMSError) -> KMSKey {
        var chainRegion = region
        if chainRegion == nil, !text.hasPrefix("arn:") { chainRegion = try AWSConfiguration().region }
        return try KMSKey(text, region: chainRegion)
    }
    if let recipientKey {
        print(AWSKMSPlugin.recipient(try resolve(recipientKey)))
    }
    if wantsIdentity {
        let key = try identityKey.map { (text: String) throws(KMSError) -> KMSKey in try resolve(text) }
        print("# age-plugin-awskms identity for \(key.map { "the KMS key \($0)" } ?? "any KMS key (*)"): not a secret, AWS credentials decide")
        if let key { print("# recipient: \(AWSKMSPlugin.recipient(key))") }
        print(AWSKMSPlugin.identity(key))
    }
} catch {
    fail(error.message)
}
