import CLDRPlurals
import Diagnostics
import JSONParsing
import PrintfFormat

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// The one file that knows JSONParsing's value model: everything else reads ``StringCatalog``.

extension StringCatalog {
    /// Devices Xcode writes in `variations.device`.
    static let knownDevices: Set<String> = ["iphone", "ipad", "ipod", "mac", "applewatch", "appletv", "applevision", "other"]

    /// Variations nest at most this deep (Xcode writes two: device, then plural).
    static let maximumVariationNesting = 8

    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, path: String) throws(AppleLocalizationError) -> StringCatalog {
        var parser = JSONParser(bytes: bytes, recordingOffsetsToDepth: 24)
        let root: JSONValue
        do throws(JSONParser.Failure) {
            root = try parser.parseDocument()
        } catch {
            let (line, column) = SourceLocator.location(of: error.offset, in: bytes)
            throw AppleLocalizationError(Diagnostic(file: path, line: line, column: column, message: error.message))
        }
        var reader = CatalogJSONReader(path: path, bytes: bytes, offsets: parser.offsets)
        return try reader.catalog(root)
    }
}

extension LazyStringCatalog {
    /// The catalog's header and the byte range of every entry, after one validating pass over
    /// `bytes`; `nil` when the catalog is not plainly well formed (the validator is unsure, a
    /// header member is missing or of the wrong type, an entry is not an object), so the caller
    /// parses it whole and reports the problem exactly as always.
    static func index(_ bytes: UnsafeBufferPointer<UInt8>) -> (sourceLanguage: String, entries: [JSONParser.DeferredObject])? {
        // The validator's pass also records where each entry object ends (depth 3: root,
        // "strings", entry), so the second pass steps over entries instead of reading them again.
        guard let entryObjects = JSONValidator.certainlyValidObjects(bytes, atDepth: 3),
            let (root, deferred) = try? JSONParser.parseValidated(bytes, deferringObjectsIn: "strings", knownObjects: entryObjects),
            case .object(let members) = root,
            case .string(let sourceLanguage)? = members["sourceLanguage"],
            // Every entry is deferred: one left in the object is not an object, for the full parse to report.
            case .object(let strings)? = members["strings"], strings.isEmpty
        else { return nil }
        if let version = members["version"], case .string = version {} else if members["version"] != nil { return nil }
        return (sourceLanguage, deferred)
    }

    /// Parses the entry `key` whose JSON object occupies `range` of the catalog `bytes`, with
    /// the errors, warnings and positions a whole parse gives it.
    static func parseEntry(_ key: String, range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>, path: String) throws(AppleLocalizationError) -> CatalogEntry
    {
        let at = "strings." + key
        let parsed: (value: JSONValue, offsets: [String: Int])
        do throws(JSONParser.Failure) {
            // A whole parse records offsets 24 levels deep from the root; the entry sits 2 below it.
            parsed = try JSONParser.parseValue(in: bytes, at: range.lowerBound, path: at, recordingOffsetsToDepth: 22)
        } catch {
            // Validated bytes parse; this is only reached if the file changed under us.
            let (line, column) = SourceLocator.location(of: error.offset, in: bytes)
            throw AppleLocalizationError(Diagnostic(file: path, line: line, column: column, message: error.message))
        }
        var reader = CatalogJSONReader(path: path, bytes: bytes, offsets: parsed.offsets)
        return try reader.entry(key, parsed.value, at)
    }
}

/// Turns the parsed JSON of a catalog into ``StringCatalog``, locating problems by JSON path.
private struct CatalogJSONReader {
    let path: String
    let bytes: UnsafeBufferPointer<UInt8>
    let offsets: [String: Int]
    var locator = SourceLocator()
    var warnings: [Diagnostic] = []

    init(path: String, bytes: UnsafeBufferPointer<UInt8>, offsets: [String: Int]) {
        self.path = path
        self.bytes = bytes
        self.offsets = offsets
    }

