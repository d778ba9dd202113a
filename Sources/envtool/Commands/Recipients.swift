import ArgumentParser
import EnvironmentCrypto
import EnvironmentKit
import Platform

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

struct Recipients: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "recipients",
        abstract: "Show whom an encrypted environments.bin is encrypted to.",
        subcommands: [List.self])

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List the recipients of an environments.bin; needs no secret.",
            discussion: """
                An age header does not name its recipients, so envtool keeps them beside the file in FILE.recipients (age's recipients-file format, written by encrypt and rekey) and checks the list against the header: as many X25519 recipients as X25519 stanzas, as many SSH keys (ssh-ed25519 AAAA…, ssh-rsa AAAA…) as ssh-ed25519 and ssh-rsa stanzas, and age plugin recipients (age1NAME1…) where the file has a plugin's stanzas. A v1 file shows its one recipient's fingerprint. Change the recipients with `envtool rekey --add-recipient / --remove-recipient`.

                With --format json, one document on stdout: {"file", "format": "v1" | "age" | "sops", "keyMode", "recipients": ["age1…"] (for v1: [] and the fingerprint), "fingerprint": hex or null, "stanzas": n or null}.
                """)

        @Argument(help: "The environments.bin.", completion: .file())
        var input: String

        @OptionGroup var output: FormatOptions

        func run() throws {
            try reportingFailures {
                let (name, header) = try InputFile.readHeader(input)
                let recipients: [any FileKeyRecipient]
                do throws(CryptoError) {
                    recipients = try header.recipients(listed: RecipientsSidecar.listed(beside: input))
                } catch {
                    throw error.about(error.file ?? name)
                }
                let facts = header.facts
                // A v1 file names its one recipient by fingerprint; an age file lists them.
                let fingerprint = facts.format == .v1 ? facts.fingerprint : nil
                if output.isJSON {
                    var object = JSONObject()
                    object["file"] = .string(name)
                    object["format"] = .string(facts.format.rawValue)
                    object["keyMode"] = .string("recipients")
                    object["recipients"] = .array(recipients.map { .string($0.displayName) })
                    object["fingerprint"] = fingerprint.map(JSONValue.string) ?? .null
                    object["stanzas"] = facts.format == .age || facts.format == .sops ? facts.recipients.map(JSONValue.integer) ?? .null : .null
                    try Console.output(json: .object(object))
                } else if let fingerprint {
                    try Console.output("recipient fingerprint: \(fingerprint) (v1 format: one envtool recipient)")
                } else {
                    for recipient in recipients { try Console.output(recipient.displayName) }
                }
            }
        }
    }
}
