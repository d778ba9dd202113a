#if Extract
import Diagnostics
import SwiftSyntax
import TranslationFormats

/// Visits every call of a source file (nested closures, `#if` branches and all) and records the
/// ones that ask for a localized string.
///
/// The call forms, by the name called:
/// - `NSLocalizedString(key, tableName:, bundle:, value:, comment:)`
/// - `String(localized:defaultValue:table:bundle:locale:comment:)`, also `AttributedString(localized:)`
/// - `LocalizedStringKey(key)`, `LocalizedStringResource(key, defaultValue:, table:, comment:)`
/// - SwiftUI views whose title is a `LocalizedStringKey`: `Text(key, tableName:, comment:)`,
///   `Button`, `Label`, `Toggle`… with a literal first argument (with a `String` variable they show
///   it verbatim, so a non-literal title is not a key)
/// - envtool's `localizedString(key, table:, defaultValue:)` and `lookupLocalizedString(key, table:)`,
///   Foundation's `localizedString(forKey:value:table:)`
/// - envtool's i18next calls `t(key, options)` / `translate(key, options)` (also `i18n.t`, and an
///   array of keys), with `["defaultValue": …, "ns": …, "context": …]` as the options literal.
///
/// Not `final` by choice of swift-syntax: `SyntaxVisitor` is an open class; the visitor is internal
/// and used on one thread, from ``SwiftKeyExtractor``.
final class KeyCallVisitor: SyntaxVisitor {
    let file: String
    let bytes: UnsafeBufferPointer<UInt8>
    private var locator = SourceLocator()
    private(set) var usages: [KeyUsage] = []
    private(set) var diagnostics: [Diagnostic] = []
    /// Calls refused because what they name cannot be a table or namespace file (errors,
    /// exit 65): the name becomes an output path of `--write`.
    private(set) var invalid: [Diagnostic] = []
    /// Member chains below the generated translations namespace (`L10n.cart.items`), which
    /// ``AccessorUses`` turns into the keys they look up.
    private(set) var accessorUses: [AccessorUse] = []

