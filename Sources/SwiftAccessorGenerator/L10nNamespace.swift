import Diagnostics

/// Emits the `L10n` namespace: nested enums for the segments of the keys, and per key a static
/// property (no parameters) or function whose parameters come from its placeholders and plural
/// forms, documented with the development-language text.
///
/// Accessors translate through `AppEnvironment` at run time (`translate` for i18next,
/// `lookupLocalizedString` for `.strings`), so language, fallbacks and plural rules stay the
/// library's. Until ``environment`` is set they return the key, as i18next does without resources.
struct L10nNamespace {
    let typeName: String
    let access: AccessLevel
    private(set) var diagnostics: [Diagnostic] = []
    private var root = Node(key: "")

    /// The name of the file-private helper the accessors call; no key may take it.
    static let runtimeName = "EnvtoolL10nRuntime"
    private static let runtime = SwiftCode(stringLiteral: runtimeName)

    private struct Node {
        /// The key segment this namespace was made for, named in collision reports.
        var key: String
        var children: [(name: String, node: Node)] = []
        var entries: [(name: String, entry: TranslationEntry)] = []
        /// Names taken in this scope, with the key that took them: `name` for properties and
        /// namespaces, `name(label:)` for functions (Swift lets a property and functions share a name).
        var taken: [String: String] = [:]
        init(key: String) { self.key = key }
    }

    /// Whether an accessor translates with i18next / looks up a `.strings` table.
    let usesI18Next: Bool
    let usesStrings: Bool

    init(typeName: String, access: AccessLevel, entries: [TranslationEntry]) {
        self.typeName = typeName
        self.access = access
        usesI18Next = entries.contains { $0.source == .i18next }
        usesStrings = entries.contains { $0.source != .i18next }
        for entry in entries { add(entry) }
    }

    private mutating func add(_ entry: TranslationEntry) {
        var collision: String?
        Self.insert(entry, segments: entry.path[...], into: &root, isRoot: true, collision: &collision)
        if let collision {
            diagnostics.append(
                Diagnostic(
                    .error, file: entry.file, line: entry.line, path: entry.key,
                    message: "the keys \"\(collision)\" and \"\(entry.key)\" both become the same Swift name in \(typeName); rename one of them"))
        }
    }

    /// Names the namespace itself uses at its top level; a key spelled so gets a trailing `_`.
    static let reservedRootNames: Set<String> = ["environment", runtimeName]

    private static func insert(
        _ entry: TranslationEntry, segments: ArraySlice<String>, into node: inout Node, isRoot: Bool = false,
        collision: inout String?
    ) {
        guard let first = segments.first else { return }
        var name = SwiftIdentifier.member(first)
        if isRoot && reservedRootNames.contains(name) { name += "_" }
        if segments.count == 1 {
            let signature = entry.parameters.isEmpty ? name : "\(name)(\(labels(entry).joined(separator: ":")):)"
            if let other = node.taken[signature] ?? (node.children.contains { $0.name == name } ? node.taken[name] : nil) {
                collision = other
                return
            }
            node.taken[signature] = entry.key
            node.entries.append((name, entry))
            return
        }
        if let index = node.children.firstIndex(where: { $0.name == name }) {
            guard node.children[index].node.key == first else {
                collision = node.taken[name] ?? first
                return
            }
            insert(entry, segments: segments.dropFirst(), into: &node.children[index].node, collision: &collision)
            return
        }
        // A namespace cannot share its name with a property or function of the same scope.
        if let other = node.taken[name] ?? node.taken.first(where: { $0.key.hasPrefix(name + "(") })?.value {
            collision = other
            return
        }
        node.taken[name] = entry.key
        var child = Node(key: first)
        insert(entry, segments: segments.dropFirst(), into: &child, collision: &collision)
        node.children.append((name, child))
    }

    /// The argument labels: the variable's name, `_` for positional arguments; an i18next ordinal
    /// plural takes its count as `ordinal:` so it never clashes with the cardinal form.
    private static func labels(_ entry: TranslationEntry) -> [String] {
        entry.parameters.map { parameter in
            guard let variable = parameter.variable else { return "_" }
            if variable == "count" && entry.isOrdinal { return "ordinal" }
            return SwiftIdentifier.member(variable)
        }
    }

