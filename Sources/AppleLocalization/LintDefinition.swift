import CLDRPlurals
import PrintfFormat

/// One definition of a key for one language in one file, as the linter compares them.
struct LintDefinition {
    /// What the file holds for the key.
    ///
    /// The larger payloads are boxed, so that a table's many plain texts, a million of them in
    /// a large `.strings`, do not each take the room of a catalog localization.
    enum Content {
        case text(String)
        indirect case stringsdict(LocalizedFormat)
        indirect case catalog(CatalogLocalization)
    }

    /// The lowercased language, or `base`.
    let language: String
    let format: AppleStringsLookup.Format
    let content: Content
    let location: SourceLocation

    /// The formats a reader may see (every catalog variation), for comparing arguments;
    /// `formatStrings` are this definition's ``formatStrings``, split once by the caller.
    func signature(of formatStrings: [FormatString]) -> FormatSignature {
        switch content {
        case .text:
            return formatStrings.first?.signature() ?? FormatSignature()
        case .stringsdict(let format):
            return format.signature
        case .catalog(let localization):
            var signature = FormatSignature()
            for (_, unit) in localization.value.units {
                signature.merge(unit.string.signature(variables: localization.substitutions))
            }
            return signature
        }
    }

    /// Every format a reader may see: the text, each variation, each variable's forms.
    var formatStrings: [FormatString] {
        switch content {
        case .text(let text):
            return [FormatString(text)]
        case .stringsdict(let format):
            return [format.string] + Self.forms(format.variables)
        case .catalog(let localization):
            return localization.value.units.map(\.unit.string) + Self.forms(localization.substitutions)
        }
    }

    private static func forms(_ variables: [String: PluralVariable]) -> [FormatString] {
        variables.keys.sorted().flatMap { name in variables[name]?.orderedForms ?? [] }
    }

    /// The text shown for `arguments`, for telling whether two definitions differ for a reader.
    func rendered(rules: PluralRules, arguments: [any CustomStringConvertible & Sendable]) -> String {
        switch content {
        case .text(let text):
            return AppleStringFormatter.format(text, arguments: arguments)
        case .stringsdict(let format):
            return AppleStringFormatter.format(format, rules: rules, arguments: arguments)
        case .catalog(let localization):
            let format =
                localization.resolvedFormat(device: "other", rules: rules, arguments: arguments.map(FormatArgument.init))
                ?? LocalizedFormat(format: "")
            return AppleStringFormatter.format(format, rules: rules, arguments: arguments)
        }
    }

    /// The plural variations inside, each with the categories it has and where it is.
    var pluralVariations: [(name: String, categories: Set<PluralCategory>, location: SourceLocation)] {
        var result: [(String, Set<PluralCategory>, SourceLocation)] = []
        switch content {
        case .text:
            break
        case .stringsdict(let format):
            for name in format.variables.keys.sorted() {
                if let variable = format.variables[name] {
                    result.append(("the variable \"\(name)\"", Set(variable.forms.keys), variable.location ?? location))
                }
            }
        case .catalog(let localization):
            var pending = [localization.value]
            while let value = pending.popLast() {
                switch value {
                case .unit: break
                case .plural(let forms, let at):
                    result.append(("the plural variation", Set(forms.keys), at ?? location))
                    pending.append(contentsOf: forms.values)
                case .device(let devices, _):
                    pending.append(contentsOf: devices.values)
                }
            }
            for name in localization.substitutions.keys.sorted() {
                if let variable = localization.substitutions[name] {
                    result.append(("the substitution \"\(name)\"", Set(variable.forms.keys), variable.location ?? location))
                }
            }
        }
        return result
    }
}
