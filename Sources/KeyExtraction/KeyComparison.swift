import Diagnostics
import Platform

/// Compares the keys sources use with the keys tables and resources define: what is missing
/// (used, not defined in the development language) and what is unused (defined, used nowhere).
package struct KeyComparison: Sendable {
    /// The Apple tables.
    package let apple: AppleKeyInventory
    /// The i18next resources.
    package let i18next: I18NextKeyInventory
    /// Translation files of any registered format that become Apple tables (`--translations`).
    package let translations: TranslationKeyInventory

    /// A comparison against these tables, resources and translation files.
    package init(apple: AppleKeyInventory, i18next: I18NextKeyInventory, translations: TranslationKeyInventory = .none) {
        self.apple = apple
        self.i18next = i18next
        self.translations = translations
    }

    /// The keys `usages` need that are not defined, one per system, table and key, in order of first use.
    package func missing(_ usages: [KeyUsage]) -> [MissingKey] {
        struct Identity: Hashable { let system: KeyUsage.System; let table: String; let key: String }
        var order: [Identity] = []
        var groups: [Identity: [KeyUsage]] = [:]
        for usage in usages.map(resolved) where !defines(usage) {
            let identity = Identity(system: usage.system, table: usage.table, key: usage.key)
            if groups[identity] == nil { order.append(identity) }
            groups[identity, default: []].append(usage)
        }
        return order.compactMap { identity in
            guard let uses = groups[identity], let first = uses.first else { return nil }
            return MissingKey(
                usage: first, uses: uses.count, defaultValue: uses.lazy.compactMap(\.defaultValue).first,
                comment: uses.lazy.compactMap(\.comment).first)
        }
    }

    /// `usage` with the namespace the app's engine looks it up in: an i18next call that names
    /// none is in the resources' default namespace (``I18NextKeyInventory/defaultNamespace``);
    /// an interpolated key whose value types are unknown (``KeyUsage/keyPieces``) becomes the
    /// table's key that has a format specifier in each of its places, when one does.
    package func resolved(_ usage: KeyUsage) -> KeyUsage {
        if usage.system == .apple, let pieces = usage.keyPieces,
            !apple.defines(usage.key, table: usage.table), !translations.defines(usage.key, table: usage.table)
        {
            let candidates = Array((apple.keys[usage.table] ?? [:]).keys) + Array((translations.keys[usage.table] ?? [:]).keys)
            if let match = candidates.sorted().first(where: { KeyPieces.matches($0, pieces: pieces) }) {
                var resolved = usage
                resolved.key = match
                return resolved
            }
            return usage
        }
        guard usage.system == .i18next, !usage.namesTable else { return usage }
        var resolved = usage
        resolved.table = i18next.defaultNamespace
        return resolved
    }

    /// Whether the development language defines the key `usage` asks for.
    package func defines(_ usage: KeyUsage) -> Bool {
        let usage = resolved(usage)
        switch usage.system {
        case .apple: return apple.defines(usage.key, table: usage.table) || translations.defines(usage.key, table: usage.table)
        case .i18next: return i18next.defines(usage.key, namespace: usage.table, withContext: usage.hasContext)
        }
    }

    /// The defined keys no usage asks for, with their system and table, sorted by file and position.
    package func unused(_ usages: [KeyUsage]) -> [(system: KeyUsage.System, table: String, key: DefinedKey)] {
        var appleUsed: [String: Set<String>] = [:]
        var i18nextUsed: [String: [KeyUsage]] = [:]
        for usage in usages.map(resolved) {
            switch usage.system {
            case .apple: appleUsed[usage.table, default: []].insert(usage.key)
            case .i18next: i18nextUsed[usage.table, default: []].append(usage)
            }
        }
        var result: [(system: KeyUsage.System, table: String, key: DefinedKey)] = []
        for (table, keys) in apple.keys.merging(translations.keys, uniquingKeysWith: { $0.merging($1) { first, _ in first } }) {
            for (key, defined) in keys where appleUsed[table]?.contains(key) != true {
                result.append((.apple, table, defined))
            }
        }
        for (namespace, keys) in i18next.keys {
            let uses = i18nextUsed[namespace] ?? []
            let exact = Set(uses.map(\.key))
            let withContext = Set(uses.filter(\.hasContext).map(\.key))
            for defined in keys {
                if exact.contains(defined.key) { continue }
                // `t("app", {returnObjects})` uses the object's keys; a context call uses `key_<context>`.
                if I18NextKeyInventory.prefixes(of: defined.key, before: ".").contains(where: exact.contains) { continue }
                if I18NextKeyInventory.prefixes(of: defined.key, before: "_").contains(where: withContext.contains) { continue }
                result.append((.i18next, namespace, defined))
            }
        }
        return result.sorted {
            ($0.key.file, $0.key.line ?? 0, $0.key.column ?? 0, $0.key.key) < ($1.key.file, $1.key.line ?? 0, $1.key.column ?? 0, $1.key.key)
        }
    }

    // MARK: Diagnostics

    /// Where a missing key belongs, for the message and for `--write`.
    package func destination(of missing: MissingKey) -> String {
        let (root, relativePath) = confinedDestination(of: missing)
        return PathText.appending(root, relativePath)
    }

    /// Where a missing key belongs, as the folder `--write` is confined to (the tables or the
    /// locales) and the path below it: the table and namespace come from string literals in
    /// sources, so the write goes through `AtomicFile`'s confined writer, which refuses a path
    /// that leaves the folder or passes a link.
    package func confinedDestination(of missing: MissingKey) -> (root: String, relativePath: String) {
        switch missing.system {
        case .apple:
            if let catalog = apple.catalogs[missing.table], catalog.hasPrefix(apple.directory + "/") {
                return (apple.directory, String(catalog.dropFirst(apple.directory.count + 1)))
            }
            return (apple.directory, missing.table + ".xcstrings")
        case .i18next:
            return (i18next.directory, i18next.developmentLanguage + "/" + missing.table + ".json")
        }
    }

    /// A missing key as a warning at its first use.
    package func diagnostic(_ missing: MissingKey) -> Diagnostic {
        let usage = missing.usage
        let elsewhere = missing.uses > 1 ? " (used in \(missing.uses) places)" : ""
        let message: String
        switch missing.system {
        case .apple:
            message =
                "\(quotedKey(missing.key)) is not in the table \(missing.table) for \(apple.developmentLanguage)\(elsewhere); add it to \(destination(of: missing)), or run extract with --write"
        case .i18next:
            message =
                "\(quotedKey(missing.key)) is not in the i18next namespace \(missing.table) for \(i18next.developmentLanguage)\(elsewhere); add it to \(destination(of: missing)), or run extract with --write"
        }
        return Diagnostic(.warning, file: usage.file, line: usage.line, column: usage.column, message: message)
    }

    /// An unused key as a warning where it is defined.
    package static func diagnostic(unused: (system: KeyUsage.System, table: String, key: DefinedKey)) -> Diagnostic {
        let what = unused.system == .apple ? "table \(unused.table)" : "i18next namespace \(unused.table)"
        return Diagnostic(
            .warning, file: unused.key.file, line: unused.key.line, column: unused.key.column,
            message:
                "\(quotedKey(unused.key.key)) (\(what)) is not used by the Swift sources searched; remove it if nothing else uses it (a key built at run time is not seen by extract)"
        )
    }
}
