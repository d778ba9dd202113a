import EnvironmentCrypto
import Foundation
import JSONParsing

/// sops JSON documents: recognition, the metadata's checks (`SopsFile(parsing:)`, `inspect`'s
/// facts, the recipients), then the data key opened with the fixture's age identity
/// (`Tests/EnvironmentCryptoTests/Fixtures/sops`, whose file is the seed) and every value
/// decrypted and its MAC checked; a document that opens is sealed again and must open the same,
/// and sealed under a rotated data key (what `rekey` writes) must open the same too.
enum SopsHarness {
    /// The identity of the fixture (a test key, public in the repository).
    private static let identity = try? AgeIdentity("AGE-SECRET-KEY-1MT9DXT2A5FMW7Y90JZ4Y9WADCDGHQT9VWYYGMW3YV9G5LAURS3QQXAA53A")

    static func run(_ input: UnsafeRawBufferPointer) {
        let data = Data(input)
        guard SopsFile.isSopsFile(data), let file = try? SopsFile(parsing: data) else { return }
        _ = (try? EnvironmentsBin.Header(parsing: data))?.facts.lines
        _ = try? file.recipients()
        _ = try? file.ageSummary()
        guard let identity, let (key, _, _) = try? file.dataKey(with: [identity]),
            let plaintext = try? file.decrypt(with: key)
        else { return }
        // What opened is sealed again under the same data key, and reads back the same.
        let document = SecretBytes(copying: Array(plaintext.jsonText(pretty: true).utf8))
        guard let sealed = try? SopsFile.encrypt(document, with: SopsFile.Seal(file: file, dataKey: key)) else { return }
        guard let again = try? SopsFile(parsing: sealed), let reopened = try? again.decrypt(with: key) else {
            fatalError("a sops document sealed again does not open")
        }
        if reopened != plaintext { fatalError("a sops document sealed again reads back otherwise") }
        // A rotation to the fixture's recipient: a new data key, every value sealed again.
        guard let rotated = try? SopsFile.Seal(file: file, dataKey: key).changingRecipients(to: [identity.recipient], rotatingDataKey: true),
            let written = try? SopsFile.encrypt(document, with: rotated)
        else { return }
        guard let newFile = try? SopsFile(parsing: written), let (newKey, _, _) = try? newFile.dataKey(with: [identity]),
            let rotatedBack = try? newFile.decrypt(with: newKey)
        else {
            fatalError("a sops document under a rotated data key does not open")
        }
        if rotatedBack != plaintext { fatalError("a sops document under a rotated data key reads back otherwise") }
    }
}
