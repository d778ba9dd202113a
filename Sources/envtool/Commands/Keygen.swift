import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import EnvironmentCrypto
import EnvironmentKit

struct Keygen: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keygen",
        abstract: "Write a new random key file (mode 0600), or with --age or --public an identity and its recipient.",
        discussion: """
            --age writes an age identity file (mode 0600, as `age-keygen` does) and prints its
            recipient (age1…), which is public: give it to whoever encrypts (`encrypt --recipient`,
            or a line of the recipients file). Decrypt with --identity FILE.
            --public writes the identity (private, mode 0600) to the output and its recipient (public)
            to the output plus .pub, and prints the recipient. Encrypt with --recipient FILE.pub;
            decrypt with --identity FILE. An existing file is not replaced without --force.
            """)

    @Option(name: .shortAndLong, help: ArgumentHelp("The key or identity file to write.", valueName: "path"))
    var output: String

    @Flag(help: "Make a public/private key pair instead of a symmetric key.")
    var `public` = false

    @Flag(help: "Make an age identity (AGE-SECRET-KEY-1…) and print its recipient (age1…).")
    var age = false

    @Flag(help: "Replace existing files.")
    var force = false

    func validate() throws {
        if age && `public` { throw ValidationError("give --age or --public, not both") }
    }

    func run() throws {
        try reportingFailures {
            let outputs = `public` ? [output, output + ".pub"] : [output]
            if !force, let existing = outputs.first(where: { FileManager.default.fileExists(atPath: $0) }) {
                throw EnvironmentError(.writeFailed, file: existing, message: "the file exists; pass --force to replace it (whatever it encrypts will no longer decrypt with a new key)")
            }
            if age {
                let generated: (identity: AgeIdentity, text: SecretBytes)
                do throws(AgeError) { generated = try AgeIdentityFile.generate() } catch { throw error.cryptoError }
                try AtomicFile.write(generated.text, to: output, permissions: 0o600)
                try Console.output(generated.identity.recipient.encoded)
                Console.error("wrote the age identity to \(output) (keep it secret); its recipient is printed above")
            } else if `public` {
                let identity = try Identity.generate()
                try AtomicFile.write(identity.identityFileText, to: output, permissions: 0o600)
                try AtomicFile.write(Array((identity.recipient.encoded + "\n").utf8), to: output + ".pub", permissions: 0o644)
                try Console.output(identity.recipient.encoded)
                Console.error("wrote the identity to \(output) (keep it secret) and the recipient to \(output).pub")
            } else {
                let key = try SymmetricKey.generate()
                try AtomicFile.write(key.keyFileText, to: output, permissions: 0o600)
                Console.error("wrote key \(key.fingerprint) to \(output) (keep it secret)")
            }
        }
    }
}