    /// Where the value at `jsonPath` starts, or its nearest recorded ancestor.
    mutating func location(_ jsonPath: String) -> SourceLocation {
        var candidate = Substring(jsonPath)
        while offsets[String(candidate)] == nil, let dot = candidate.lastIndex(of: ".") {
            candidate = candidate[..<dot]
        }
        let offset = offsets[String(candidate)] ?? offsets[""] ?? 0
        let (line, column) = locator.location(of: offset, in: bytes)
        return SourceLocation(file: path, line: line, column: column)
    }

    mutating func error(_ jsonPath: String, _ message: String) -> AppleLocalizationError {
        let at = location(jsonPath)
        return AppleLocalizationError(Diagnostic(file: path, line: at.line, column: at.column, path: jsonPath, message: message))
    }

    mutating func warn(_ jsonPath: String, _ message: String) {
        let at = location(jsonPath)
        warnings.append(Diagnostic(.warning, file: path, line: at.line, column: at.column, path: jsonPath, message: message))
    }

    mutating func catalog(_ root: JSONValue) throws(AppleLocalizationError) -> StringCatalog {
        let members = try object(root, "", "the catalog")
        guard let sourceNode = member(members, "sourceLanguage") else {
            throw error("", "the catalog lacks \"sourceLanguage\"; add \"sourceLanguage\": \"en\"")
        }
        let sourceLanguage = try string(sourceNode, "sourceLanguage")
        let version = try member(members, "version").map { node throws(AppleLocalizationError) in try string(node, "version") }
        guard let stringsNode = member(members, "strings") else {
            throw error("", "the catalog lacks \"strings\"; an empty catalog has \"strings\": {}")
        }
        var entries: [String: CatalogEntry] = [:]
        var keys: [String] = []
        for (key, node) in try object(stringsNode, "strings", "\"strings\"") {
            if entries[key] == nil { keys.append(key) }
            entries[key] = try entry(key, node, "strings." + key)
        }
        return StringCatalog(path: path, sourceLanguage: sourceLanguage, version: version, entries: entries, keys: keys, warnings: warnings)
    }

    mutating func entry(_ key: String, _ node: JSONValue, _ at: String) throws(AppleLocalizationError) -> CatalogEntry {
        let members = try object(node, at, "the entry \"\(key)\"")
        var shouldTranslate = true
        if let flag = member(members, "shouldTranslate") {
            guard case .bool(let value) = flag else { throw error(at + ".shouldTranslate", "\"shouldTranslate\" must be true or false") }
            shouldTranslate = value
        }
        let extractionState = try member(members, "extractionState").map { node throws(AppleLocalizationError) in try string(node, at + ".extractionState") }
        let comment = try member(members, "comment").map { node throws(AppleLocalizationError) in try string(node, at + ".comment") }
        var isCommentAutoGenerated = false
        if let flag = member(members, "isCommentAutoGenerated") {
            guard case .bool(let value) = flag else { throw error(at + ".isCommentAutoGenerated", "\"isCommentAutoGenerated\" must be true or false") }
            isCommentAutoGenerated = value
        }
        var localizations: [String: CatalogLocalization] = [:]
        if let node = member(members, "localizations") {
            for (language, value) in try object(node, at + ".localizations", "\"localizations\" of \"\(key)\"") {
                localizations[language] = try localization(key, language, value, at + ".localizations." + language)
            }
        }
        return CatalogEntry(
            key: key, shouldTranslate: shouldTranslate, extractionState: extractionState, comment: comment,
            isCommentAutoGenerated: isCommentAutoGenerated, localizations: localizations, location: location(at))
    }

