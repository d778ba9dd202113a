#if Extract
import Diagnostics
import Foundation
import JSONParsing
import KeyExtraction
import SwiftAccessorGenerator
import TranslationFormats

/// One run of the extractor: find the Swift files, extract their keys, compare them with the
/// tables and resources, optionally write the missing ones, and report.
struct ExtractRun {
    let paths: [String]
    let tables: String?
    let locales: String?
    /// Translation files or folders of any registered format whose keys count as Apple keys.
    let translations: [String]
    /// The format of `translations`, when their extensions or contents do not tell.
    let translationFormat: (any TranslationFileFormat)?
    /// The rule that tells the development language (`--source-language`, the document's).
    let sourceLanguage: SourceLanguageRule
    let reportsUnused: Bool
    let writes: Bool
    let json: Bool
    let strict: Bool

    /// The default folder of the tables, as envtool's other commands use it.
    static let defaultTables = "environments"

    /// Runs and returns the exit status.
    func run() -> Int32 {
        // Paths that cannot be read go to stderr in text mode, as `strings lint` reports them;
        // everything else found is the result.
        var unreadable: [Diagnostic] = []
        var errors: [Diagnostic] = []
        var warnings: [Diagnostic] = []
        var status: Int32 = 0

        let tablesDirectory = tables ?? Self.defaultTables
        let localesDirectory = locales ?? tablesDirectory + "/locales"
        for (option, directory) in [("--tables", tables), ("--locales", locales)] {
            if let directory, !Self.isDirectory(directory) {
                unreadable.append(Diagnostic(file: directory, message: "\(option): no such directory; give the folder that holds the files"))
                status = ExtractStatus.unreadableInput
            }
        }

        var translationPaths: [String] = []
        for path in translations {
            if FileManager.default.fileExists(atPath: path) {
                translationPaths.append(path)
            } else {
                unreadable.append(
                    Diagnostic(file: path, message: "--translations: no such file or directory; give a translation file or the folder that holds them"))
                status = ExtractStatus.unreadableInput
            }
        }

        let (files, pathProblems) = SwiftSourceFiles.find(in: paths)
        if !pathProblems.isEmpty { status = ExtractStatus.unreadableInput }
        unreadable += pathProblems
        var usages: [KeyUsage] = []
        var accessorUses: [AccessorUse] = []
        for file in files {
            let result = SwiftKeyExtractor.extract(file: file)
            usages += result.usages
            accessorUses += result.accessorUses
            if !result.invalid.isEmpty, status == 0 { status = ExtractStatus.invalidInput }
            errors += result.invalid
            for diagnostic in result.diagnostics {
                if diagnostic.severity == .error {
                    unreadable.append(diagnostic)
                    status = ExtractStatus.unreadableInput
                } else {
                    warnings.append(diagnostic)
                }
            }
        }

        // Keys used through the generated accessors count as used: they are matched against the
        // accessors the generator makes from the document beside the tables.
        let document = tablesDirectory + "/environments.json"
        if !accessorUses.isEmpty, FileManager.default.fileExists(atPath: document),
            let accessors = try? AccessorGenerator(environmentsPath: document).l10nAccessors()
        {
            usages += AccessorUse.usages(accessorUses, accessors: accessors)
        }
        let apple = AppleKeyInventory(directory: tablesDirectory, sourceLanguage: sourceLanguage)
        if let unknown = apple.unknownSourceLanguage {
            StandardStreams.error(unknown.description)
            return ExtractStatus.usage
        }
        warnings += apple.notices
        let i18next = I18NextKeyInventory(directory: localesDirectory, developmentLanguage: apple.developmentLanguage)
        let translated = TranslationKeyInventory(paths: translationPaths, format: translationFormat, developmentLanguage: apple.developmentLanguage)
        let resourceProblems = apple.problems + i18next.problems + translated.problems
        if !resourceProblems.isEmpty, status == 0 { status = ExtractStatus.invalidInput }
        errors += resourceProblems
        let comparison = KeyComparison(apple: apple, i18next: i18next, translations: translated)
        var missing = comparison.missing(usages)
        let unused = reportsUnused ? comparison.unused(usages) : []

        var added: [(file: String, key: String)] = []
        if writes {
            let (written, remaining, writeDiagnostics, writeStatus) = write(missing, comparison: comparison)
            added = written
            missing = remaining
            for diagnostic in writeDiagnostics {
                if diagnostic.severity == .error { errors.append(diagnostic) } else { warnings.append(diagnostic) }
            }
            if let writeStatus, status == 0 || writeStatus == ExtractStatus.cannotWrite { status = writeStatus }
        }
        warnings += missing.map(comparison.diagnostic)
        warnings += unused.map(KeyComparison.diagnostic(unused:))
        if status == 0, strict, !warnings.isEmpty { status = ExtractStatus.invalidInput }

        let findings = unreadable + errors + warnings
        do throws(StandardStreams.OutputFailure) {
            if json {
                var object = JSONObject()
                object["paths"] = .array(paths.map(JSONValue.string))
                object["files"] = .integer(files.count)
                object["keys"] = .integer(usages.count)
                object["developmentLanguage"] = .string(apple.developmentLanguage)
                object["missing"] = .integer(missing.count)
                object["unused"] = reportsUnused ? .integer(unused.count) : .null
                object["added"] = .array(added.map { ["file": .string($0.file), "key": .string($0.key)] })
                object["findings"] = .array(findings.map(Self.finding))
                try StandardStreams.output(JSONValue.object(object).jsonText(pretty: true))
            } else {
                for problem in unreadable { StandardStreams.error(problem.description) }
                for finding in errors + warnings { try StandardStreams.output(finding.description) }
                for entry in added { try StandardStreams.output("\(entry.file): added \(quotedKey(entry.key))") }
                var summary =
                    "envtool-extract: \(usages.count) key use\(usages.count == 1 ? "" : "s") in \(files.count) file\(files.count == 1 ? "" : "s"); \(missing.count) missing"
                if reportsUnused { summary += ", \(unused.count) unused" }
                if writes { summary += ", \(added.count) added" }
                StandardStreams.error(summary)
            }
        } catch {
            return ExtractStatus.ioError
        }
        return status
    }