    func write(to writer: inout SwiftSourceWriter, source: String, language: String) {
        let modifier = access.modifier
        writer.documentation([
            "The translations of `\(source)`, generated from the development language (\(language)).",
            "",
            "Each accessor translates in the app's current language through ``environment``; until it is set,",
            "accessors return their key.",
        ])
        writer.block("\(modifier)enum \(name: typeName)") { writer in
            writer.documentation(["The environment whose language, resources and fallbacks the accessors use; set it once at start."])
            writer.block("\(modifier)static var environment: EnvironmentKit.AppEnvironment?") { writer in
                writer.line("get { \(Self.runtime).environment.withLock { $0 } }")
                writer.line("set { \(Self.runtime).environment.withLock { $0 = newValue } }")
            }
            writeMembers(of: root, to: &writer, modifier: modifier)
        }
        writer.line()
        writer.documentation(["What the accessors call: one place that reads the environment, so each accessor is one line."])
        writer.block("fileprivate enum \(Self.runtime)") { writer in
            writer.line("static let environment = Synchronization.Mutex<EnvironmentKit.AppEnvironment?>(nil)")
            // Each helper only when an accessor calls it: without i18next keys the file does not
            // import I18Next, and an unused helper would be the app's warning.
            if usesI18Next {
                writer.line()
                writer.block("static func translate(_ key: Swift.String, _ options: TranslationOptions) -> Swift.String") { writer in
                    writer.line("guard let environment = environment.withLock({ $0 }) else { return key }")
                    writer.line("return environment.translate(key, options).stringValue ?? key")
                }
            }
            guard usesStrings else { return }
            writer.line()
            writer.block(
                "static func localized(_ key: Swift.String, table: Swift.String, _ arguments: [any Swift.CustomStringConvertible & Swift.Sendable]) -> Swift.String"
            ) { writer in
                writer.line("guard let environment = environment.withLock({ $0 }) else { return key }")
                writer.line("return environment.lookupLocalizedString(key, table: table, sources: [.stringsTables], arguments: arguments) ?? key")
            }
        }
    }

    private func writeMembers(of node: Node, to writer: inout SwiftSourceWriter, modifier: SwiftCode, leadingBlank: Bool = true) {
        var first = !leadingBlank
        for (name, entry) in node.entries {
            if !first { writer.line() }
            first = false
            writer.documentation(entry.documentation.isEmpty ? ["`\(entry.key)`"] : entry.documentation.map { "`\($0)`" })
            writer.documentation(["", "Key: `\(entry.key)`."])
            let call = callExpression(entry)
            if entry.parameters.isEmpty {
                writer.line("\(modifier)static var \(name: name): Swift.String { \(call) }")
            } else {
                let labels = Self.labels(entry)
                let parameters = zip(labels, entry.parameters).enumerated().map { index, pair -> SwiftCode in
                    let label: SwiftCode = pair.0 == "_" ? "_" : "\(name: pair.0)"
                    return "\(label) p\(index + 1): \(swiftType(pair.1.kind))"
                }
                writer.line("\(modifier)static func \(name: name)(\(SwiftCode.joined(parameters, separator: ", "))) -> Swift.String { \(call) }")
            }
        }
        for (name, child) in node.children {
            if !first { writer.line() }
            first = false
            writer.block("\(modifier)enum \(name: name)") { writer in
                writeMembers(of: child, to: &writer, modifier: modifier, leadingBlank: false)
            }
        }
    }

    private func swiftType(_ kind: TranslationEntry.Parameter.Kind) -> SwiftCode {
        switch kind {
        case .string: return "Swift.String"
        case .int: return "Swift.Int"
        case .double: return "Swift.Double"
        case .character: return "Swift.Character"
        }
    }

    private func callExpression(_ entry: TranslationEntry) -> SwiftCode {
        let key: SwiftCode = "\(literal: entry.key)"
        switch entry.source {
        case .i18next:
            var options = entry.parameters.enumerated().map { index, parameter -> SwiftCode in
                let value: SwiftCode
                switch parameter.kind {
                case .string: value = ".string(p\(index + 1))"
                case .int: value = ".number(Swift.Double(p\(index + 1)))"
                case .double: value = ".number(p\(index + 1))"
                // i18next variables are never characters; a `String` keeps the switch exhaustive.
                case .character: value = ".string(Swift.String(p\(index + 1)))"
                }
                return "\(literal: parameter.variable ?? ""): \(value)"
            }
            if entry.isOrdinal { options.append("\"ordinal\": .bool(true)") }
            return "\(Self.runtime).translate(\(key), [\(options.isEmpty ? ":" : SwiftCode.joined(options, separator: ", "))])"
        case .strings(let table):
            let arguments = entry.parameters.indices.map { "p\($0 + 1)" as SwiftCode }
            return "\(Self.runtime).localized(\(key), table: \(literal: table), [\(SwiftCode.joined(arguments, separator: ", "))])"
        }
    }
}
