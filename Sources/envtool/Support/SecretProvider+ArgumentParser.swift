import ArgumentParser

/// How an option of the table is declared to ArgumentParser. Kept apart from the table so that
/// the fast path, which reads the table at every start of `get`, touches no ArgumentParser type.
extension SecretProvider.Option {
    /// `-R, --recipients-file` or `--key-file`.
    var argumentName: NameSpecification {
        NameSpecification((short.map { [NameSpecification.Element.customShort($0)] } ?? []) + [.customLong(name)])
    }

    /// The help text and value name.
    var argumentHelp: ArgumentHelp {
        ArgumentHelp(help, valueName: value == .flag ? nil : valueName)
    }
}
