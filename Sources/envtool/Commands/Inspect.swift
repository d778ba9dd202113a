import ArgumentParser
import EnvironmentCrypto
import EnvironmentKit
import Platform

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

struct Inspect: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Print the header facts of an environments.bin (v1, age, RNCryptor or sops); needs no secret and shows none.",
        discussion: """
            With --format json, one document on stdout: {"file", "format": "v1" | "age" | "rncryptor" | "sops", "keyMode": "key file" | "passphrase" | "recipients", "armored": bool, "recipients": n or null, "stanzas": [types] or null, "fingerprint": hex or null, "kdf": text or null, "headerBytes": n or null, "encryptedBytes": n or null}.
            """)

    @Argument(help: "The environments.bin ('-' reads standard input).", completion: .file())
    var input: String

    @OptionGroup var output: FormatOptions

    func run() throws {
        try reportingFailures {
            let (name, header) = try InputFile.readHeader(input)
            let facts = header.facts
            if output.isJSON {
                try Console.output(json: Self.json(facts, file: name))
            } else {
                for line in facts.lines { try Console.output(line) }
            }
        }
    }

    /// The facts as one JSON object (docs/cli-json.md).
    private static func json(_ facts: EnvironmentsBin.Header.Facts, file: String) -> JSONValue {
        var object = JSONObject()
        object["file"] = .string(file)
        object["format"] = .string(facts.format.rawValue)
        object["keyMode"] = .string(facts.keyMode)
        object["armored"] = .bool(facts.armored)
        object["recipients"] = facts.recipients.map(JSONValue.integer) ?? .null
        object["stanzas"] = facts.stanzas.map { .array($0.map(JSONValue.string)) } ?? .null
        object["fingerprint"] = facts.fingerprint.map(JSONValue.string) ?? .null
        object["kdf"] = facts.kdf.map(JSONValue.string) ?? .null
        object["headerBytes"] = facts.headerBytes.map(JSONValue.integer) ?? .null
        object["encryptedBytes"] = facts.encryptedBytes.map(JSONValue.integer) ?? .null
        return .object(object)
    }
}
