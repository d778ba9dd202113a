#if Extract
import SwiftSyntax

/// The key Xcode makes of an interpolated literal passed where a `LocalizedStringKey` or
/// `String.LocalizationValue` is taken: `String(localized: "Hello \(n)")` is the key
/// `Hello %lld`, each interpolation a format specifier chosen by the value's type (`%lld` for
/// `Int`, `%llu` for `UInt`, `%lf` for `Double`, `%f` for `Float`, `%@` for `String` and
/// objects) and each `%` of the text doubled.
///
/// The type is what the syntax says: a literal, a `.count`, or a name declared with a type
/// annotation (or a literal) in a scope around the call. Where it says nothing, the key is
/// written with `%@` and ``pieces`` lets a table key with any specifier in that place match.
struct InterpolatedKey {
    /// The key, with `%@` where a type is unknown.
    var key: String
    /// The literal text around each interpolation (one more than there are interpolations),
    /// `%` doubled, when some type is unknown; `nil` when ``key`` is exact.
    var pieces: [String]?

    /// The key of `literal`, or `nil` when it is not a single-line interpolated literal.
    init?(_ literal: StringLiteralExprSyntax) {
        guard literal.openingPounds == nil else { return nil }
        var key = ""
        var pieces = [""]
        var exact = true
        for segment in literal.segments {
            if let text = segment.as(StringSegmentSyntax.self) {
                guard let value = Self.unescaped(text) else { return nil }
                let doubled = value.replacingOccurrences(of: "%", with: "%%")
                key += doubled
                pieces[pieces.count - 1] += doubled
            } else if let interpolation = segment.as(ExpressionSegmentSyntax.self) {
                // `\(value, format: …)` and other labelled forms are not plain format arguments.
                guard interpolation.expressions.count == 1, let only = interpolation.expressions.first, only.label == nil else { return nil }
                let specifier = Self.specifier(of: only.expression)
                if specifier == nil { exact = false }
                key += specifier ?? "%@"
                pieces.append("")
            }
        }
        guard pieces.count > 1 else { return nil }
        self.key = key
        self.pieces = exact ? nil : pieces
    }

    /// A text segment's value with its escapes resolved, from a one-segment literal swift-syntax reads for us.
    private static func unescaped(_ segment: StringSegmentSyntax) -> String? {
        let literal = StringLiteralExprSyntax(openingQuote: .stringQuoteToken(), segments: [.stringSegment(segment)], closingQuote: .stringQuoteToken())
        return literal.representedLiteralValue
    }

    /// The specifier Xcode writes for `expression`, when its type can be told from the syntax.
    static func specifier(of expression: ExprSyntax) -> String? {
        if expression.is(IntegerLiteralExprSyntax.self) { return "%lld" }
        if expression.is(FloatLiteralExprSyntax.self) { return "%lf" }
        if expression.is(StringLiteralExprSyntax.self) { return "%@" }
        if let member = expression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "count" { return "%lld" }
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            return declaredType(of: reference.baseName.text, around: Syntax(expression)).flatMap(specifier(forType:))
        }
        return nil
    }

    /// The specifier for a Swift type name.
    static func specifier(forType type: String) -> String? {
        switch type {
        case "Int", "Int64", "Int32", "Int16", "Int8": "%lld"
        case "UInt", "UInt64", "UInt32", "UInt16", "UInt8": "%llu"
        case "Double", "CGFloat": "%lf"
        case "Float": "%f"
        case "String", "Substring", "Character": "%@"
        default: nil
        }
    }

    /// The type `name` is declared with in a scope around `node`: a parameter, or a `let`/`var`
    /// with a type annotation or a literal value. At most 64 levels up.
    static func declaredType(of name: String, around node: Syntax) -> String? {
        var current: Syntax? = node.parent
        var depth = 0
        while let scope = current, depth < 64 {
            depth += 1
            if let function = scope.as(FunctionDeclSyntax.self) {
                for parameter in function.signature.parameterClause.parameters where (parameter.secondName ?? parameter.firstName).text == name {
                    return parameter.type.trimmedDescription
                }
            }
            if let closure = scope.as(ClosureExprSyntax.self), let parameters = closure.signature?.parameterClause?.as(ClosureParameterClauseSyntax.self) {
                for parameter in parameters.parameters where (parameter.secondName ?? parameter.firstName).text == name {
                    return parameter.type?.trimmedDescription
                }
            }
            if let block = scope.as(CodeBlockItemListSyntax.self) {
                for item in block {
                    guard let variable = item.item.as(VariableDeclSyntax.self) else { continue }
                    for binding in variable.bindings {
                        guard binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name else { continue }
                        if let annotation = binding.typeAnnotation { return annotation.type.trimmedDescription }
                        if let value = binding.initializer?.value {
                            if value.is(IntegerLiteralExprSyntax.self) { return "Int" }
                            if value.is(FloatLiteralExprSyntax.self) { return "Double" }
                            if value.is(StringLiteralExprSyntax.self) { return "String" }
                        }
                        return nil
                    }
                }
            }
            if let members = scope.as(MemberBlockItemListSyntax.self) {
                for member in members {
                    guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
                    for binding in variable.bindings where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
                        return binding.typeAnnotation?.type.trimmedDescription
                    }
                }
            }
            current = scope.parent
        }
        return nil
    }
}
#endif
