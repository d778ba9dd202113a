import ArgumentParser
import EnvironmentCrypto
import EnvironmentKit
import Foundation

struct Inspect: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the header facts of an environments.bin; needs no secret and shows none.")

    @Argument(help: "The environments.bin.")
    var input: String

    func run() throws {
        try reportingFailures {
            let data = try InputFile.read(input)
            let header: EnvironmentsBin.Header
            do throws(CryptoError) {
                header = try EnvironmentsBin.Header(parsing: data)
            } catch {
                throw error.about(input)
            }
            try Console.output("format: environments.bin version \(header.version)")
            try Console.output("cipher: XChaCha20-Poly1305 (libsodium), header authenticated")
            try Console.output("key mode: \(header.mode)")
            if let fingerprint = header.fingerprint {
                try Console.output("\(header.mode == .recipient ? "recipient" : "key") fingerprint: \(fingerprint.map { String(format: "%02x", $0) }.joined())")
            }
            if let kdf = header.kdf {
                try Console.output("kdf: \(kdf)")
            }
            try Console.output("header: \(header.length) bytes")
            try Console.output("encrypted document: \(header.plaintextLength) bytes")
        }
    }
}
