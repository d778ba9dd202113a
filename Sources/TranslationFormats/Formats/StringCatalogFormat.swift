import AppleLocalization
import JSONParsing
import Platform

/// String Catalogs, `<Table>.xcstrings`: every language of a table in one file.
public struct StringCatalogFormat: TranslationFileFormat {
    public init() {}

    public var name: String { "xcstrings" }
    public var holdsStates: Bool { true }
    public var holdsDoNotTranslate: Bool { true }
    public var recordsSourceLanguage: Bool { true }
    public var keyIsSourceText: Bool { true }
    public var holdsAllLanguagesInOneFile: Bool { true }
    public var summary: String { "String Catalogs, <Table>.xcstrings" }
    public var fileExtensions: [String] { ["xcstrings"] }
    public var defaultTableName: String { TranslationTable.defaultName }
    /// A catalog's table may be completed by `.strings` tables of the same name, as lookups do.
    public var companionFormats: [String] { ["strings"] }

    public func discover(in directory: String) -> [TranslationSourceFile] {
        DirectoryListing.entries(directory).filter { $0.hasSuffix(".xcstrings") }.map {
            TranslationSourceFile(path: directory + "/" + $0, language: nil, table: DirectoryListing.stem($0), format: name)
        }
    }

    public func languageAndTable(of path: String) -> (language: String?, table: String) {
        (nil, DirectoryListing.stem(PathText.lastComponent(path)))
    }

    public func read(_ file: TranslationSourceFile, issues: inout [ConversionIssue]) throws(AppleLocalizationError) -> [TranslationTable] {
        let data = try contents(of: file)
        var table = AppleFormatsConversion.table(catalog: try StringCatalog(data: data, path: file.path), issues: &issues)
        // The whole catalog beside the model, for what the model has no field for; the catalog
        // parsed above, so this parse of the same bytes cannot fail.
        guard file.keepsOriginal else { return [table] }
        let read = data.withUnsafeBytes { raw -> (document: JSONValue, layout: JSONLayout)? in
            let bytes = raw.bindMemory(to: UInt8.self)
            var parser = JSONParser(bytes: bytes)
            guard let document = try? parser.parseDocument() else { return nil }
            return (document, JSONLayout(of: bytes, otherwise: .xcode))
        }
        if let read {
            table.original = OriginalDocument(format: name, document: read.document, layout: read.layout, text: Array(data), entries: table.languages)
        }
        return [table]
    }

    public func write(_ table: TranslationTable, to destination: String, singleFile: Bool, issues: inout [ConversionIssue]) throws(AppleLocalizationError)
        -> [TranslationConverter.Output]
    {
        let relative = singleFile ? nil : tableName(table.name) + ".xcstrings"
        let path = relative.map { destination + "/" + $0 } ?? destination
        let data = StringCatalogConversion.write(table, sourceLanguage: table.sourceLanguage ?? "en", issues: &issues, path: path)
        return [TranslationConverter.Output(destination: destination, relativePath: relative, data: data)]
    }
}
