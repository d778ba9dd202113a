import Foundation
import Testing
@testable import EnvironmentCrypto

extension AgeSuite {
    @Suite("age v1: the C2SP/CCTV test vectors")
    struct AgeConformanceTests {
        /// ML-KEM hybrid identities, which libsodium cannot provide.
        static func isHybrid(_ identity: String) -> Bool { identity.hasPrefix("AGE-SECRET-KEY-PQ-1") }

        @Test("the test kit is complete", .tags(.ageConformance))
        func vectorCount() {
            #expect(AgeVector.all.count == 143)
        }

        @Test("each vector gives its expected result; ML-KEM hybrid-only vectors give no match", .tags(.ageConformance),
              arguments: AgeVector.all)
        func vector(_ vector: AgeVector) throws {
            let supported = vector.identities.filter { !Self.isHybrid($0) }
            for hybrid in vector.identities where Self.isHybrid(hybrid) {
                // Refused up front with what it is, so a user sees why, instead of a silent no match.
                #expect(throws: AgeError.self) { try AgeIdentity(hybrid) }
                do { _ = try AgeIdentity(hybrid) } catch {
                    #expect(error.kind == .invalidIdentity && error.message.contains("ML-KEM"), "\(error)")
                }
            }
            let onlyHybrid = !vector.identities.isEmpty && supported.isEmpty
            let secret: AgeFile.Secret = vector.passphrases.isEmpty
                ? .identities(try supported.map { try AgeIdentity($0) })
                : .passphrase(try Passphrase(vector.passphrases[0]))
            // Without ML-KEM a hybrid-only vector can only be "no match", unless the header is already
            // invalid without looking inside the hybrid stanza: then the vector's own failure is right too.
            let accepted = onlyHybrid ? [AgeError.Kind.noMatch.rawValue, vector.expect] : [vector.expect]
            let expected = accepted[0]
            do {
                let plaintext = try AgeFile.decrypt(vector.body, with: secret, encoding: vector.armored ? .armored : .binary)
                #expect(expected == "success", "decrypted, but the vector expects \(expected)")
                #expect(sha256Hex(plaintext) == vector.payload)
            } catch {
                #expect(accepted.contains(error.kind.rawValue), "\(error)")
                if onlyHybrid, error.kind == .noMatch, vector.expect != "no match" {
                    // Only the stanza could tell (libsodium has no ML-KEM); the message says so.
                    #expect(error.message.contains("ML-KEM"), "\(error)")
                }
            }
        }
    }

}

extension Tag {
    @Tag static var ageConformance: Self
}
