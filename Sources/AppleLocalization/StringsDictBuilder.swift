import CLDRPlurals
import Diagnostics
import PrintfFormat

/// Turns the property list of a `.stringsdict` into entries, checking what Foundation would
/// silently get wrong: a variable without `other`, a `%#@name@` without its dictionary.
struct StringsDictBuilder {
    static let formatKey = "NSStringLocalizedFormatKey"
    static let specTypeKey = "NSStringFormatSpecTypeKey"
    static let valueTypeKey = "NSStringFormatValueTypeKey"
    static let pluralRuleType = "NSStringPluralRuleType"
    static let widthRuleType = "NSStringVariableWidthRuleType"

    let path: String
    var location: (Int) -> SourceLocation
    private(set) var warnings: [Diagnostic] = []
    /// Where each variable's `<key>` is, for diagnostics about the variable.
    private var variableOffsets: [String: Int] = [:]

    init(path: String, location: @escaping (Int) -> SourceLocation) {
        self.path = path
        self.location = location
    }

    mutating func entries(from root: PropertyListNode) throws(AppleLocalizationError) -> ([String: LocalizedFormat], [String]) {
        guard case .dictionary(let members) = root.value else {
            throw error(at: root.offset, "the top level of a .stringsdict must be a <dict> of keys, found \(root.elementName)")
        }
        var entries: [String: LocalizedFormat] = [:]
        var keys: [String] = []
        for member in members {
            guard case .dictionary(let body) = member.value.value else {
                throw error(
                    at: member.value.offset, "the entry \"\(member.key)\" must be a <dict> holding \(Self.formatKey), found \(member.value.elementName)")
            }
            if body.contains(where: { $0.key == Self.widthRuleType }) {
                warn(at: member.keyOffset, "the entry \"\(member.key)\" uses \(Self.widthRuleType), which envtool does not read; it is skipped")
                continue
            }
            entries[member.key] = try entry(member.key, body, keyOffset: member.keyOffset)
            keys.append(member.key)
        }
        return (entries, keys)
    }

    private mutating func entry(_ key: String, _ body: [PropertyListNode.Member], keyOffset: Int) throws(AppleLocalizationError) -> LocalizedFormat {
        guard let formatMember = body.first(where: { $0.key == Self.formatKey }) else {
            throw error(at: keyOffset, "the entry \"\(key)\" lacks \(Self.formatKey); add <key>\(Self.formatKey)</key><string>%#@variable@</string>")
        }
        guard case .string(let format) = formatMember.value.value else {
            throw error(at: formatMember.value.offset, "\(Self.formatKey) of \"\(key)\" must be a <string>, found \(formatMember.value.elementName)")
        }
        var variables: [String: PluralVariable] = [:]
        for member in body where member.key != Self.formatKey {
            guard case .dictionary(let variableBody) = member.value.value else {
                warn(at: member.keyOffset, "\"\(member.key)\" in the entry \"\(key)\" is not a variable <dict>; it is ignored")
                continue
            }
            variables[member.key] = try variable(member.key, of: key, variableBody, keyOffset: member.keyOffset)
        }
        let formatLocation = location(formatMember.value.offset)
        let result = LocalizedFormat(format: format, variables: variables, location: formatLocation)
        // Every reference needs its dictionary, or Foundation prints the raw `%#@name@`.
        var referenced: Set<String> = []
        var pending: [(text: String, offset: Int)] = [(format, formatMember.value.offset)]
        while let (text, offset) = pending.popLast() {
            for (name, source) in FormatString(text).variableReferences {
                guard let variable = variables[name] else {
                    throw error(at: offset, "\(source) in \"\(key)\" has no variable dictionary; add <key>\(name)</key><dict>…</dict> to the entry")
                }
                if referenced.insert(name).inserted {
                    pending.append(contentsOf: variable.forms.map { ($0.value, variableOffsets[name] ?? offset) })
                }
            }
        }
        for name in variables.keys.sorted() where !referenced.contains(name) {
            warn(at: variableOffsets[name] ?? keyOffset, "the variable \"\(name)\" of \"\(key)\" is not used by its format \"\(format)\"")
        }
        return result
    }

    private mutating func variable(_ name: String, of key: String, _ body: [PropertyListNode.Member], keyOffset: Int) throws(AppleLocalizationError)
        -> PluralVariable
    {
        variableOffsets[name] = keyOffset
        var specType: String? = nil
        var valueType: String? = nil
        var forms: [PluralCategory: String] = [:]
        var formLocations: [PluralCategory: SourceLocation] = [:]
        for member in body {
            guard case .string(let text) = member.value.value else {
                throw error(
                    at: member.value.offset, "\"\(member.key)\" of the variable \"\(name)\" in \"\(key)\" must be a <string>, found \(member.value.elementName)"
                )
            }
            switch member.key {
            case Self.specTypeKey: specType = text
            case Self.valueTypeKey: valueType = text
            default:
                if let category = PluralCategory(rawValue: member.key) {
                    forms[category] = text
                    formLocations[category] = location(member.value.offset)
                } else {
                    warn(
                        at: member.keyOffset,
                        "unknown key \"\(member.key)\" in the variable \"\(name)\" of \"\(key)\"; plural forms are zero, one, two, few, many and other")
                }
            }
        }
        guard let specType else {
            throw error(
                at: keyOffset,
                "the variable \"\(name)\" of \"\(key)\" lacks \(Self.specTypeKey); add <key>\(Self.specTypeKey)</key><string>\(Self.pluralRuleType)</string>")
        }
        guard specType == Self.pluralRuleType else {
            throw error(at: keyOffset, "the variable \"\(name)\" of \"\(key)\" has the rule type \"\(specType)\"; only \(Self.pluralRuleType) is supported")
        }
        if let valueType, FormatArgumentType(valueType: valueType) == nil {
            throw error(
                at: keyOffset,
                "\(Self.valueTypeKey) \"\(valueType)\" of the variable \"\(name)\" is not a printf conversion; write d, lld, u or f without the %")
        }
        guard forms[.other] != nil else {
            throw error(
                at: keyOffset,
                "the variable \"\(name)\" of \"\(key)\" lacks the form \"other\", which every language uses; add <key>other</key><string>…</string>")
        }
        return PluralVariable(name: name, valueType: valueType, forms: forms, location: location(keyOffset), formLocations: formLocations)
    }

    private func error(at offset: Int, _ message: String) -> AppleLocalizationError {
        let at = location(offset)
        return AppleLocalizationError(Diagnostic(file: path, line: at.line, column: at.column, message: message))
    }

    private mutating func warn(at offset: Int, _ message: String) {
        let at = location(offset)
        warnings.append(Diagnostic(.warning, file: path, line: at.line, column: at.column, message: message))
    }
}
