import ArgumentParser
import EnvironmentCrypto
import EnvironmentKit
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Platform

struct Inspect: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Print the header facts of an environments.bin (v1 or age); needs no secret and shows none.",
        discussion: """
            With --format json, one document on stdout: {"file", "format": "v1" | "age", "keyMode": "key file" | "passphrase" | "recipients", "armored": bool, "recipients": n or null, "stanzas": [types] or null, "fingerprint": hex or null, "kdf": text or null, "headerBytes": n or null, "encryptedBytes": n or null}.
            """)

    @Argument(help: "The environments.bin ('-' reads standard input).")
    var input: String

    @OptionGroup var output: FormatOptions

    func run() throws {
        try reportingFailures {
            let (name, header) = try InputFile.readHeader(input)
            let facts = Facts(file: name, header: header)
            if output.isJSON {
                try Console.output(json: facts.json)
            } else {
                for line in facts.lines { try Console.output(line) }
            }
        }
    }

    /// What a header says, as text lines or one JSON object.
    private struct Facts {
        let file: String
        let header: EnvironmentsBin.Header

        var keyMode: String {
            switch header.mode {
            case .key: return "key file"
            case .passphrase: return "passphrase"
            case .recipient: return "recipients"
            }
        }

        var fingerprint: String? { header.fingerprint.map { hexString($0) } }

        var lines: [String] {
            if let summary = header.age {
                var lines = ["format: age v1 (age-encryption.org/v1)\(summary.isArmored ? ", ASCII-armored" : "")",
                             "cipher: ChaCha20-Poly1305 in 64 KiB chunks (STREAM), header authenticated with HMAC-SHA256"]
                if summary.isPassphraseProtected {
                    lines.append("key mode: passphrase (scrypt)")
                } else {
                    lines.append("key mode: \(Describe.count(summary.x25519RecipientCount, "X25519 recipient"))")
                }
                let others = summary.stanzaTypes.filter { $0 != "X25519" && $0 != "scrypt" }
                if !others.isEmpty { lines.append("other stanzas (skipped): \(others.joined(separator: ", "))") }
                return lines
            }
            var lines = ["format: environments.bin version \(header.version)",
                         "cipher: XChaCha20-Poly1305 (libsodium), header authenticated",
                         "key mode: \(header.mode)"]
            if let fingerprint { lines.append("\(header.mode == .recipient ? "recipient" : "key") fingerprint: \(fingerprint)") }
            if let kdf = header.kdf { lines.append("kdf: \(kdf)") }
            lines.append("header: \(header.length) bytes")
            lines.append("encrypted document: \(header.plaintextLength) bytes")
            return lines
        }

        var json: JSONValue {
            let summary = header.age
            var object = JSONObject()
            object["file"] = .string(file)
            object["format"] = .string(summary == nil ? "v1" : "age")
            object["keyMode"] = .string(keyMode)
            object["armored"] = .bool(summary?.isArmored ?? false)
            object["recipients"] = summary.map { $0.isPassphraseProtected ? .null : .integer($0.x25519RecipientCount) }
                ?? (header.mode == .recipient ? .integer(1) : .null)
            object["stanzas"] = summary.map { .array($0.stanzaTypes.map(JSONValue.string)) } ?? .null
            object["fingerprint"] = fingerprint.map(JSONValue.string) ?? .null
            object["kdf"] = header.kdf.map { .string("\($0)") } ?? .null
            object["headerBytes"] = summary == nil ? .integer(header.length) : .null
            object["encryptedBytes"] = summary == nil ? .integer(header.plaintextLength) : .null
            return .object(object)
        }
    }
}
