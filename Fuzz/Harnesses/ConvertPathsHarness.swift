import Foundation
import TranslationFormats

/// `envtool i18n convert` on a sender's files: the language and table names come from the
/// input (a `.po` header's `Language:`, XLIFF's `target-language` and `original`, a catalog's
/// localizations, the file's own name), and whatever they say, no file planned by any writer
/// leaves the destination. An escaping path traps, so the fuzzer reports it.
///
/// Input: a byte picking the format, the file's name (one path component), NUL, its content.
enum ConvertPathsHarness {
    /// The order the seeds in Fuzz/Corpus/convert-paths were made with (their first byte picks it).
    static let formats = ["i18next", "strings", "xcstrings", "po", "xliff", "android"].compactMap(ConvertHarness.registry.format(named:))

    static func run(_ input: UnsafeRawBufferPointer) {
        guard let first = input.first else { return }
        let rest = input.dropFirst()
        let end = rest.firstIndex(of: 0) ?? rest.endIndex
        // Any one component: the harness writes below its own folder, never through a sender's `/` or `..`.
        let name = String(decoding: rest[rest.startIndex..<end], as: UTF8.self)
        guard !name.isEmpty, name != ".", name != "..", !name.contains("/"), name.utf8.count < 200 else { return }
        let content = end < rest.endIndex ? Data(rest[(end + 1)...]) : Data()
        let format = formats[Int(first) % formats.count]
        let fileName: String
        switch format.name {
        case "i18next": fileName = "\(name)/translation.json"
        case "strings": fileName = "\(name).lproj/Localizable.strings"
        // The name is the folder (`values-pt-rBR`, `values-b+..`), the language its qualifier.
        case "android": fileName = "\(name)/strings.xml"
        default: fileName = "\(name).\(format.fileExtensions.first ?? format.name)"
        }
        _ = TemporaryFiles.write(content, as: fileName, in: "convert-paths-in")
        var converter = TranslationConverter(registry: ConvertHarness.registry)
        // The folder, as a sender's files arrive, and no language given: every name is the input's.
        guard (try? converter.read(TemporaryFiles.directory + "/convert-paths-in", format: format)) != nil else { return }
        let destination = TemporaryFiles.directory + "/convert-paths-out"
        var issues: [ConversionIssue] = []
        for table in converter.tables {
            var table = table
            table.sourceLanguage = table.sourceLanguage ?? table.languageOrder.first ?? "en"
            for target in ConvertHarness.registry.formats {
                // Each writer on its own, without the converter's last check, which would hide a writer's escape.
                guard let outputs = try? target.write(table, to: destination, singleFile: false, issues: &issues) else { continue }
                for output in outputs { checkConfined(output, in: destination, by: target.name) }
            }
        }
    }

    /// Traps unless `output` is `destination` itself or a path below it made of plain components.
    static func checkConfined(_ output: TranslationConverter.Output, in destination: String, by writer: String) {
        guard let relative = output.relativePath else {
            if output.path != destination { fatalError("\(writer) planned \(output.path) outside \(destination)") }
            return
        }
        let parts = relative.split(separator: "/", omittingEmptySubsequences: false)
        if parts.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." || $0.utf8.contains(0) }) || output.path != destination + "/" + relative {
            fatalError("\(writer) planned \(relative.debugDescription), which leaves \(destination)")
        }
    }
}
