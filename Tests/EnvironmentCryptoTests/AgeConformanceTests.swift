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

        @Test(
            "each vector gives its expected result; ML-KEM hybrid-only vectors give no match", .tags(.ageConformance),
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
            let secret: [any FileKeyIdentity] =
                vector.passphrases.isEmpty
                ? try supported.map { try AgeIdentity($0) }
                : [try Passphrase(vector.passphrases[0])]
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

        /// The bytes inside the armor of an armored vector (nil when the armor is invalid).
        static func dearmored(_ vector: AgeVector) -> Data? {
            guard vector.armored else { return vector.body }
            var armor = AgeArmorReader(AgeReader(BytesSource(vector.body)))
            var sink = DataSink()
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 4096, alignment: 1)
            defer { buffer.deallocate() }
            do {
                while true {
                    let count = try armor.read(into: buffer)
                    if count == 0 { return sink.data }
                    try sink.write(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
                }
            } catch {
                return nil
            }
        }

        @Test(
            "armor round-trips: decoding then encoding gives the vector back, up to CR LF and surrounding white space",
            arguments: AgeVector.all.filter { $0.armored && $0.expect != "armor failure" })
        func armorRoundTrip(_ vector: AgeVector) throws {
            let inner = try #require(Self.dearmored(vector))
            var armor = try AgeArmorWriter(DataSink())
            try armor.write(Array(inner))
            try armor.finish()
            func normalized(_ data: Data) -> String {
                String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
            }
            #expect(normalized(armor.base.data) == normalized(vector.body))
        }

        @Test(
            "headers round-trip: every vector that is not a header failure re-encodes to its own bytes",
            arguments: AgeVector.all.filter { !["header failure", "armor failure"].contains($0.expect) })
        func headerRoundTrip(_ vector: AgeVector) throws {
            let bytes = try #require(Self.dearmored(vector))
            let header = try AgeHeader.read(from: AgeReader(BytesSource(bytes)))
            let encoded = Array("age-encryption.org/v1\n".utf8) + header.stanzas.flatMap(\.encoded) + Array("---".utf8)
            #expect(encoded == header.authenticatedBytes)
            let macLine = Array(" ".utf8) + AgeBase64.encode(header.mac, padded: false) + [0x0A]
            #expect(Array(bytes[header.authenticatedBytes.count..<header.authenticatedBytes.count + macLine.count]) == macLine)
        }

        @Test(
            "STREAM round-trips: re-encrypting a success vector's plaintext with its file key and nonce gives its payload",
            arguments: AgeVector.all.filter { $0.expect == "success" })
        func streamRoundTrip(_ vector: AgeVector) throws {
            let bytes = try #require(Self.dearmored(vector))
            let reader = AgeReader(BytesSource(bytes))
            let header = try AgeHeader.read(from: reader)
            let fileKey = SecretBytes(copying: vector.fileKey)
            try header.verify(fileKey: fileKey)
            let payloadStart = header.authenticatedBytes.count + 1 + 43 + 1
            let payload = Data(bytes[(bytes.startIndex + payloadStart)...])
            var plain = DataSink()
            try AgePayload.decrypt(from: AgeReader(BytesSource(payload)), fileKey: fileKey, to: &plain)
            #expect(sha256Hex(SecretBytes(copying: plain.data)) == vector.payload)
            var sealed = DataSink()
            try AgePayload.encrypt(from: AgeReader(BytesSource(plain.data)), fileKey: fileKey, to: &sealed, fixedNonce: Array(payload.prefix(16)))
            #expect(sealed.data == payload)
        }
    }
}

extension Tag {
    @Tag static var ageConformance: Self
}
