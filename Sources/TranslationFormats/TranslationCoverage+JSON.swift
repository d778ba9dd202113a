import JSONParsing

extension TranslationCoverage {
    /// The report in the one JSON value model, shaped as docs/cli-json.md documents for
    /// `i18n status --format json`: `{"minCoverage", "passed", "tables": [{"directory", "format",
    /// "table", "sourceLanguage", "keys", "languages": [{"language", "source", "keys",
    /// "translated", "missing", "untranslated", "coverage", "meetsMinimum", "missingKeys",
    /// "untranslatedKeys", "extraKeys", "lacksTable", "pluralGaps", "placeholderMismatches"}]}]}`.
    ///
    /// `coverage` is the number ``Language/coverageText`` prints (`87.5`), so that every output
    /// shows the same digits.
    public func json(minimum: Double) -> JSONValue {
        var object = JSONObject()
        object["minCoverage"] = .number(minimum)
        object["passed"] = .bool(meets(minimum: minimum))
        object["tables"] = .array(tables.map { $0.json(minimum: minimum) })
        return .object(object)
    }
}

extension TranslationCoverage.Table {
    func json(minimum: Double) -> JSONValue {
        var object = JSONObject()
        object["directory"] = .string(directory)
        object["format"] = .string(format)
        object["table"] = .string(name)
        object["sourceLanguage"] = .string(sourceLanguage)
        object["keys"] = .integer(keys)
        object["languages"] = .array(languages.map { $0.json(minimum: minimum) })
        return .object(object)
    }
}

extension TranslationCoverage.Language {
    func json(minimum: Double) -> JSONValue {
        var object = JSONObject()
        object["language"] = .string(language)
        object["source"] = .bool(isSource)
        object["keys"] = .integer(keys)
        object["translated"] = .integer(translated)
        object["missing"] = .integer(missingKeys.count)
        object["untranslated"] = .integer(untranslatedKeys.count)
        object["coverage"] = .numberLiteral(coverageText)
        object["meetsMinimum"] = .bool(meets(minimum: minimum))
        object["missingKeys"] = .array(missingKeys.map(JSONValue.string))
        object["untranslatedKeys"] = .array(untranslatedKeys.map(JSONValue.string))
        object["extraKeys"] = .array(extraKeys.map(JSONValue.string))
        object["lacksTable"] = .bool(lacksTable)
        object["pluralGaps"] = .array(
            pluralGaps.map { gap in
                var item = JSONObject()
                item["key"] = .string(gap.key)
                item["missing"] = .array(gap.missing.map(JSONValue.string))
                item["needed"] = .array(gap.needed.map(JSONValue.string))
                return .object(item)
            })
        object["placeholderMismatches"] = .array(
            placeholderMismatches.map { mismatch in
                var item = JSONObject()
                item["key"] = .string(mismatch.key)
                item["found"] = .array(mismatch.found.map(JSONValue.string))
                item["expected"] = .array(mismatch.expected.map(JSONValue.string))
                return .object(item)
            })
        return .object(object)
    }
}
