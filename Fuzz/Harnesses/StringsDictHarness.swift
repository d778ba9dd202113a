import AppleLocalization
import Foundation
import I18Next

/// `.stringsdict`: the property-list reader and the stringsdict model (`StringsDictFile(data:path:)`),
/// then every entry formatted with plural rules of languages with few and many categories.
/// Input: `plist NUL arg NUL …`; the arguments are read as numbers when they are.
enum StringsDictHarness {
    static let rules = ["en", "ru", "ar", "ja"].map { PluralRules(locale: $0, kind: .cardinal) }

    static func run(_ input: UnsafeRawBufferPointer) {
        let parts = FuzzInput.parts(of: input, limit: 6)
        guard let file = try? StringsDictFile(data: Data(parts[0]), path: "fuzz.stringsdict") else { return }
        let arguments = AppleFormatArguments.parse(parts.dropFirst())
        for key in file.keys.prefix(8) {
            guard let format = file[key] else { continue }
            for rule in rules {
                _ = AppleStringFormatter.format(format, rules: rule, arguments: arguments)
                _ = AppleStringFormatter.format(format, rules: rule, arguments: AppleFormatArguments.fixed)
            }
        }
    }
}
