extension I18NextOptions {
    /// i18next's own default namespace, `translation`: the default of `ns` and `defaultNS`.
    public static let standardNamespace = "translation"

    /// The namespace a key without `ns:` is looked up in when `ns` lists `namespaces` and
    /// `defaultNS` is not set: `translation` when listed (or when nothing is), else the first,
    /// as i18next's `init` decides it. The engine's options, the resources of a directory
    /// (`DirectoryBackend.defaultNamespace`), the generated accessors and key extraction all
    /// take it from here.
    public static func defaultNamespace(among namespaces: [String]) -> String {
        namespaces.isEmpty || namespaces.contains(standardNamespace) ? standardNamespace : namespaces[0]
    }
}
