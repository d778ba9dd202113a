import JSONParsing
import Testing

@testable import I18Next

/// The template shortcut must give exactly what the replace loop gives, for every text: the
/// texts below are the shapes where the two could part (repeated or stray prefixes, values that
/// bring a prefix, missing variables, maxReplaces), checked side by side.
@Suite("Interpolation templates")
struct InterpolationTemplateTests {
    static let texts = [
        "Hello {{name}}, welcome to {{city}}!",
        "{{count}} items",
        "{{name}} and {{name}} again",
        "{{missing}} then {{missing}} then {{name}}",
        "stray {{ prefix and {{name}}",
        "{{{name}}}",
        "{ {{name}}",
        "{{name}}{{city}}",
        "{{ name }} trimmed, {{\u{00A0}city\u{00A0}}} JS-trimmed",
        "{{user.first}} by path, {{deep.a.b}} missing path",
        "{{missing}} kept, {{optioned}} emptied, {{lng}} implicit",
        "{{- raw}} and {{name}}",
        "{{value, number}} formatted",
        "{{tag}} escaped",
        "{{brace}} brings a prefix, then {{name}}",
        "{{}} empty, {{name}}",
        "no placeholder at all",
    ]

    static let data: I18nObject = [
        "name": "Ann", "city": "Paris", "count": 5, "tag": "<b>&</b>", "brace": "{{name}}",
        "user": .object(["first": "Bo"]), "value": 1234.5,
    ]

    @Test("the shortcut equals the loop", arguments: [true, false], [1, 2, 1000])
    func sameAsLoop(escapeValue: Bool, maxReplaces: Int) {
        var settings = InterpolationOptions()
        settings.escapeValue = escapeValue
        settings.maxReplaces = maxReplaces
        let templated = Interpolator(settings: settings, keepsTemplates: true)
        let looped = Interpolator(settings: settings)
        let callOptions = TranslationOptions(["optioned": "x"])
        let data = Self.data
        for text in Self.texts {
            for round in 0..<2 {  // the second round uses the kept template
                func run(_ interpolator: Interpolator) -> String {
                    interpolator.interpolate(text, data: data, implicitLanguage: "de", callOptions: callOptions, skipOnVariables: true) { value, format, _ in
                        .string("\(value.madeString)|\(format)")
                    }
                }
                #expect(run(templated) == run(looped), "\(text), round \(round)")
            }
        }
    }

    @Test("with a prefix that HTML entities contain (&), escaped values go to the loop and agree with it")
    func entityPrefix() {
        var settings = InterpolationOptions()
        settings.prefix = "&["
        settings.suffix = "]"
        let templated = Interpolator(settings: settings, keepsTemplates: true)
        let looped = Interpolator(settings: settings)
        let data: I18nObject = ["tag": "<b>", "name": "Ann", "amp": "&[name]"]
        for text in ["&[tag] then &[name]", "&[name] &[tag]", "&[amp] and &[name]", "plain &[name]!"] {
            for _ in 0..<2 {
                func run(_ interpolator: Interpolator) -> String {
                    interpolator.interpolate(text, data: data, callOptions: nil, skipOnVariables: true) { value, _, _ in value }
                }
                #expect(run(templated) == run(looped), "\(text)")
            }
        }
    }

    @Test("texts the shortcut cannot answer exactly are marked unusable")
    func unusable() {
        func usable(_ text: String) -> Bool {
            InterpolationTemplate.make(
                text, prefix: Array("{{".utf8), suffix: Array("}}".utf8), unescapeOpen: Array("{{-".utf8),
                formatSeparator: Array(",".utf8)
            ).isUsable
        }
        #expect(usable("Hello {{name}}, welcome to {{city}}!"))
        #expect(usable("{{user.first}}"))
        #expect(!usable("{{name}} and {{name}}"), "repeated")
        #expect(!usable("stray {{ prefix and {{name}}"), "a prefix outside a placeholder")
        #expect(usable("{ {{name}}"), "a lone brace is not a prefix")
        #expect(!usable("{{{name}}}"), "overlapping prefixes")
        #expect(!usable("{{- raw}} {{name}}"), "unescaped placeholder")
        #expect(!usable("{{value, number}}"), "a format")
    }

    @Test("the template cache finds every kept text by its address, past the table's growth, and replaces in place")
    func cacheByAddress() {
        func make(_ text: String) -> InterpolationTemplate {
            InterpolationTemplate.make(
                text, prefix: Array("{{".utf8), suffix: Array("}}".utf8), unescapeOpen: Array("{{-".utf8),
                formatSeparator: Array(",".utf8))
        }
        // Long enough to have a storage address; kept alive by the array, so no address is reused.
        let texts = (0..<300).map { "Greeting number \($0) for {{name}}" }
        var cache = TemplateCache()
        for text in texts {
            let address = TemplateCache.address(of: text)
            #expect(address != nil)
            #expect(cache.template(for: text, address: address) == nil)
            cache.keep(make(text), address: address)
        }
        for text in texts {
            #expect(cache.template(for: text, address: TemplateCache.address(of: text))?.text == text)
        }
        // Another text at a kept address is a miss, never the kept template.
        let first = texts[0]
        #expect(cache.template(for: "another text of some length {{x}}", address: TemplateCache.address(of: first)) == nil)
        // Keeping again at the same address replaces the entry.
        let replacement = "Replacement text with {{other}}"
        cache.keep(make(replacement), address: TemplateCache.address(of: first))
        #expect(cache.template(for: replacement, address: TemplateCache.address(of: first))?.text == replacement)
        #expect(cache.template(for: first, address: TemplateCache.address(of: first)) == nil)
        // Short texts have no address and are found by content.
        #expect(TemplateCache.address(of: "Hi {{n}}") == nil)
        cache.keep(make("Hi {{n}}"), address: nil)
        #expect(cache.template(for: "Hi {{n}}", address: nil)?.text == "Hi {{n}}")
    }
}
