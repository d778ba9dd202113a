/// The names of the calls that take a localization key, shared by the extractor (which finds
/// them) and the catalog writer (which records them as Xcode would).
enum CallForms {
    /// SwiftUI initializers whose first, unlabeled argument is a `LocalizedStringKey` when it is a literal.
    static let viewTitles: Set<String> = [
        "Text", "Button", "Label", "Toggle", "Link", "Section", "Picker", "Menu",
        "NavigationLink", "TextField", "SecureField", "Stepper",
    ]

    /// The calls whose keys Xcode's own extraction finds; envtool's `localizedString`,
    /// `lookupLocalizedString` and Foundation's `localizedString(forKey:)` are not among them.
    static let extractedByXcode: Set<String> = viewTitles.union([
        "NSLocalizedString", "String(localized:)", "AttributedString(localized:)",
        "LocalizedStringResource", "LocalizedStringKey",
    ])
}
