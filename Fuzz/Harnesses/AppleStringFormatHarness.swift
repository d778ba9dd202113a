import AppleLocalization

/// The Apple printf formatter (`AppleStringFormatter.format`) as `.strings`, `.stringsdict` and
/// catalogs use it: `template NUL arg NUL …`, with arguments read as numbers when they are.
enum AppleStringFormatHarness {
    static func run(_ input: UnsafeRawBufferPointer) {
        let parts = FuzzInput.parts(of: input, limit: 9)
        let template = String(decoding: parts[0], as: UTF8.self)
        _ = AppleStringFormatter.format(template, arguments: AppleFormatArguments.parse(parts.dropFirst()))
        _ = AppleStringFormatter.format(template, arguments: parts.dropFirst().map { String(decoding: $0, as: UTF8.self) })
        _ = AppleStringFormatter.format(template, arguments: AppleFormatArguments.fixed)
    }
}