    private mutating func localization(_ key: String, _ language: String, _ node: JSONValue, _ at: String) throws(AppleLocalizationError) -> CatalogLocalization
    {
        let members = try object(node, at, "the \(language) localization of \"\(key)\"")
        let value = try value(members, at, "the \(language) localization of \"\(key)\"", nesting: 0)
        var substitutions: [String: PluralVariable] = [:]
        if let node = member(members, "substitutions") {
            for (name, body) in try object(node, at + ".substitutions", "\"substitutions\"") {
                substitutions[name] = try substitution(name, body, at + ".substitutions." + name)
            }
        }
        // Every `%#@name@` needs its substitution, or the reader sees the raw reference.
        var used: Set<String> = []
        var pending: [(text: String, path: String)] = value.units.map {
            ($0.unit.value, at + ($0.path.isEmpty ? "" : ".variations." + $0.path) + ".stringUnit.value")
        }
        while let (text, textPath) = pending.popLast() {
            for (name, source) in FormatString(text).variableReferences {
                guard let substitution = substitutions[name] else {
                    throw error(
                        textPath,
                        "\(source) in the \(language) text of \"\(key)\" has no substitution; add \"substitutions\": {\"\(name)\": {…}} to the localization")
                }
                if used.insert(name).inserted {
                    pending.append(contentsOf: substitution.forms.values.map { ($0, at + ".substitutions." + name) })
                }
            }
        }
        for name in substitutions.keys.sorted() where !used.contains(name) {
            warn(at + ".substitutions." + name, "the substitution \"\(name)\" of the \(language) text of \"\(key)\" is not referenced by %#@\(name)@")
        }
        return CatalogLocalization(language: language, value: value, substitutions: substitutions, location: location(at))
    }

