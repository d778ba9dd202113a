import JSONParsing
import Platform

/// i18next's `Formatter`: applies `{{value, format(options)}}` formats. Several formats can be
/// chained with the format separator; an unknown format leaves the value as it is.
struct ValueFormatter: Sendable {
    let separator: String

    /// Formats `value` with `format` for `language`; `options` are the t() options and variables.
    ///
    /// A format whose options `Intl` rejects leaves the value as it is and calls `warn` with why,
    /// as i18next does (it logs the `RangeError` and goes on with the unformatted value).
    func format(
        _ value: I18nValue, _ format: String, language: String?, options: I18nObject, variable: String,
        warn: (String) -> Void = { _ in }
    ) -> I18nValue {
        if format.isEmpty { return value }
        if case .null = value { return value }
        var formats: [String] = []
        let raw = format.components(separatedBy: separator)
        var index = 0
        while index < raw.count {
            var piece = raw[index]
            while piece.contains("("), !piece.contains(")"), index + 1 < raw.count {
                index += 1
                piece += separator + raw[index]
            }
            formats.append(piece)
            index += 1
        }
        var result = value
        for piece in formats {
            let (name, formatOptions) = Self.parse(piece)
            var merged = formatOptions.merging(options)
            var locale = language
            if case .object(let params)? = options["formatParams"], case .object(let own)? = params[variable] {
                merged = merged.merging(own)
                locale = own["locale"]?.stringValue ?? own["lng"]?.stringValue ?? options["locale"]?.stringValue ?? options["lng"]?.stringValue ?? language
            } else {
                locale = options["locale"]?.stringValue ?? options["lng"]?.stringValue ?? language
            }
            do {
                if let formatted = try BuiltInFormats.apply(name, to: result, locale: locale, options: merged) {
                    result = formatted
                }
            } catch {
                warn("format '\(piece)' of {{\(variable)}} left the value unformatted: \(error)")
            }
        }
        return result
    }

    /// i18next's `parseFormatStr`: `name(key: value; key: value)`, or `currency(EUR)` and `relativetime(day)`.
    static func parse(_ text: String) -> (String, I18nObject) {
        var name = text.lowercased().trimmingWhitespace()
        var options = I18nObject()
        guard let open = text.firstIndex(of: "(") else { return (name, options) }
        name = text[..<open].lowercased().trimmingWhitespace()
        let body = String(text[text.index(after: open)...].dropLast())
        if name == "currency", !body.contains(":") {
            options["currency"] = .string(body.trimmingWhitespace())
        } else if name == "relativetime", !body.contains(":") {
            options["range"] = .string(body.trimmingWhitespace())
        } else {
            for option in body.split(separator: ";") where !option.isEmpty {
                let pieces = option.split(separator: ":", omittingEmptySubsequences: false)
                let key = pieces[0].trimmingWhitespace()
                var value = pieces.dropFirst().joined(separator: ":").trimmingWhitespace()
                while value.hasPrefix("'") { value.removeFirst() }
                while value.hasSuffix("'") { value.removeLast() }
                if !(options[key]?.isTruthy ?? false) { options[key] = .string(value) }
                if value == "false" { options[key] = .bool(false) }
                if value == "true" { options[key] = .bool(true) }
                // `if (!isNaN(val)) formatOptions[key] = parseInt(val, 10)`: "1e9" is 1, "2.5" is 2, "" is NaN.
                if !JSNumber.number(value).isNaN { options[key] = .number(JSNumber.parseInt(value)) }
            }
        }
        return (name, options)
    }
}
