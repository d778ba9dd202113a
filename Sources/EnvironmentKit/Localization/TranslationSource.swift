/// Where ``AppEnvironment/localizedString(_:table:language:defaultValue:arguments:)`` looks for a key.
public enum TranslationSource: Sendable, Hashable {
    /// The i18next resources (`locales/<lng>/<ns>.json`).
    case i18next
    /// The `.strings` tables (`<lng>.lproj/<Table>.strings`, `<LANG>.strings`).
    case stringsTables
}
