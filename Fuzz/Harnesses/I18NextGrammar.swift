import I18Next

/// Generates i18next resources, init options and `t()` calls from a grammar whose every choice
/// is taken from the fuzz input, so that mutations of a few bytes change a whole construct
/// (a format with options, a nesting with a count, a plural suffix, a sprintf specifier) rather
/// than break the JSON around it. Byte-level mutation of resource files mostly finds malformed
/// JSON; this finds what the engine does with well-formed but hostile translations.
///
/// When the input runs out every choice is 0, which always picks a terminal alternative, so
/// generation ends; `depth` bounds the recursion of templates inside nesting options.
struct I18NextGrammar {
    var input: FuzzInput

    /// One generated scenario.
    struct Scenario {
        var initOptions: I18nObject
        var calls: [(keys: [String], options: I18nObject)]
    }

    static let languages = ["en", "de", "ar", "ru", "pl", "cy", "ja", "fr", "pt-BR", "en-US", "sl", "he", "ga", "zh-Hant", "dev", "es"]
    static let baseKeys = ["k", "item", "friend", "deep.nested.key", "cyc", "a", "b", "arr", "obj"]
    static let suffixes = [
        "", "_one", "_other", "_zero", "_two", "_few", "_many", "_plural", "_plural_2", "_plural_5",
        "_0", "_1", "_2", "_ordinal_one", "_ordinal_two", "_ordinal_few", "_ordinal_other",
        "_male", "_female", "_male_one", "_female_other", "_male_plural",
    ]
    static let variables = ["count", "name", "val", "x", "ordinal", "context", "lng", "a.b", "0", "missing", "list", "date"]
    static let formats = ["number", "currency", "datetime", "relativetime", "list", "lowercase", "uppercase", "capitalize", "nope", ""]
    static let formatOptionNames = [
        "minimumFractionDigits", "maximumFractionDigits", "minimumIntegerDigits", "maximumSignificantDigits",
        "minimumSignificantDigits", "currency", "style", "unit", "type", "numeric", "dateStyle", "timeStyle",
        "notation", "compactDisplay", "currencyDisplay", "useGrouping", "roundingIncrement", "range",
    ]
    static let formatOptionValues = [
        "0", "2", "-1", "21", "100", "1e308", "-0", "nan", "2147483648", "99999999999999999999", "1.5",
        "USD", "XYZ", "EUR", "quarter", "year", "long", "short", "compact", "true", "\"\"", "'x'", "",
    ]
    /// Numbers and number-like text where JavaScript and Swift part ways, or that overflow a conversion.
    static let oddValues: [I18nValue] = [
        0, 1, 2, 3, 5, 11, 21, 101, 0.5, 1.5, -1, .number(-0.0), 1e308, -1e308, .number(.leastNonzeroMagnitude), 1e21, 1e-7, 9007199254740993,
        2147483648, -2147483649, 4294967296, 9.3e18, -9.3e18, .number(.greatestFiniteMagnitude), .number(.nan), .number(.infinity),
        .number(-.infinity), "nan", "inf", "-inf", "NaN", "Infinity", "1e308", "-0", "", "abc", "2", " 3 ", "0x10",
        true, false, .null, [], [1, "two"], ["a": 1],
    ]
    static let texts = [
        "Hello", " ", "{{", "}}", "{{-", "$t(", ")", ",", "%", "\\", "__", "é", "e\u{301}", "😀", "<b>&amp;",
        "{", "}", "(", "\"", ":", "_", "\u{0}", "\u{FEFF}",
    ]
    static let sprintfWidths = ["", "5", "0", "-10", "+", " ", "'x8", "05", "999999999", "2147483648", "99999999999999999999"]
    static let sprintfPrecisions = ["", ".2", ".0", ".", ".999999999", ".2147483648", ".99999999999999999999"]
    static let sprintfConversions = ["s", "d", "i", "f", "e", "u", "x", "X", "o", "b", "c", "j", "t", "T", "v", "%", "g", "q", "@", "lld", "hhd"]

    init(_ input: FuzzInput) { self.input = input }

