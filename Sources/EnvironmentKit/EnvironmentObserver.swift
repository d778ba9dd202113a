/// Something that wants to know when the app's language changes.
///
/// Observers are held weakly, as in T21Environment: an observer that goes away is simply no
/// longer called, without having to remove itself.
public protocol EnvironmentObserver: AnyObject, Sendable {
    /// Called once for each actual change of the app language, after it took effect, in the
    /// order of the changes. It may set the language again; that change is delivered after this one.
    func environmentLanguageDidChange(to language: String)
}

/// The outcome of ``AppEnvironment/setAppLanguage(_:)``.
public enum LanguageUpdateResult: Sendable, Hashable {
    /// The language changed; observers were notified.
    case updated
    /// The language is not one of the document's `languages`; nothing changed.
    case notSupported
    /// The language was already the current one (compared case-insensitively); observers were not notified.
    case sameAsBefore
}

/// Why the app runs in its current language.
public enum LanguageSource: Sendable, Hashable {
    /// The user's saved choice (from `setAppLanguage` or `envtool set-language`), read from this file.
    case savedChoice(path: String)
    /// The best match for the system's preferred languages, listed here.
    case system(preferred: [String])
    /// Nothing matched: the first of `languages`, the development language.
    case fallback
}
