import SwiftUI

// One call of each form envtool i18n extract reads; Tests/KeyExtractionTests expect these exact
// keys, tables, comments, defaults and positions.
struct WelcomeView: View {
    var body: some View {
        VStack {
            Text("welcome.title", tableName: "Onboarding", comment: "Title of the first screen")
            Button("Continue") {
                print(NSLocalizedString("alert.saved", tableName: "Alerts", value: "Saved!", comment: "After saving"))
            }
            Label("Settings", systemImage: "gear")
        }
    }
}

func apis(env: AppEnvironment, i18n: I18Next) {
    _ = String(localized: "greeting", defaultValue: "Hello", table: "Main", comment: "Says hello")
    _ = LocalizedStringKey("key.literal")
    _ = LocalizedStringResource("resource.key", defaultValue: "Resource", comment: "A resource")
    _ = env.localizedString("files_count", defaultValue: "%d files")
    _ = env.lookupLocalizedString("plain", table: "Extra")
    _ = Bundle.main.localizedString(forKey: "bundle.key", value: "From bundle", table: nil)
    _ = env.translate("app.title")
    _ = i18n.t("cart.items", ["count": 2, "defaultValue": "{{count}} items"])
    _ = t("common:hello", ["defaultValue": "Hi"])
    _ = t("farewell", ["ns": "extra"])
    _ = t("friend", ["context": "male"])
    _ = t(["first.choice", "second.choice"])
}