    /// A `stringUnit` or `variations` in `members` (a localization, a plural form, a device).
    private mutating func value(_ members: JSONObject, _ at: String, _ what: String, nesting: Int) throws(AppleLocalizationError) -> CatalogValue {
        if let unitNode = member(members, "stringUnit") {
            if member(members, "variations") != nil {
                throw error(at, "\(what) has both \"stringUnit\" and \"variations\"; keep one")
            }
            return .unit(try unit(unitNode, at + ".stringUnit", what))
        }
        guard let variationsNode = member(members, "variations") else {
            throw error(at, "\(what) has neither \"stringUnit\" nor \"variations\"; add \"stringUnit\": {\"state\": \"translated\", \"value\": \"…\"}")
        }
        guard nesting < StringCatalog.maximumVariationNesting else {
            throw error(at, "variations nest deeper than \(StringCatalog.maximumVariationNesting) levels")
        }
        let variationsPath = at + ".variations"
        let variations = try object(variationsNode, variationsPath, "\"variations\"")
        guard variations.count == 1, let (kind, body) = variations.first else {
            throw error(
                variationsPath,
                "\"variations\" must hold exactly one of \"plural\" or \"device\", found \(variations.map { "\"\($0.key)\"" }.joined(separator: ", "))")
        }
        let kindPath = variationsPath + "." + kind
        switch kind {
        case "plural":
            var forms: [PluralCategory: CatalogValue] = [:]
            for (name, formNode) in try object(body, kindPath, "\"plural\"") {
                guard let category = PluralCategory(rawValue: name) else {
                    throw error(kindPath + "." + name, "unknown plural category \"\(name)\"; use zero, one, two, few, many or other")
                }
                let formMembers = try object(formNode, kindPath + "." + name, "the plural form \"\(name)\"")
                forms[category] = try value(formMembers, kindPath + "." + name, "the plural form \"\(name)\" of \(what)", nesting: nesting + 1)
            }
            guard forms[.other] != nil else {
                throw error(kindPath, "the plural variation of \(what) lacks \"other\", which every language uses; add \"other\": {\"stringUnit\": …}")
            }
            return .plural(forms, location: location(kindPath))
        case "device":
            var devices: [String: CatalogValue] = [:]
            for (name, deviceNode) in try object(body, kindPath, "\"device\"") {
                if !StringCatalog.knownDevices.contains(name) {
                    warn(kindPath + "." + name, "unknown device \"\(name)\"; Xcode writes \(StringCatalog.knownDevices.sorted().joined(separator: ", "))")
                }
                let deviceMembers = try object(deviceNode, kindPath + "." + name, "the device variation \"\(name)\"")
                devices[name] = try value(deviceMembers, kindPath + "." + name, "the \"\(name)\" variation of \(what)", nesting: nesting + 1)
            }
            if devices["other"] == nil {
                warn(kindPath, "the device variation of \(what) has no \"other\"; devices it does not name fall back to another language")
            }
            return .device(devices, location: location(kindPath))
        default:
            throw error(kindPath, "unknown variation \"\(kind)\"; String Catalogs vary by \"plural\" or \"device\"")
        }
    }

    private mutating func unit(_ node: JSONValue, _ at: String, _ what: String) throws(AppleLocalizationError) -> CatalogStringUnit {
        let members = try object(node, at, "the stringUnit of \(what)")
        var state = CatalogStringUnit.State.translated
        if let stateNode = member(members, "state") {
            let text = try string(stateNode, at + ".state")
            guard let known = CatalogStringUnit.State(rawValue: text) else {
                throw error(at + ".state", "unknown state \"\(text)\"; use translated, needs_review, new or stale")
            }
            state = known
        }
        guard let valueNode = member(members, "value") else {
            throw error(at, "the stringUnit of \(what) lacks \"value\"")
        }
        return CatalogStringUnit(state: state, value: try string(valueNode, at + ".value"), location: location(at + ".value"))
    }

    private mutating func substitution(_ name: String, _ node: JSONValue, _ at: String) throws(AppleLocalizationError) -> PluralVariable {
        let members = try object(node, at, "the substitution \"\(name)\"")
        var argumentNumber: Int? = nil
        if let argNode = member(members, "argNum") {
            guard case .integer(let number) = argNode, number >= 1, number <= 1_000 else {
                throw error(at + ".argNum", "\"argNum\" of \"\(name)\" must be a whole number from 1, the argument's position")
            }
            argumentNumber = number
        }
        let specifier = try member(members, "formatSpecifier").map { node throws(AppleLocalizationError) in try string(node, at + ".formatSpecifier") }
        guard let variationsNode = member(members, "variations") else {
            throw error(at, "the substitution \"\(name)\" lacks \"variations\": {\"plural\": {…}}")
        }
        let value = try value(JSONObject([("variations", variationsNode)]), at, "the substitution \"\(name)\"", nesting: 0)
        guard case .plural(let forms, _) = value else {
            throw error(at + ".variations", "the substitution \"\(name)\" must vary by \"plural\"")
        }
        // `%arg` stands for the substitution's own argument, printed with its format specifier.
        // Xcode accepts any text as the specifier (Crowdin writes the variable's name there); one
        // that is not a printf conversion is kept as read, and the argument printed as an object.
        let conversion = specifier.flatMap { FormatArgumentType(valueType: $0) == nil ? nil : $0 } ?? "@"
        let argument = "%" + (argumentNumber.map { "\($0)$" } ?? "") + conversion
        var texts: [PluralCategory: String] = [:]
        var textLocations: [PluralCategory: SourceLocation] = [:]
        for (category, form) in forms {
            guard case .unit(let unit) = form else {
                throw error(
                    at + ".variations.plural." + category.rawValue, "the \"\(category.rawValue)\" form of the substitution \"\(name)\" must be a stringUnit")
            }
            texts[category] = unit.value.replacing("%arg", with: argument)
            textLocations[category] = unit.location
        }
        return PluralVariable(
            name: name, argumentNumber: argumentNumber, valueType: specifier, forms: texts,
            location: location(at), formLocations: textLocations)
    }

    // MARK: JSON shapes

    private func member(_ members: JSONObject, _ name: String) -> JSONValue? {
        members[name]
    }

    private mutating func object(_ node: JSONValue, _ at: String, _ what: String) throws(AppleLocalizationError) -> JSONObject {
        guard case .object(let members) = node else { throw error(at, "\(what) must be a JSON object") }
        return members
    }

    private mutating func string(_ node: JSONValue, _ at: String) throws(AppleLocalizationError) -> String {
        guard case .string(let text) = node else { throw error(at, "\"\(at.split(separator: ".").last ?? "")\" must be a string") }
        return text
    }
}
