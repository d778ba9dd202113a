import EnvironmentCrypto
import EnvironmentKit
import Foundation

/// `environments.bin`: header parsing, then decryption with the secrets of the test fixtures
/// (`Tests/EnvironmentCryptoTests/Fixtures`), so that the seeds decrypt and mutations reach
/// every check between the header and the authenticated plaintext.
enum EnvironmentsBinHarness {
    /// The fixtures' secrets. They protect only the test fixtures, so they may live in the source.
    private static let keyFileText = "envtool-key-1:b5+D/lI8YIL1z5fAcod8BN8UjDdo9uHgTye7BD16grw=\n"
    private static let identityFileText = "envtool-identity-1:hmevoc9/f8aCsouxMNof2ggz73co00v4VGLKJBu8Z7s=\n"
    private static let passphraseText = "correct horse battery staple"

    /// Passphrase files asking for more Argon2id work than this are parsed but not derived:
    /// the format allows up to 16 passes and 4 GiB on purpose, which would only measure Argon2id
    /// (and pass libFuzzer's memory limit) instead of finding bugs.
    private static let maximumFuzzedKDFMemory: UInt64 = 4 << 20
    private static let maximumFuzzedKDFOperations: UInt32 = 2

    private static let secrets: [any FileKeyIdentity] = {
        // The key readers take files (and check their mode), as users give them; write them once.
        let directory = NSTemporaryDirectory() + "envfuzz-\(getpid())"
        try? FileManager.default.createDirectory(
            atPath: directory, withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        func write(_ name: String, _ text: String) -> String {
            let path = directory + "/" + name
            _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8), attributes: [.posixPermissions: 0o600])
            return path
        }
        var secrets: [any FileKeyIdentity] = []
        if let key = try? SymmetricKey(contentsOfKeyFile: write("fixture.key", keyFileText)) { secrets.append(key) }
        if let identity = try? Identity(contentsOfIdentityFile: write("fixture-identity", identityFileText)) { secrets.append(AgeIdentity(identity)) }
        if let passphrase = try? Passphrase(passphraseText) { secrets.append(passphrase) }
        return secrets
    }()

    static func run(_ input: UnsafeRawBufferPointer) {
        let data = Data(input)
        _ = EnvironmentsBin.isEncrypted(data)
        guard let header = try? EnvironmentsBin.Header(parsing: data) else { return }
        _ = header.kdf?.description
        if let kdf = header.kdf, kdf.memoryBytes > maximumFuzzedKDFMemory || kdf.operations > maximumFuzzedKDFOperations {
            return
        }
        for secret in secrets {
            guard let plaintext = try? EnvironmentsBin.decrypt(data, with: [secret]) else { continue }
            _ = try? EnvironmentsDocument(secretBytes: plaintext, source: "fuzz.bin")
        }
    }
}