    /// Adds the missing keys to their files; returns what was added, what is still missing, the
    /// problems, and the status a failure gives.
    private func write(_ missing: [MissingKey], comparison: KeyComparison)
        -> (added: [(file: String, key: String)], remaining: [MissingKey], diagnostics: [Diagnostic], status: Int32?)
    {
        var byFile: [String: [MissingKey]] = [:]
        var order: [String] = []
        for key in missing {
            let file = comparison.destination(of: key)
            if byFile[file] == nil { order.append(file) }
            byFile[file, default: []].append(key)
        }
        var added: [(file: String, key: String)] = []
        var addedKeys: Set<String> = []
        var diagnostics: [Diagnostic] = []
        var status: Int32? = nil
        for file in order {
            guard let keys = byFile[file], let first = keys.first else { continue }
            let (folder, relativePath) = comparison.confinedDestination(of: first)
            switch first.system {
            case .apple:
                // A table kept as .strings files has no catalog to add to; creating one would
                // change which file the app reads, so the keys are reported instead.
                if comparison.apple.catalogs[first.table] == nil, comparison.apple.tables.contains(first.table) {
                    diagnostics.append(
                        Diagnostic(
                            .warning, file: file,
                            message:
                                "not written: the table \(first.table) has .strings or .stringsdict files and no String Catalog; add the \(keys.count) key\(keys.count == 1 ? "" : "s") to its \(comparison.apple.developmentLanguage) file by hand"
                        ))
                    continue
                }
                do throws(CatalogKeyWriter.Failure) {
                    let keysAdded = try CatalogKeyWriter.add(keys, to: relativePath, under: folder, sourceLanguage: comparison.apple.developmentLanguage)
                    added += keysAdded.map { (file, $0) }
                    addedKeys.formUnion(keysAdded.map { "apple\u{0}\(first.table)\u{0}\($0)" })
                } catch {
                    diagnostics.append(error.diagnostic)
                    status = error.isWriteFailure ? ExtractStatus.cannotWrite : ExtractStatus.invalidInput
                }
            case .i18next:
                do throws(ResourceKeyWriter.Failure) {
                    let result = try ResourceKeyWriter.add(keys, to: relativePath, under: folder)
                    added += result.added.map { (file, $0) }
                    addedKeys.formUnion(result.added.map { "i18next\u{0}\(first.table)\u{0}\($0)" })
                    diagnostics += result.skipped
                } catch {
                    diagnostics.append(error.diagnostic)
                    status = error.isWriteFailure ? ExtractStatus.cannotWrite : ExtractStatus.invalidInput
                }
            }
        }
        let remaining = missing.filter { !addedKeys.contains("\($0.system.rawValue)\u{0}\($0.table)\u{0}\($0.key)") }
        return (added, remaining, diagnostics, status)
    }

    /// A diagnostic as the finding object every envtool command prints (docs/cli-json.md).
    static func finding(_ diagnostic: Diagnostic) -> JSONValue {
        var object = JSONObject()
        object["severity"] = .string(diagnostic.severity.rawValue)
        object["file"] = diagnostic.file.map(JSONValue.string) ?? .null
        object["line"] = diagnostic.line.map(JSONValue.integer) ?? .null
        object["column"] = diagnostic.column.map(JSONValue.integer) ?? .null
        object["path"] = diagnostic.path.map(JSONValue.string) ?? .null
        object["message"] = .string(diagnostic.message)
        return .object(object)
    }

    private static func isDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
#endif
