import EnvironmentCrypto
import Foundation

/// The age plugin protocol's stanza codec (c2sp.org/age-plugin), as a plugin's output reaches
/// envtool's client and a client's output reaches a plugin: every stanza read is written again
/// and must read back the same, and reading stops within the limits (small ones here, so that
/// the fuzzer reaches them).
enum AgePluginHarness {
    private static let limits = AgePluginLimits(maximumLineLength: 512, maximumBodyLength: 1024, maximumStanzas: 64)

    static func run(_ input: UnsafeRawBufferPointer) {
        let reader = AgePluginStanzaReader(BytesSource(Data(input)), limits: limits)
        var count = 0
        while true {
            let stanza: AgePluginStanza?
            do { stanza = try reader.next() } catch { return }
            guard let stanza else { return }
            count += 1
            precondition(count <= limits.maximumStanzas, "more stanzas than the limit were read")
            precondition(stanza.body.count <= limits.maximumBodyLength, "a body over the limit was read")
            guard let encoded = try? stanza.encoded() else {
                preconditionFailure("a stanza that was read cannot be written: \(stanza)")
            }
            let again = try? AgePluginStanzaReader(SecretBytesSource(encoded), limits: limits).next()
            guard let again else { preconditionFailure("a written stanza does not read back: \(stanza)") }
            precondition(again.arguments == stanza.arguments && again.body.isEqual(to: stanza.body), "a stanza changed in a round trip: \(stanza)")
        }
    }
}
