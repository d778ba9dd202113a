import AppleLocalization
import Foundation
import TranslationFormats

/// `envtool i18n convert`: one input read in one format, then planned in every format (the
/// writers must never trap on what the readers accept). The `po`, `xliff` and `android` targets
/// are this harness with the source format fixed; `convert` takes it from the first byte of the input.
enum ConvertHarness {
    static let registry = TranslationFormatRegistry.standard

    /// The file name each format is read from (the language comes from the path where the format needs one).
    private static func fileName(_ format: any TranslationFileFormat) -> String {
        let fileExtension = format.fileExtensions.first ?? format.name
        // Android's language is its folder's qualifier.
        if format is AndroidFormat { return "values-ru/strings.xml" }
        return format.writesSingleFile ? "ru/messages.\(fileExtension)" : "ru.lproj/Localizable.\(fileExtension)"
    }

    static func po(_ input: UnsafeRawBufferPointer) { convert(Data(input), from: GettextFormat()) }
    static func xliff(_ input: UnsafeRawBufferPointer) { convert(Data(input), from: XLIFFFormat()) }
    static func android(_ input: UnsafeRawBufferPointer) { convert(Data(input), from: AndroidFormat()) }

    /// The first byte picks the source format (`.strings` twice: once as a `.stringsdict`).
    static func any(_ input: UnsafeRawBufferPointer) {
        guard let first = input.first else { return }
        let data = Data(input.dropFirst())
        // The order the seeds in Fuzz/Corpus/convert were made with (their first byte picks it);
        // formats added later come after the `.stringsdict` choice, so old seeds keep theirs.
        let formats = ["i18next", "strings", "xcstrings", "po", "xliff"].compactMap(registry.format(named:))
        let choice = Int(first) % (formats.count + 2)
        if choice == formats.count {
            convert(data, from: AppleStringsFormat(), name: "ru.lproj/Localizable.stringsdict")
        } else if choice == formats.count + 1 {
            convert(data, from: AndroidFormat())
        } else {
            convert(data, from: formats[choice])
        }
    }

    static func convert(_ data: Data, from format: any TranslationFileFormat, name: String? = nil) {
        let path = TemporaryFiles.write(data, as: name ?? fileName(format), in: "convert-in")
        var converter = TranslationConverter(registry: registry)
        guard (try? converter.read(path, format: format, language: "ru")) != nil else { return }
        let destination = TemporaryFiles.directory + "/convert-out"
        for target in registry.formats {
            _ = try? converter.plan(target, to: destination + "/" + target.name, sourceLanguage: .init(option: "en"))
            _ = try? converter.plan(target, to: destination + "/" + fileName(target))
        }
        _ = converter.issues.map(\.description)
    }
}
