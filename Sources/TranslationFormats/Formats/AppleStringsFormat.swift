import AppleLocalization
import Diagnostics
import Platform
import StringsFile

/// Apple `.strings` tables with `.stringsdict` for plurals: `<lang>.lproj/<Table>.strings` and
/// `<lang>.lproj/<Table>.stringsdict` (and `Base.lproj`).
public struct AppleStringsFormat: TranslationFileFormat {
    public init() {}

    public var name: String { "strings" }
    public var summary: String { ".strings + .stringsdict, <lang>.lproj/<Table>.strings" }
    public var fileExtensions: [String] { ["strings", "stringsdict"] }
    public var defaultTableName: String { TranslationTable.defaultName }
    public var writesSingleFile: Bool { false }

    public func discover(in directory: String) -> [TranslationSourceFile] {
        var files: [TranslationSourceFile] = []
        for entry in DirectoryListing.entries(directory) where entry.hasSuffix(".lproj") && DirectoryListing.isDirectory(directory + "/" + entry) {
            let language = DirectoryListing.lprojLanguage(entry)
            let contents = DirectoryListing.entries(directory + "/" + entry)
            // .stringsdict first: its keys win over the same .strings keys, as in lookups.
            for suffix in [".stringsdict", ".strings"] {
                for file in contents where file.hasSuffix(suffix) {
                    files.append(
                        TranslationSourceFile(
                            path: directory + "/" + entry + "/" + file, language: language,
                            table: DirectoryListing.stem(file), format: name))
                }
            }
        }
        return files
    }

    public func languageAndTable(of path: String) -> (language: String?, table: String) {
        let table = DirectoryListing.stem(PathText.lastComponent(path))
        let parent = PathText.lastComponent(PathText.deletingLastComponent(path))
        return (parent.hasSuffix(".lproj") ? DirectoryListing.lprojLanguage(parent) : nil, table)
    }

    public func read(_ file: TranslationSourceFile, issues: inout [ConversionIssue]) throws(AppleLocalizationError) -> [TranslationTable] {
        let language = try requiredLanguage(of: file)
        var strings: StringsFile? = nil
        var dictionary: StringsDictFile? = nil
        if file.path.hasSuffix(".stringsdict") {
            dictionary = try StringsDictFile(contentsOf: file.path)
        } else {
            let bytes = try contents(of: file)
            do { strings = try StringsFile(data: bytes, path: file.path) } catch { throw AppleLocalizationError(error.diagnostic) }
        }
        let entries = AppleFormatsConversion.entries(
            strings: strings, stringsdict: dictionary, language: language,
            positions: file.recordsPositions, issues: &issues)
        return [TranslationTable(name: neutralTableName(file.table), languages: [language: entries])]
    }

    public func write(_ table: TranslationTable, to destination: String, singleFile: Bool, issues: inout [ConversionIssue]) throws(AppleLocalizationError)
        -> [TranslationConverter.Output]
    {
        let orders = AppleFormatsConversion.argumentOrders(table)
        let name = tableName(table.name)
        var outputs: [TranslationConverter.Output] = []
        for language in table.languageOrder {
            let entries = table.languages[language] ?? []
            let folder = (language == "base" ? "Base" : language) + ".lproj/"
            var collected = ConversionIssues(file: destination + "/" + folder + name + ".strings", language: language)
            if let data = AppleFormatsConversion.writeStrings(entries, orders: orders, issues: &collected) {
                outputs.append(TranslationConverter.Output(destination: destination, relativePath: folder + name + ".strings", data: data))
            }
            collected.file = destination + "/" + folder + name + ".stringsdict"
            if let data = AppleFormatsConversion.writeStringsdict(entries, orders: orders, issues: &collected) {
                outputs.append(TranslationConverter.Output(destination: destination, relativePath: folder + name + ".stringsdict", data: data))
            }
            issues += collected.all
        }
        return outputs
    }
}
