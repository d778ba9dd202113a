import Foundation
import Testing

@Suite("envtool i18n status --html in Chromium", .enabled(if: Chromium.works, "needs a working chromium (scripts/dependencies test installs it)"))
struct I18nStatusPageTests {
    /// `name="value"` pairs of a tag as Chromium serializes it, entities decoded.
    static func attributes(_ tag: Substring) -> [String: String] {
        var result: [String: String] = [:]
        let pattern = try! NSRegularExpression(pattern: #"([a-z-]+)="([^"]*)""#)
        let text = String(tag)
        for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
            let name = String(text[Range(match.range(at: 1), in: text)!])
            result[name] = decoded(String(text[Range(match.range(at: 2), in: text)!]))
        }
        return result
    }

    static func decoded(_ text: String) -> String {
        text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&apos;", with: "'").replacingOccurrences(of: "&nbsp;", with: "\u{A0}")
            .replacingOccurrences(of: "&amp;", with: "&")
    }

    /// The opening tags in `dom` that start with `prefix` (`<tr class="language`).
    static func tags(_ dom: String, _ prefix: String) -> [Substring] {
        var found: [Substring] = []
        var rest = dom[...]
        while let start = rest.range(of: prefix) {
            let end = rest[start.lowerBound...].firstIndex(of: ">") ?? rest.endIndex
            found.append(rest[start.lowerBound..<end])
            rest = rest[end...]
        }
        return found
    }

    @Test("the page renders with no console errors, its numbers are the JSON's, and a key <script> is text")
    func page() throws {
        let workspace = try I18nStatusCommandTests.fixture()
        let result = try workspace.run(["i18n", "status", "res", "--format", "json", "--html", "status.html"])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try I18nStatusCommandTests.json(result)
        let (dom, console) = try Chromium.load(workspace.path + "/status.html", in: workspace.path)
        #expect(console.isEmpty, "\(console)")
        #expect(dom.contains("<table"), "the page rendered: \(dom.prefix(300))")

        let rows = Self.tags(dom, "<tr class=\"language").map(Self.attributes)
        let languages = try I18nStatusCommandTests.languages(object)
        #expect(rows.count == languages.count && rows.count == 3)
        for row in rows {
            let language = try #require(languages[row["data-language"] ?? ""], "\(row)")
            #expect(row["data-keys"] == "\(language["keys"]!)")
            #expect(row["data-translated"] == "\(language["translated"]!)")
            #expect(row["data-missing"] == "\(language["missing"]!)")
            #expect(row["data-untranslated"] == "\(language["untranslated"]!)")
            #expect(row["data-plural-gaps"] == "\((language["pluralGaps"] as? [Any])?.count ?? -1)")
            #expect(row["data-placeholder-mismatches"] == "\((language["placeholderMismatches"] as? [Any])?.count ?? -1)")
            #expect(Double(row["data-coverage"] ?? "") == language["coverage"] as? Double)
            #expect(row["data-source"] == (language["source"] as? Bool).map { "\($0)" })
        }
        // The keys listed under each language are the JSON's, hostile ones included, as text.
        let listed = Self.tags(dom, "<li data-key=").map { Self.attributes($0)["data-key"] ?? "" }
        let ru = try #require(languages["ru"])
        for key in (ru["missingKeys"] as? [String]) ?? [] { #expect(listed.contains(key), "\(key) in \(listed)") }
        #expect(listed.contains("<script>alert(1)</script>"))
        #expect(dom.contains("&lt;script&gt;alert(1)&lt;/script&gt;"), "the key is shown as text")
        #expect(!dom.lowercased().contains("<script"), "no element comes from a key")
    }

    @Test("the console check fails on a page whose script throws (the check is real)")
    func negative() throws {
        let workspace = try I18nStatusCommandTests.fixture()
        #expect(try workspace.run(["i18n", "status", "res", "--html", "status.html"]).status == 0)
        let page = String(decoding: workspace.read("status.html") ?? Data(), as: UTF8.self)
        try workspace.write("throws.html", page.replacingOccurrences(of: "</body>", with: "<script>throw new Error('status-page-check')</script></body>"))
        #expect(!(try Chromium.load(workspace.path + "/throws.html", in: workspace.path)).console.isEmpty, "a blocked or throwing script is a console error")
        let withoutPolicy = page.replacingOccurrences(of: "<meta http-equiv=\"Content-Security-Policy\"", with: "<meta name=\"x\"")
            .replacingOccurrences(of: "</body>", with: "<script>throw new Error('status-page-check')</script></body>")
        try workspace.write("throws-unguarded.html", withoutPolicy)
        let console = try Chromium.load(workspace.path + "/throws-unguarded.html", in: workspace.path).console
        #expect(console.contains { $0.contains("status-page-check") }, "\(console)")
    }
}
