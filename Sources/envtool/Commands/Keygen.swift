import ArgumentParser
import EnvironmentCrypto
import EnvironmentKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

struct Keygen: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keygen",
        abstract: "Write a new random key file (mode 0600), or with --age or --public an identity and its recipient.",
        discussion: """
            --age writes an age identity file (mode 0600, as `age-keygen` does) and prints its \
            recipient (age1…), which is public: give it to whoever encrypts (`encrypt --recipient`, \
            or a line of the recipients file). Without -o it writes the default identity, \
            \(DefaultIdentity.documented), which every command reads when no identity is given.

            --public writes the identity (private, mode 0600) to the output and its recipient (public) \
            to the output plus .pub, and prints the recipient. Encrypt with --recipient FILE.pub; \
            decrypt with --identity FILE.

            --export-age FILE writes the identities of FILE (an envtool-identity-1 file from \
            --public, or an age identity file) in age's format, so that `age -d -i` opens what \
            `rekey --to age` made of a file encrypted to it; without -o, to the default identity.

            Missing folders above the output are created with mode 0700. An existing file is not \
            replaced without --force.
            """)

    @Option(
        name: .shortAndLong,
        help: ArgumentHelp("The key or identity file to write (--age and --export-age: default \(DefaultIdentity.documented)).", valueName: "path"),
        completion: .file())
    var output: String?

    @Flag(help: "Make a public/private key pair instead of a symmetric key.")
    var `public` = false

    @Flag(help: "Make an age identity (AGE-SECRET-KEY-1…) and print its recipient (age1…).")
    var age = false

    @Option(
        name: .customLong("export-age"),
        help: ArgumentHelp("Write the identity in this file (envtool-identity-1 or age) as an age identity file, for `age -d -i`.", valueName: "identity-file"),
        completion: .file())
    var exportAge: String?

    @Flag(help: "Replace existing files.")
    var force = false

    func validate() throws {
        if [age, `public`, exportAge != nil].filter({ $0 }).count > 1 { throw ValidationError("give one of --age, --public or --export-age") }
        if output == nil && !age && exportAge == nil {
            throw ValidationError("pass -o FILE: only --age and --export-age have a default output (\(DefaultIdentity.documented))")
        }
        if output == "-" { throw ValidationError("-o takes a file; a secret key is not written to standard output") }
    }

    func run() throws {
        try reportingFailures {
            let target = output ?? DefaultIdentity.path
            let outputs = `public` ? [target, target + ".pub"] : [target]
            if !force, let existing = outputs.first(where: { DefaultIdentity.exists($0) }) {
                throw EnvironmentError(
                    .writeFailed, file: existing,
                    message: "the file exists; pass --force to replace it (whatever it encrypts will no longer decrypt with a new key)")
            }
            let identities: [AgeIdentity]?
            if let exportAge {
                let read = try AgeIdentityFile.readIdentities(path: exportAge, namedBy: "--export-age")
                let x25519 = read.compactMap { identity -> AgeIdentity? in
                    if case .x25519(let key)? = identity.secret { return key }
                    return nil
                }
                guard x25519.count == read.count else {
                    let other =
                        read.contains { !$0.opensOtherStanzas }
                        ? "an SSH key, which age reads as it is (age -d -i KEY)" : "an age plugin identity (AGE-PLUGIN-…), which is already in age's format"
                    throw CryptoError(.invalidKeyFile, "--export-age writes X25519 identities, and this file holds \(other)", file: exportAge)
                }
                identities = x25519
            } else if age {
                do throws(AgeError) { identities = [try AgeIdentity.generate()] } catch { throw error.cryptoError }
            } else {
                identities = nil
            }
            if let created = try PrivateFolder.create(above: target) {
                Console.error("created the folder \(created) (mode 0700)")
            }
            if let identities {
                try AtomicFile.write(AgeIdentityFile.text(of: identities), to: target, permissions: 0o600)
                for identity in identities { try Console.output(identity.recipient.encoded) }
                let what = exportAge == nil ? "the age identity" : "the identity of \(exportAge!) in age's format"
                Console.error("wrote \(what) to \(target) (keep it secret); its recipient is printed above")
            } else if `public` {
                let identity = try Identity.generate()
                try AtomicFile.write(identity.identityFileText, to: target, permissions: 0o600)
                try AtomicFile.write(Array((identity.recipient.encoded + "\n").utf8), to: target + ".pub", permissions: 0o644)
                try Console.output(identity.recipient.encoded)
                Console.error("wrote the identity to \(target) (keep it secret) and the recipient to \(target).pub")
            } else {
                let key = try SymmetricKey.generate()
                try AtomicFile.write(key.keyFileText, to: target, permissions: 0o600)
                Console.error("wrote key \(key.fingerprint) to \(target) (keep it secret)")
            }
        }
    }
}
