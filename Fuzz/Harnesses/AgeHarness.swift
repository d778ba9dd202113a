import EnvironmentCrypto
import Foundation

/// age v1: header inspection, then decryption (binary and armored, detected and forced) with
/// the identity and passphrase of the age test kit (`Tests/EnvironmentCryptoTests/Fixtures/age-testkit`),
/// so that the kit's files, the seeds, decrypt and mutations reach every check up to the payload.
enum AgeHarness {
    /// The test kit's secrets: they protect only its public test vectors.
    private static let identity = try? AgeIdentity("AGE-SECRET-KEY-1EGTZVFFV20835NWYV6270LXYVK2VKNX2MMDKWYKLMGR48UAWX40Q2P2LM0")
    private static let passphrase = try? Passphrase("password")
    /// scrypt stanzas asking for more work than this (log2 N) are inspected but not derived: age
    /// allows up to 2^20 on purpose, which would only measure scrypt (and pass the memory limit).
    private static let maximumFuzzedWorkFactor = 10

    static func run(_ input: UnsafeRawBufferPointer) {
        let data = Data(input)
        _ = AgeFile.isAgeFile(data)
        _ = try? AgeFile.inspect(data)
        var secrets: [[any FileKeyIdentity]] = []
        if let identity { secrets.append([identity]) }
        if let passphrase, scryptWorkFactor(in: data) <= maximumFuzzedWorkFactor { secrets.append([passphrase]) }
        for secret in secrets {
            for encoding in [AgeFile.Encoding.detect, .binary, .armored] {
                _ = try? AgeFile.decrypt(data, with: secret, encoding: encoding)
            }
        }
    }

    /// The largest work factor of a `-> scrypt SALT N` line in the header (armored headers are
    /// decoded first), 0 when there is none or it does not read as a number (the parser rejects those).
    private static func scryptWorkFactor(in data: Data) -> Int {
        var header = data
        let text = String(decoding: data.prefix(8192), as: UTF8.self)
        if text.contains("-----BEGIN") {
            let body = text.split(whereSeparator: \.isNewline).filter { !$0.hasPrefix("-----") }.joined()
            header = Data(base64Encoded: body.trimmingCharacters(in: .whitespaces), options: .ignoreUnknownCharacters) ?? Data()
        }
        var largest = 0
        for line in String(decoding: header.prefix(8192), as: UTF8.self).split(separator: "\n") where line.hasPrefix("-> scrypt") {
            if let last = line.split(separator: " ").last, let factor = Int(last.trimmingCharacters(in: .whitespacesAndNewlines)) {
                largest = max(largest, factor)
            } else if line.split(separator: " ").count > 3 {
                largest = max(largest, Int.max)  // unreadable after trimming: be safe, skip deriving
            }
        }
        return largest
    }
}