    mutating func scenario() -> Scenario {
        var initOptions = I18nObject()
        let compatibility = input.pick([nil, "v4", "v1", "v3", "ios"] as [String?])
        if let compatibility { initOptions["compatibilityJSON"] = .string(compatibility) }
        initOptions["lng"] = .string(input.pick(Self.languages))
        switch input.choose(5) {
        case 1: initOptions["fallbackLng"] = .string(input.pick(Self.languages))
        case 2: initOptions["fallbackLng"] = .array([.string(input.pick(Self.languages)), .string(input.pick(Self.languages))])
        case 3: initOptions["fallbackLng"] = .object(["default": [.string(input.pick(Self.languages))], "de": ["en"]])
        case 4: initOptions["fallbackLng"] = false
        default: break
        }
        if input.flag() { initOptions["keySeparator"] = input.flag() ? false : .string(input.pick([".", "::", ""])) }
        if input.flag() { initOptions["nsSeparator"] = input.flag() ? false : .string(input.pick([":", "|", ""])) }
        if input.flag() { initOptions["pluralSeparator"] = .string(input.pick(["_", "__", "-", ""])) }
        if input.flag() { initOptions["contextSeparator"] = .string(input.pick(["_", "$", ""])) }
        if input.flag() { initOptions["returnObjects"] = .bool(input.flag()) }
        if input.flag() { initOptions["joinArrays"] = input.flag() ? .string(input.pick(["\n", "", "+"])) : false }
        if input.flag() { initOptions["returnNull"] = .bool(input.flag()) }
        if input.flag() { initOptions["returnEmptyString"] = .bool(input.flag()) }
        if input.flag() { initOptions["postProcess"] = "sprintf" }
        if input.flag() { initOptions["supportedLngs"] = .array([.string(input.pick(Self.languages)), "en", "dev"]) }
        if input.flag() { initOptions["load"] = .string(input.pick(["all", "currentOnly", "languageOnly"])) }
        if input.flag() { initOptions["ns"] = ["translation", "ns2"]; initOptions["defaultNS"] = .string(input.pick(["translation", "ns2"])) }
        if input.flag() { initOptions["fallbackNS"] = "ns2" }
        if input.flag() { initOptions["interpolation"] = .object(interpolationOptions()) }

        var resources = I18nObject()
        for _ in 0..<(1 + input.choose(3)) {
            var namespaces = I18nObject()
            for namespace in input.flag() ? ["translation", "ns2"] : ["translation"] {
                namespaces[namespace] = .object(resourceObject(depth: 0))
            }
            resources[input.pick(Self.languages)] = .object(namespaces)
        }
        initOptions["resources"] = .object(resources)

        var calls: [(keys: [String], options: I18nObject)] = []
        for _ in 0..<(1 + input.choose(4)) {
            calls.append((keys(), callOptions(depth: 0)))
        }
        return Scenario(initOptions: initOptions, calls: calls)
    }

    private mutating func interpolationOptions() -> I18nObject {
        var options = I18nObject()
        if input.flag() { options["escapeValue"] = .bool(input.flag()) }
        if input.flag() {
            options["prefix"] = .string(input.pick(["{{", "__", "%{", "", "{"])); options["suffix"] = .string(input.pick(["}}", "__", "}", ""]))
        }
        if input.flag() { options["nestingPrefix"] = .string(input.pick(["$t(", "$(", ""])); options["nestingSuffix"] = .string(input.pick([")", "", "))"])) }
        if input.flag() { options["formatSeparator"] = .string(input.pick([",", ";", ""])) }
        if input.flag() { options["maxReplaces"] = input.pick(Self.oddValues) }
        if input.flag() { options["skipOnVariables"] = .bool(input.flag()) }
        if input.flag() { options["defaultVariables"] = .object(variableValues()) }
        if input.flag() { options["nestingOptionsSeparator"] = .string(input.pick([",", ";", ""])) }
        return options
    }

    private mutating func key() -> String {
        var key = input.pick(Self.baseKeys) + input.pick(Self.suffixes)
        if input.choose(8) == 1 { key = "ns2:" + key }
        return key
    }

    private mutating func keys() -> [String] {
        var keys = [input.pick(Self.baseKeys)]
        for _ in 0..<input.choose(3) { keys.append(key()) }
        return keys
    }

    private mutating func resourceObject(depth: Int) -> I18nObject {
        var object = I18nObject()
        for _ in 0..<(1 + input.choose(8)) {
            object[input.pick(Self.baseKeys) + input.pick(Self.suffixes)] = resourceValue(depth: depth)
        }
        return object
    }

    private mutating func resourceValue(depth: Int) -> I18nValue {
        switch depth < 3 ? input.choose(12) : 0 {
        case 1: return .object(resourceObject(depth: depth + 1))
        case 2: return .array([.string(template(depth: depth + 1)), .string(template(depth: depth + 1))])
        case 3: return input.pick(Self.oddValues)
        default: return .string(template(depth: depth))
        }
    }

