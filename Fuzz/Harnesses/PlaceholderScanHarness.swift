import TranslationFormats

/// The placeholder scanner on any text: i18next's `{{…}}` and `$t(…)` as the converters and the
/// checks read them (`convert`, `status`, `lint`, `pseudo`). Besides not trapping, the converters' scan
/// must stay linear: the bytes it examines are counted, and more than three per byte of text
/// traps (issue #33: 40,000 `{{x}}` took 15 s).
enum PlaceholderScanHarness {
    static func run(_ input: UnsafeRawBufferPointer) {
        let text = String(decoding: input, as: UTF8.self)
        var steps = 0
        let message = PlaceholderSyntax.parseI18Next(text, steps: &steps)
        guard steps <= 3 * text.utf8.count + 16 else {
            fatalError("parseI18Next examined \(steps) bytes of a \(text.utf8.count)-byte text")
        }
        _ = message.placeholders
    }
}
