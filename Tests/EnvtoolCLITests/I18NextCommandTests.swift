import Foundation
import Testing

@Suite("envtool: i18next")
struct I18NextCommandTests {
    @Test("t follows the environment's language, with plurals, context, interpolation and nesting")
    func translateSample() throws {
        let workspace = try Workspace()
        #expect(try workspace.run(["t", "app.welcome", "--options", #"{"name": "Ada"}"#]).stdout == "Welcome, Ada!\n")
        #expect(try workspace.run(["t", "cart.items", "--options", #"{"count": 0}"#]).stdout == "Your cart is empty\n")
        #expect(try workspace.run(["t", "friend", "--options", #"{"context": "female", "count": 2}"#]).stdout == "2 girlfriends\n")
        #expect(try workspace.run(["t", "summary", "--options", #"{"name": "Ada", "count": 3}"#]).stdout == "Ada: 3 items in your cart\n")
        #expect(try workspace.run(["set-language", "es"]).status == 0)
        #expect(try workspace.run(["t", "cart.items", "--options", #"{"count": 1}"#]).stdout == "1 artículo en tu carrito\n")
        #expect(try workspace.run(["t", "app.title", "--options", #"{"lng": "ca"}"#]).stdout == "Demostració d'Envtool\n")
        #expect(try workspace.run(["t", "missing.key", "app.title"]).stdout == "Demo de Envtool\n")
        let object = try workspace.run(["t", "app", "--options", #"{"returnObjects": true}"#])
        #expect(object.stdout.hasPrefix("{\n  \"title\": \"Demo de Envtool\""))
    }

    @Test("t with --init uses i18next init options, and --resources loads a directory")
    func initFile() throws {
        let workspace = try Workspace(copySample: false)
        try workspace.write("init.json", #"{"lng": "de", "fallbackLng": "en", "resources": {"de": {"translation": {"k": "Hallo {{who}}"}}}}"#)
        #expect(try workspace.run(["t", "k", "--init", "init.json", "--options", #"{"who": "Welt"}"#]).stdout == "Hallo Welt\n")
        try workspace.write("res/en/translation.json", #"{"only": "from directory"}"#)
        try workspace.write("init2.json", #"{"lng": "de", "fallbackLng": "en"}"#)
        #expect(try workspace.run(["t", "only", "--init", "init2.json", "--resources", "res"]).stdout == "from directory\n")
    }

    @Test("malformed options or init files exit 65 and name the problem")
    func errors() throws {
        let workspace = try Workspace()
        let badOptions = try workspace.run(["t", "k", "--options", "{count: 3}"])
        #expect(badOptions.status == 65)
        #expect(badOptions.stderr.contains("--options:1:2: error:"))
        try workspace.write("bad.json", #"{"load": "sometimes"}"#)
        let badInit = try workspace.run(["t", "k", "--init", "bad.json"])
        #expect(badInit.status == 65)
        #expect(badInit.stderr.contains("\"load\" must be"))
    }

    @Test("a key found nowhere prints the key, as i18next, and says so on stderr; --strict makes it exit 68")
    func missingKey() throws {
        let workspace = try Workspace()
        let lenient = try workspace.run(["t", "no.such.key"])
        #expect(lenient.status == 0)
        #expect(lenient.stdout == "no.such.key\n")
        #expect(lenient.stderr.contains("warning: no translation for \"no.such.key\""))
        #expect(lenient.stderr.contains("--strict"))
        let strict = try workspace.run(["t", "no.such.key", "--strict"])
        #expect(strict.status == 68)
        #expect(strict.stdout.isEmpty)
        #expect(strict.stderr.contains("error: no translation for \"no.such.key\""))
        let found = try workspace.run(["t", "no.such.key", "app.title", "--strict"])
        #expect(found.status == 0)
        #expect(found.stderr.isEmpty)
    }

    @Test("--resources naming no directory exits 66 with the path; a malformed namespace file is one warning")
    func resourcesDirectory() throws {
        let workspace = try Workspace(copySample: false)
        try workspace.write("init.json", #"{"lng": "en"}"#)
        let missing = try workspace.run(["t", "k", "--init", "init.json", "--resources", "/nonexistent"])
        #expect(missing.status == 66)
        #expect(missing.stderr.contains("/nonexistent: error: no such directory"))
        try workspace.write("res/en/translation.json", #"{"k": "#)
        try workspace.write("res/en/common.json", #"{"k": "common"}"#)
        let malformed = try workspace.run(["t", "k", "--init", "init.json", "--resources", "res"])
        #expect(malformed.status == 0)
        let lines = malformed.stderr.split(separator: "\n").filter { $0.contains("translation.json") }
        #expect(lines.count == 1)
        #expect(lines.first?.contains("res/en/translation.json:1:7: warning:") == true)
        #expect(!malformed.stderr.contains("res/dev"))
    }

    @Test("format and sprintf problems are warnings on stderr; the value prints unformatted")
    func warnings() throws {
        let workspace = try Workspace(copySample: false)
        try workspace.write("init.json", #"{"lng": "en", "resources": {"en": {"translation": {"n": "{{v, number(minimumFractionDigits: -1)}}", "s": "%x"}}}}"#)
        let format = try workspace.run(["t", "n", "--init", "init.json", "--options", #"{"v": 1.5}"#])
        #expect(format.status == 0)
        #expect(format.stdout == "1.5\n")
        #expect(format.stderr.contains("warning: format 'number(minimumFractionDigits: -1)'"))
        let sprintf = try workspace.run(["t", "s", "--init", "init.json", "--options", #"{"postProcess": "sprintf", "sprintf": ["nan"]}"#])
        #expect(sprintf.status == 0)
        #expect(sprintf.stdout == "%x\n")
        #expect(sprintf.stderr.contains("expecting number but found string"))
    }

    @Test("v1 resources nesting themselves with options end instead of crashing")
    func legacySelfNesting() throws {
        let workspace = try Workspace(copySample: false)
        try workspace.write(
            "init.json", #"{"lng": "en", "compatibilityJSON": "v1", "resources": {"en": {"translation": {"self": "x $t(self, {\"count\": 2})"}}}}"#)
        let result = try workspace.run(["t", "self", "--init", "init.json"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("x x x"))
    }

    @Test("compatibilityJSON \"ios\" from --init: i18next-ios's option names, an en_US language, Objective-C sprintf, its object message")
    func iosFlavour() throws {
        let workspace = try Workspace(copySample: false)
        try workspace.write(
            "init.json",
            #"{"compatibilityJSON": "ios", "lang": "en_US", "resourcesStore": {"en-US": {"translation": {"k": "%@ has %d items at %.2f (__count__)", "o": {"a": "A"}}}}}"#
        )
        let result = try workspace.run(["t", "k", "--init", "init.json", "--options", #"{"sprintf": ["Ada", 3, 7.8], "variables": {"count": 3}}"#])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "Ada has 3 items at 7.80 (3)\n", "\(result.stdout)")
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        let object = try workspace.run(["t", "o", "--init", "init.json"])
        #expect(object.stdout == "key 'translation:o (en-US)' returned an object instead of a string\n", "\(object.stdout)")
        try workspace.write("bad.json", #"{"compatibilityJSON": "v2"}"#)
        let bad = try workspace.run(["t", "k", "--init", "bad.json"])
        #expect(bad.status != 0)
        #expect(bad.stderr.contains(#""ios""#), "\(bad.stderr)")
    }

    @Test("help prints each default once and wraps paragraphs without hard breaks")
    func help() throws {
        let workspace = try Workspace(copySample: false)
        let lint = try workspace.run(["i18n", "lint", "--help"])
        #expect(lint.stdout.components(separatedBy: "environments/locales").count == 2)
        #expect(lint.stdout.contains("Spanish needs\n\"many\", Russian \"few\" and \"many\"") || lint.stdout.contains("Spanish needs \"many\""))
        #expect(!lint.stdout.contains("\"many\", Russian\n"))
        let translate = try workspace.run(["t", "--help"])
        #expect(translate.stdout.contains("--strict"))
        #expect(!translate.stdout.contains("wins. Strings print\nraw"))
    }

    @Test("i18n lint reports missing plural forms with CLDR's categories; malformed files exit 65")
    func lint() throws {
        let workspace = try Workspace()
        #expect(try workspace.run(["i18n", "lint"]).status == 0)
        try workspace.write("environments/locales/es/translation.json", #"{"cart": {"items_one": "uno", "items_other": "{{count}}"}}"#)
        let warnings = try workspace.run(["i18n", "lint"])
        #expect(warnings.status == 0)
        #expect(
            warnings.stdout.contains(
                "environments/locales/es/translation.json:1:24: warning: lacks the plural form(s) many that es needs (CLDR: one, many, other) (at cart.items)"))
        try workspace.write("environments/locales/ca/translation.json", "{")
        let broken = try workspace.run(["i18n", "lint"])
        #expect(broken.status == 65)
        #expect(broken.stdout.contains("environments/locales/ca/translation.json:1:2: error:"))
    }
}