    init(file: String, bytes: UnsafeBufferPointer<UInt8>) {
        self.file = file
        self.bytes = bytes
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        inspect(node)
        return .visitChildren
    }

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        // The outermost access of a chain: `L10n.cart.items` in `L10n.cart.items(count: 3)`.
        if let parent = node.parent?.as(MemberAccessExprSyntax.self), parent.base?.id == node.id { return .visitChildren }
        var members: [String] = []
        var current: ExprSyntax? = ExprSyntax(node)
        while let access = current?.as(MemberAccessExprSyntax.self), members.count < 64 {
            members.insert(access.declName.baseName.text, at: 0)
            current = access.base
        }
        if let root = current?.as(DeclReferenceExprSyntax.self), root.baseName.text == AccessorUse.namespace, !members.isEmpty {
            let (line, column) = position(of: node)
            accessorUses.append(AccessorUse(members: members, file: file, line: line, column: column))
        }
        return .visitChildren
    }

    // MARK: Call forms

    private func inspect(_ call: FunctionCallExprSyntax) {
        guard let name = Self.calledName(call.calledExpression) else { return }
        let arguments = Array(call.arguments)
        guard let first = arguments.first else { return }
        let label = first.label?.text
        switch (name, label) {
        case ("NSLocalizedString", nil):
            apple(call, first.expression, form: name, table: "tableName", value: "value", comment: "comment")
        case ("String", "localized"), ("AttributedString", "localized"):
            apple(call, first.expression, form: "\(name)(localized:)", table: "table", value: "defaultValue", comment: "comment")
        case ("LocalizedStringKey", nil):
            apple(call, first.expression, form: name, table: nil, value: nil, comment: nil)
        case ("LocalizedStringResource", nil):
            apple(call, first.expression, form: name, table: "table", value: "defaultValue", comment: "comment")
        case ("localizedString", nil):
            apple(call, first.expression, form: name, table: "table", value: "defaultValue", comment: nil)
        case ("localizedString", "forKey"):
            apple(call, first.expression, form: "localizedString(forKey:)", table: "table", value: "value", comment: nil)
        case ("lookupLocalizedString", nil):
            apple(call, first.expression, form: name, table: "table", value: nil, comment: nil)
        case ("t", nil), ("translate", nil):
            i18next(call, arguments, form: name)
        case (let view, nil) where CallForms.viewTitles.contains(view):
            // Only a literal title is a key: `Text(someString)` shows the string as it is.
            guard first.expression.is(StringLiteralExprSyntax.self) else { return }
            apple(call, first.expression, form: view, table: "tableName", value: nil, comment: "comment")
        default:
            return
        }
    }

    /// The name a call is made by: `f` in `f(…)`, `a.b.f(…)` and `f.init(…)`'s `f`.
    static func calledName(_ expression: ExprSyntax) -> String? {
        if let reference = expression.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        if let member = expression.as(MemberAccessExprSyntax.self) {
            let name = member.declName.baseName.text
            if name == "init", let base = member.base { return calledName(base) }
            return name
        }
        return nil
    }

    /// The forms whose key is a `LocalizedStringKey` or `String.LocalizationValue`, where an
    /// interpolation becomes a format argument (``InterpolatedKey``) rather than part of the key.
    static let interpolatingForms: Set<String> = CallForms.viewTitles.union([
        "String(localized:)", "AttributedString(localized:)",
        "LocalizedStringResource", "LocalizedStringKey",
    ])

    private func apple(
        _ call: FunctionCallExprSyntax, _ keyExpression: ExprSyntax, form: String,
        table tableLabel: String?, value valueLabel: String?, comment commentLabel: String?
    ) {
        var pieces: [String]? = nil
        let key: String
        if Self.plainLiteral(keyExpression) == nil, Self.interpolatingForms.contains(form),
            let literal = keyExpression.as(StringLiteralExprSyntax.self), let interpolated = InterpolatedKey(literal)
        {
            key = interpolated.key
            pieces = interpolated.pieces
        } else {
            guard let plain = literal(keyExpression, role: "key", form: form) else { return }
            key = plain
        }
        var table = KeyUsage.defaultTable
        var namesTable = false
        // `table: nil` is the default table, as Foundation reads it.
        if let tableLabel, let expression = argument(call, tableLabel), !expression.is(NilLiteralExprSyntax.self) {
            guard let named = literal(expression, role: "table name", form: form),
                fileName(named, role: "table name", form: form, at: expression)
            else { return }
            table = named
            namesTable = true
        }
        let value = valueLabel.flatMap { argument(call, $0) }.flatMap(Self.plainLiteral)
        let comment = commentLabel.flatMap { argument(call, $0) }.flatMap(Self.plainLiteral).flatMap { $0.isEmpty ? nil : $0 }
        record(
            .apple, key: key, table: table, comment: comment, value: value, hasContext: false, namesTable: namesTable,
            form: form, at: keyExpression, keyPieces: pieces)
    }

    private func i18next(_ call: FunctionCallExprSyntax, _ arguments: [LabeledExprSyntax], form: String) {
        var options: [String: ExprSyntax] = [:]
        if arguments.count > 1, arguments[1].label == nil, let dictionary = arguments[1].expression.as(DictionaryExprSyntax.self),
            case .elements(let elements) = dictionary.content
        {
            for element in elements {
                if let name = Self.plainLiteral(element.key) { options[name] = element.value }
            }
        }
        var namespace: String? = nil
        if let expression = options["ns"] {
            guard let named = literal(expression, role: "namespace", form: form),
                fileName(named, role: "namespace", form: form, at: expression)
            else { return }
            namespace = named
        }
        let value = options["defaultValue"].flatMap(Self.plainLiteral)
        let hasContext = options["context"] != nil
        let keyExpression = arguments[0].expression
        // An array of keys is i18next's fallback list: each of them is used.
        let keyExpressions = keyExpression.as(ArrayExprSyntax.self).map { $0.elements.map(\.expression) } ?? [keyExpression]
        for expression in keyExpressions {
            guard let written = literal(expression, role: "key", form: form) else { continue }
            var key = written
            var table = namespace ?? KeyUsage.defaultNamespace
            var namesTable = namespace != nil
            if let (prefix, rest) = Self.namespacePrefix(written) {
                guard fileName(prefix, role: "namespace", form: form, at: expression) else { continue }
                table = prefix
                key = rest
                namesTable = true
            }
            record(
                .i18next, key: key, table: table, comment: nil, value: value, hasContext: hasContext, namesTable: namesTable,
                form: form, at: expression)
        }
    }

    /// `ns:key` as i18next splits it with its default `nsSeparator` (`:`): a prefix without
    /// spaces, and a key that does not start with one.
    static func namespacePrefix(_ key: String) -> (String, String)? {
        guard let colon = key.firstIndex(of: ":") else { return nil }
        let prefix = key[..<colon]
        let rest = key[key.index(after: colon)...]
        // "Error: {{message}}" is a sentence, not a namespace: no space around the separator.
        guard !prefix.isEmpty, !prefix.contains(where: \.isWhitespace), let first = rest.first, !first.isWhitespace else { return nil }
        return (String(prefix), String(rest))
    }

    // MARK: Literals

    /// The argument labelled `label`, if the call has one.
    private func argument(_ call: FunctionCallExprSyntax, _ label: String) -> ExprSyntax? {
        call.arguments.first { $0.label?.text == label }?.expression
    }

    /// The value of a plain string literal (escapes resolved), or `nil` for anything else.
    static func plainLiteral(_ expression: ExprSyntax) -> String? {
        expression.as(StringLiteralExprSyntax.self)?.representedLiteralValue
    }

    /// The value of `expression` when it is a plain string literal; otherwise a warning at it and `nil`.
    private func literal(_ expression: ExprSyntax, role: String, form: String) -> String? {
        if let value = Self.plainLiteral(expression) { return value }
        let reason: String
        if let string = expression.as(StringLiteralExprSyntax.self) {
            if string.segments.contains(where: { $0.is(ExpressionSegmentSyntax.self) }) {
                reason =
                    "is an interpolated string, so it is only known at run time; use a literal \(role) and pass the values as arguments, or add the keys it makes by hand"
            } else {
                reason = "is a malformed string literal (an invalid escape or a missing quote); fix it"
            }
        } else {
            reason = "is not a string literal, so it is only known at run time; use a literal \(role) where you can, and add the keys it can take by hand"
        }
        warn("the \(role) of \(form) \(reason)", at: expression)
        return nil
    }

    /// Whether `name`, a table or namespace a call names, can name its file (`<name>.xcstrings`,
    /// `<lng>/<name>.json`) by the rule every output path read from content follows
    /// (``TranslationConverter/isTableName(_:)``); otherwise an error at `node` and `false`.
    private func fileName(_ name: String, role: String, form: String, at node: ExprSyntax) -> Bool {
        if TranslationConverter.isTableName(name) { return true }
        let (line, column) = position(of: node)
        invalid.append(
            Diagnostic(
                file: file, line: line, column: column,
                message:
                    "the \(role) \(Diagnostic.quoted(name)) of \(form) cannot name a file (it is empty, starts with '.', or has a '/' or a control character); a \(role) names the file its keys are written to, so use a plain name"
            ))
        return false
    }

    // MARK: Results

    private func position(of node: some SyntaxProtocol) -> (line: Int, column: Int) {
        locator.location(of: node.positionAfterSkippingLeadingTrivia.utf8Offset, in: bytes)
    }

    private func record(
        _ system: KeyUsage.System, key: String, table: String, comment: String?, value: String?,
        hasContext: Bool, namesTable: Bool, form: String, at node: ExprSyntax, keyPieces: [String]? = nil
    ) {
        let (line, column) = position(of: node)
        var usage = KeyUsage(
            system: system, key: key, table: table, comment: comment, defaultValue: value,
            hasContext: hasContext, namesTable: namesTable, form: form, file: file, line: line, column: column)
        usage.keyPieces = keyPieces
        usages.append(usage)
    }

    private func warn(_ message: String, at node: ExprSyntax) {
        let (line, column) = position(of: node)
        diagnostics.append(Diagnostic(.warning, file: file, line: line, column: column, message: message))
    }
}
#endif
