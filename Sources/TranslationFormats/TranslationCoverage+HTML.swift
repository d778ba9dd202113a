extension TranslationCoverage {
    /// The report as one self-contained HTML page (`i18n status --html FILE`): per table, a row and
    /// a bar per language (red for what is missing) and, under it, the keys each language lacks.
    ///
    /// Nothing is loaded from elsewhere (no scripts, fonts or images), and the page's content
    /// security policy forbids it, scripts included. Every text that comes from the files (keys,
    /// languages, table names, paths) is escaped, so a key `<script>` is shown as text. Each row
    /// carries its numbers in `data-*` attributes with the names and digits of the JSON output
    /// (`data-missing`, `data-coverage="87.5"`), so that a test or a script reads them exactly.
    public func htmlPage(title: String = "Translation status", minimum: Double) -> String {
        var html = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(Self.escaped(title))</title>
            <style>\(Self.style)</style>
            </head>
            <body>
            <h1>\(Self.escaped(title))</h1>

            """
        let languages = tables.reduce(0) { $0 + $1.languages.count }
        let below = tables.reduce(0) { $0 + $1.languages.filter { !$0.meets(minimum: minimum) }.count }
        html +=
            "<p class=\"summary\" data-tables=\"\(tables.count)\" data-below-minimum=\"\(below)\" data-min-coverage=\"\(Self.escaped(Self.decimal(minimum)))\">"
        html += "\(tables.count) \(tables.count == 1 ? "table" : "tables"), \(languages) \(languages == 1 ? "language" : "languages"); "
        html +=
            below == 0
            ? "all at least \(Self.escaped(Self.decimal(minimum)))% translated." : "<strong>\(below) below \(Self.escaped(Self.decimal(minimum)))%</strong>."
        html += "</p>\n"
        for table in tables { html += table.html(minimum: minimum) }
        html += "</body>\n</html>\n"
        return html
    }

    /// `text` for HTML character data or a quoted attribute value.
    static func escaped(_ text: String) -> String { TextEscaping.xml(text) }

    /// `100`, `87.5`: the shortest decimal, as the JSON writer prints a number.
    package static func decimal(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    private static let style = """
        body{font:15px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;margin:2rem;color:#1d1d1f;background:#fff}
        h1{font-size:1.6rem;margin:0 0 .25rem}h2{font-size:1.2rem;margin:2rem 0 .25rem}
        h2 .format,h2 .directory{font-weight:normal;color:#666;font-size:.9rem;margin-left:.5rem}
        .summary strong{color:#c62828}
        table{border-collapse:collapse;width:100%;max-width:1100px}
        th,td{padding:.35rem .6rem;border-bottom:1px solid #e3e3e3;text-align:right;white-space:nowrap}
        th:first-child,td.coverage{text-align:left}thead th{font-size:.8rem;color:#555;text-transform:uppercase}
        td.coverage{width:40%}.bar{display:inline-flex;width:70%;height:.8rem;border-radius:3px;overflow:hidden;background:#eee;vertical-align:middle}
        .bar span{display:block;height:100%}.bar .translated{background:#2e7d32}.bar .untranslated{background:#f9a825}.bar .missing{background:#d32f2f}
        .percent{display:inline-block;width:4.5rem;text-align:right;font-variant-numeric:tabular-nums}
        td.bad{color:#fff;background:#d32f2f;font-weight:600}td.warn{background:#fff3cd}tr.below th{color:#c62828}
        .source{font-size:.75rem;color:#666;margin-left:.3rem}
        details{margin:.4rem 0 0 .6rem;max-width:1100px}summary{cursor:pointer;font-weight:600}summary .counts{font-weight:normal;color:#555}
        details p{margin:.3rem 0 0 1rem;font-size:.8rem;color:#555;text-transform:uppercase}
        ul{display:flex;flex-wrap:wrap;gap:.15rem 1.2rem;list-style:none;margin:.1rem 0 .3rem 1rem;padding:0}
        li{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:.85rem;white-space:pre-wrap;word-break:break-all}
        ul.missing-keys li,ul.plural-gaps li,ul.placeholder-mismatches li{color:#c62828}.legend{color:#555;font-size:.85rem}
        .legend i{display:inline-block;width:.8rem;height:.8rem;margin:0 .25rem 0 .8rem;vertical-align:middle}
        """
}

extension TranslationCoverage.Table {
    func html(minimum: Double) -> String {
        let e = TranslationCoverage.escaped
        var html =
            "<section class=\"table\" data-directory=\"\(e(directory))\" data-format=\"\(e(format))\" data-table=\"\(e(name))\" data-source-language=\"\(e(sourceLanguage))\" data-keys=\"\(keys)\">\n"
        html += "<h2>\(e(name))<span class=\"format\">\(e(format))</span><span class=\"directory\">\(e(directory))</span></h2>\n"
        html += "<p class=\"legend\">Source language \(e(sourceLanguage)), \(keys) \(keys == 1 ? "key" : "keys")."
        html +=
            "<i style=\"background:#2e7d32\"></i>translated<i style=\"background:#f9a825\"></i>untranslated<i style=\"background:#d32f2f\"></i>missing</p>\n"
        html +=
            "<table>\n<thead><tr><th scope=\"col\">Language</th><th scope=\"col\">Coverage</th><th scope=\"col\">Translated</th><th scope=\"col\">Missing</th><th scope=\"col\">Untranslated</th><th scope=\"col\">Plural gaps</th><th scope=\"col\">Placeholder mismatches</th></tr></thead>\n<tbody>\n"
        for language in languages { html += language.row(minimum: minimum) }
        html += "</tbody>\n</table>\n"
        for language in languages { html += language.details(sourceLanguage: sourceLanguage) }
        html += "</section>\n"
        return html
    }
}

extension TranslationCoverage.Language {
    func row(minimum: Double) -> String {
        let e = TranslationCoverage.escaped
        let meets = meets(minimum: minimum)
        var html = "<tr class=\"language\(meets ? "" : " below")\" data-language=\"\(e(language))\" data-source=\"\(isSource)\" data-keys=\"\(keys)\""
        html += " data-translated=\"\(translated)\" data-missing=\"\(missingKeys.count)\" data-untranslated=\"\(untranslatedKeys.count)\""
        html += " data-plural-gaps=\"\(pluralGaps.count)\" data-placeholder-mismatches=\"\(placeholderMismatches.count)\""
        html += " data-coverage=\"\(coverageText)\" data-meets-minimum=\"\(meets)\">"
        html += "<th scope=\"row\">\(e(language))\(isSource ? "<span class=\"source\">source</span>" : "")</th>"
        html += "<td class=\"coverage\"><span class=\"bar\" role=\"img\" aria-label=\"\(coverageText)% translated\">"
        for (part, count) in [("translated", translated), ("untranslated", untranslatedKeys.count), ("missing", missingKeys.count)] where count > 0 {
            html += "<span class=\"\(part)\" style=\"width:\(Self.percent(count, of: keys))%\"></span>"
        }
        html += "</span><span class=\"percent\">\(coverageText)%</span></td>"
        html += "<td>\(translated)</td>"
        html += "<td\(missingKeys.isEmpty ? "" : " class=\"bad\"")>\(missingKeys.count)</td>"
        html += "<td\(untranslatedKeys.isEmpty ? "" : " class=\"warn\"")>\(untranslatedKeys.count)</td>"
        html += "<td\(pluralGaps.isEmpty ? "" : " class=\"bad\"")>\(pluralGaps.count)</td>"
        html += "<td\(placeholderMismatches.isEmpty ? "" : " class=\"bad\"")>\(placeholderMismatches.count)</td>"
        html += "</tr>\n"
        return html
    }

    /// The keys behind the numbers of the row; nothing when there are none.
    func details(sourceLanguage: String) -> String {
        guard !missingKeys.isEmpty || !untranslatedKeys.isEmpty || !pluralGaps.isEmpty || !placeholderMismatches.isEmpty else { return "" }
        let e = TranslationCoverage.escaped
        var counts: [String] = []
        for (count, noun) in [
            (missingKeys.count, "missing"), (untranslatedKeys.count, "untranslated"),
            (pluralGaps.count, pluralGaps.count == 1 ? "plural gap" : "plural gaps"),
            (placeholderMismatches.count, placeholderMismatches.count == 1 ? "placeholder mismatch" : "placeholder mismatches"),
        ] where count > 0 {
            counts.append("\(count) \(noun)")
        }
        var html =
            "<details open data-language=\"\(e(language))\"><summary>\(e(language)) <span class=\"counts\">\(counts.joined(separator: ", "))</span></summary>\n"
        func list(_ heading: String, _ kind: String, _ items: [(key: String, text: String)]) {
            guard !items.isEmpty else { return }
            html += "<p>\(heading)</p>\n<ul class=\"\(kind)\">\n"
            for item in items { html += "<li data-key=\"\(e(item.key))\">\(e(item.text))</li>\n" }
            html += "</ul>\n"
        }
        list("Missing", "missing-keys", missingKeys.map { ($0, $0) })
        list("Untranslated (the same as \(e(sourceLanguage)))", "untranslated-keys", untranslatedKeys.map { ($0, $0) })
        list(
            "Missing plural forms", "plural-gaps",
            pluralGaps.map { gap in
                (gap.key, "\(gap.key): lacks \(gap.missing.joined(separator: ", ")) (\(language) needs \(gap.needed.joined(separator: ", ")))")
            })
        list(
            "Placeholder mismatches", "placeholder-mismatches",
            placeholderMismatches.map { mismatch in
                (mismatch.key, "\(mismatch.key): reads \(Self.values(mismatch.found)) where \(sourceLanguage) reads \(Self.values(mismatch.expected))")
            })
        html += "</details>\n"
        return html
    }

    static func values(_ values: [String]) -> String {
        values.isEmpty ? "nothing" : values.joined(separator: ", ")
    }

    /// `count` of `total` as a CSS percentage with one decimal.
    static func percent(_ count: Int, of total: Int) -> String {
        guard total > 0 else { return "0" }
        let tenths = count * 1000 / total
        return "\(tenths / 10).\(tenths % 10)"
    }
}
