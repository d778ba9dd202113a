import ArgumentParser
import EnvironmentCrypto
import EnvironmentKit
import LibC

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

struct Decrypt: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "decrypt",
        abstract: "Decrypt an environments.bin to stdout, or atomically to a file (mode 0600).",
        discussion: """
            -o refuses to write the plaintext over the input (also through another path or a
            link) or over any other encrypted file (environments.bin or age) unless --force.
            --textconv is for git's textconv driver: a file that is not encrypted is printed as it is,
            and one that cannot be decrypted prints a one-line note instead of failing the diff.
            """)

    @Argument(help: "The environments.bin to decrypt, v1, age or RNCryptor ('-' reads standard input).", completion: .file())
    var input: String

    @Option(name: .shortAndLong, help: ArgumentHelp("Write the plaintext here (mode 0600) instead of stdout.", valueName: "path"), completion: .file())
    var output: String?

    @Flag(help: "Let -o replace the input or another encrypted file with the plaintext.")
    var force = false

    @Flag(help: "Behave as a git textconv filter.")
    var textconv = false

    @OptionGroup(title: "Secret") var secrets: SecretOptions

    func run() throws {
        if textconv {
            try runTextconv()
            return
        }
        try reportingFailures {
            if let output {
                if !force { try refuseOverwritingEncrypted(output) }
                try decrypt(to: output)
            } else {
                try Console.output(try secrets.values.open(input).opened.plaintext)
            }
        }
    }

    /// Decrypts into `output` atomically. An age file is streamed a verified 64 KiB chunk at a
    /// time into a temporary file that is renamed only when the whole file verified, so memory
    /// stays constant whatever the size; a v1 file (one AEAD message) is decrypted whole.
    private func decrypt(to output: String) throws {
        let handle = try InputFile.Handle(input)
        defer { handle.close() }
        let prefix = try handle.read(upTo: EnvironmentsBin.streamingPrefixLength)
        guard AgeFile.isAgeFile(prefix) else {
            var data = prefix
            if prefix.count == EnvironmentsBin.streamingPrefixLength { data += try handle.readToEnd(alreadyRead: prefix.count) }
            try AtomicFile.write(try secrets.values.open(data, name: handle.name).plaintext, to: output, permissions: 0o600)
            return
        }
        do {
            try AtomicFile.write(to: output, permissions: 0o600) { (descriptor) throws(CryptoError) in
                _ = try EnvironmentsBin.decryptAge(prefix: prefix, rest: handle.descriptor, to: descriptor, identities: secrets.values.identities(for:))
            }
        } catch let error as CryptoError {
            // A write that failed is about the output (a full disk is 73, as for every write);
            // anything else is about the input.
            throw error.about(error.kind == .outputFailed ? output : error.file ?? handle.name)
        }
    }

    /// Refuses an output that is the input itself or holds another encrypted file: replacing it
    /// with plaintext would lose the ciphertext and leave the secret in the clear.
    private func refuseOverwritingEncrypted(_ output: String) throws {
        var existing = stat()
        var source = stat()
        guard stat(output, &existing) == 0 else { return }
        if stat(input, &source) == 0, existing.st_dev == source.st_dev, existing.st_ino == source.st_ino {
            throw EnvironmentError(
                .writeFailed, file: output, message: "refusing to write the plaintext over the encrypted input \(input); choose another output, or pass --force"
            )
        }
        let descriptor = open(output, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        var head = [UInt8](repeating: 0, count: 64)
        let count = read(descriptor, &head, head.count)
        let start = Data(head.prefix(max(0, count)))
        let kind: String
        if EnvironmentsBin.isEnvironmentsBin(start) {
            kind = "an environments.bin"
        } else if AgeFile.isAgeFile(start) || start.starts(with: Data("age-encryption.org/".utf8)) {
            kind = "an age-encrypted file"
        } else if count >= 2, RNCryptorFile.isRNCryptorFile(start) {
            kind = "an RNCryptor file"
        } else {
            return
        }
        throw EnvironmentError(
            .writeFailed, file: output, message: "refusing to write the plaintext over \(kind); choose another output, or pass --force to replace it")
    }

    private func runTextconv() throws {
        guard let data = try? InputFile.read(input) else {
            try Console.output("# envtool: cannot read \(input)")
            return
        }
        guard EnvironmentsBin.isEncrypted(data) else {
            try Console.output(data)
            return
        }
        let plaintext: SecretBytes
        do {
            plaintext = try secrets.values.open(input).opened.plaintext
        } catch {
            try Console.output("# envtool: encrypted environments, not shown: \(error)")
            return
        }
        try Console.output(plaintext)
    }
}
