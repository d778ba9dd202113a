import PrintfFormat

/// The one Apple printf formatter (`FormatString.format`) as i18next strings and default values
/// reach it, together with its signature: the first NUL-separated part is the template, the others are
/// arguments, each passed as text and, when it reads as one, also as an `Int` and a `Double`
/// (the formatter treats values and text differently).
enum StringFormatHarness {
    static func run(_ input: UnsafeRawBufferPointer) {
        let parts = FuzzInput.parts(of: input, limit: 9).map { String(decoding: $0, as: UTF8.self) }
        let template = parts[0]
        var arguments: [any CustomStringConvertible & Sendable] = []
        for text in parts.dropFirst() {
            if let integer = Int(text) {
                arguments.append(integer)
            } else if let double = Double(text) {
                arguments.append(double)
            } else {
                arguments.append(text)
            }
        }
        let format = FormatString(template)
        _ = format.format(arguments)
        _ = format.format(Array(parts.dropFirst()))
        _ = format.signature()
        _ = format.pluralSelector
    }
}
