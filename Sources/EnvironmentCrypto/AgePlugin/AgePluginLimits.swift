/// Bounds on what one side of an age plugin conversation accepts from the other, which may be
/// a broken or hostile program: a line, a body, and the number of stanzas.
package struct AgePluginLimits: Sendable, Hashable {
    /// The longest line, `-> ` and arguments or one body line, without its line feed. The
    /// longest real one (a post-quantum plugin's stanza argument) is about 1.5 KiB; age headers
    /// allow 8 KiB lines too.
    package var maximumLineLength: Int
    /// The largest decoded body: messages and wrapped keys are far smaller.
    package var maximumBodyLength: Int
    /// The most stanzas read from one stream: one conversation is a few per recipient or
    /// identity.
    package var maximumStanzas: Int

    package init(maximumLineLength: Int = 8 * 1024, maximumBodyLength: Int = 64 * 1024, maximumStanzas: Int = 4096) {
        self.maximumLineLength = maximumLineLength
        self.maximumBodyLength = maximumBodyLength
        self.maximumStanzas = maximumStanzas
    }

    /// The limits envtool's plugin client applies.
    package static let standard = AgePluginLimits()
}
