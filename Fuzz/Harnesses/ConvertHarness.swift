import AppleLocalization
import Foundation

/// `envtool i18n convert`: one input read in one format, then planned in every format (the
/// writers must never trap on what the readers accept). The `po` and `xliff` targets are this
/// harness with the source format fixed; `convert` takes it from the first byte of the input.
enum ConvertHarness {
    /// The file name each format is read from (the language comes from the path where the format needs one).
    private static func fileName(_ format: TranslationFormat) -> String {
        switch format {
        case .i18next: "ru/translation.json"
        case .strings: "ru.lproj/Localizable.strings"
        case .xcstrings: "Localizable.xcstrings"
        case .po: "ru/messages.po"
        case .xliff: "ru.xliff"
        }
    }

    static func po(_ input: UnsafeRawBufferPointer) { convert(Data(input), from: .po) }
    static func xliff(_ input: UnsafeRawBufferPointer) { convert(Data(input), from: .xliff) }

    /// The first byte picks the source format (`.strings` twice: once as a `.stringsdict`).
    static func any(_ input: UnsafeRawBufferPointer) {
        guard let first = input.first else { return }
        let data = Data(input.dropFirst())
        let formats = TranslationFormat.allCases
        let choice = Int(first) % (formats.count + 1)
        if choice == formats.count {
            convert(data, from: .strings, name: "ru.lproj/Localizable.stringsdict")
        } else {
            convert(data, from: formats[choice])
        }
    }

    static func convert(_ data: Data, from format: TranslationFormat, name: String? = nil) {
        let path = TemporaryFiles.write(data, as: name ?? fileName(format), in: "convert-in")
        var converter = TranslationConverter()
        guard (try? converter.read(path, format: format, language: "ru")) != nil else { return }
        let destination = TemporaryFiles.directory + "/convert-out"
        for target in TranslationFormat.allCases {
            _ = try? converter.plan(target, to: destination + "/" + target.rawValue, sourceLanguage: "en")
            _ = try? converter.plan(target, to: destination + "/" + fileName(target))
        }
        _ = converter.issues.map(\.description)
    }
}
