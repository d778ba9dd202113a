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

    @Test("i18n lint reports missing plural forms with CLDR's categories; malformed files exit 65")
    func lint() throws {
        let workspace = try Workspace()
        #expect(try workspace.run(["i18n", "lint"]).status == 0)
        try workspace.write("environments/locales/es/translation.json", #"{"cart": {"items_one": "uno", "items_other": "{{count}}"}}"#)
        let warnings = try workspace.run(["i18n", "lint"])
        #expect(warnings.status == 0)
        #expect(warnings.stderr.contains("environments/locales/es/translation.json:1:24: warning: \"cart.items\" lacks the plural form(s) \"cart.items_many\" that es needs"))
        try workspace.write("environments/locales/ca/translation.json", "{")
        let broken = try workspace.run(["i18n", "lint"])
        #expect(broken.status == 65)
        #expect(broken.stderr.contains("environments/locales/ca/translation.json:1:2: error:"))
    }
}