    /// A translation: text mixed with interpolations, formats, nestings, sprintf specifiers and
    /// i18next 1.x variables.
    mutating func template(depth: Int) -> String {
        var text = ""
        for _ in 0..<input.choose(7) {
            switch input.choose(9) {
            case 1: text += "{{" + input.pick(Self.variables) + "}}"
            case 2: text += "{{- " + input.pick(Self.variables) + "}}"
            case 3: text += "{{" + input.pick(Self.variables) + ", " + format() + "}}"
            case 4: text += nesting(depth: depth)
            case 5: text += sprintfSpecifier()
            case 6: text += "__" + input.pick(Self.variables) + "__"
            case 7: text += input.pick(Self.texts) + input.pick(Self.texts)
            case 8: text += "$t(" + key() + ")"
            default: text += input.pick(Self.texts)
            }
        }
        return text
    }

    private mutating func format() -> String {
        var text = input.pick(Self.formats)
        if input.flag() {
            var options: [String] = []
            for _ in 0..<(1 + input.choose(3)) {
                options.append(input.pick(Self.formatOptionNames) + ": " + input.pick(Self.formatOptionValues))
            }
            text += "(" + options.joined(separator: input.pick(["; ", ", ", ";"])) + ")"
        }
        if input.choose(4) == 1 { text += ", " + input.pick(Self.formats) }
        return text
    }

    private mutating func nesting(depth: Int) -> String {
        var text = "$t(" + key()
        if input.flag() {
            let count = input.flag() ? "{{count}}" : input.pick(Self.oddValues).jsonText()
            var members = ["\"count\": " + count]
            if input.flag() { members.append("\"context\": " + input.pick(["\"male\"", "\"female\"", "1", "null", "\"\""])) }
            if input.flag() { members.append("\"lng\": \"" + input.pick(Self.languages) + "\"") }
            if input.flag(), depth < 2 { members.append("\"defaultValue\": " + I18nValue.string(template(depth: depth + 1)).jsonText()) }
            text += ", {" + members.joined(separator: ", ") + "}"
        }
        return text + input.pick([")", "", "))", ", )"])
    }

    private mutating func sprintfSpecifier() -> String {
        var text = "%"
        switch input.choose(4) {
        case 1: text += input.pick(["1", "2", "0", "3", "99999999999999999999"]) + "$"
        case 2: text += "(" + input.pick(Self.variables) + ")"
        default: break
        }
        return text + input.pick(Self.sprintfWidths) + input.pick(Self.sprintfPrecisions) + input.pick(Self.sprintfConversions)
    }

    private mutating func variableValues() -> I18nObject {
        var object = I18nObject()
        for _ in 0..<input.choose(4) {
            object[input.pick(Self.variables)] = input.pick(Self.oddValues)
        }
        return object
    }

    private mutating func callOptions(depth: Int) -> I18nObject {
        var options = variableValues()
        if input.flag() { options["count"] = input.pick(Self.oddValues) }
        if input.flag() { options["context"] = input.pick(["male", "female", "", 1, .null, "unknown"] as [I18nValue]) }
        if input.flag() { options["ordinal"] = .bool(input.flag()) }
        if input.choose(4) == 1 { options["lng"] = .string(input.pick(Self.languages)) }
        if input.choose(4) == 1 { options["lngs"] = [.string(input.pick(Self.languages)), "en"] }
        if input.choose(4) == 1 { options["ns"] = input.flag() ? "ns2" : ["ns2", "translation"] }
        if input.flag() { options["defaultValue"] = .string(template(depth: depth + 1)) }
        if input.choose(4) == 1 { options["defaultValue_one"] = .string(template(depth: depth + 1)) }
        if input.choose(4) == 1 { options["defaultValue_other"] = .string(template(depth: depth + 1)) }
        if input.choose(4) == 1 { options["returnObjects"] = .bool(input.flag()) }
        if input.choose(4) == 1 { options["joinArrays"] = .string(input.pick(["\n", "", " + "])) }
        if input.choose(4) == 1 { options["keySeparator"] = input.flag() ? false : "." }
        if input.choose(4) == 1 { options["replace"] = .object(variableValues()) }
        if input.choose(4) == 1 { options["interpolation"] = .object(interpolationOptions()) }
        if input.choose(3) == 1 {
            options["postProcess"] = input.flag() ? "sprintf" : ["sprintf", "unknown"]
            var arguments: [I18nValue] = []
            for _ in 0..<input.choose(5) { arguments.append(input.pick(Self.oddValues)) }
            options["sprintf"] = input.flag() ? .array(arguments) : .object(variableValues())
        }
        if input.choose(8) == 1 { options["skipInterpolation"] = true }
        return options
    }
}
