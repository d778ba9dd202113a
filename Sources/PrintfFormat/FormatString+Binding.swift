/// The arguments one conversion reads: its value and, for `*` fields, its width and precision
/// (1-based; they may be past the end of the arguments).
package struct FormatBinding: Sendable, Hashable {
    package var argument: Int
    package var width: Int?
    package var precision: Int?
}

/// What ``FormatString/walk(_:variables:bound:next:depth:budget:visit:forms:)`` meets, in order.
enum FormatStep<Variable: FormatVariable> {
    /// Literal text (`%%` as `%`).
    case text(String)
    /// A `%…` that is not a conversion, kept as written.
    case malformed(String)
    /// A conversion and the arguments it reads.
    case conversion(FormatConversion, FormatBinding)
    /// A `%#@name@` reading `argument`; `variable` is `nil` when it cannot be expanded (unknown
    /// name, nesting or expansion limit), and the reference then stays as written.
    case variable(Variable?, argument: Int, source: String)
}

extension FormatString {
    /// The one place that binds conversions to arguments, for formatting, signatures and the
    /// plural selector alike:
    /// - a conversion with a position reads that argument; one without reads the variable's
    ///   argument inside a plural form (`bound`), else the next one;
    /// - an unnumbered `*` reads the next argument, before the value, as CoreFoundation does;
    /// - `%#@name@` reads the variable's `argNum`, else its position, else `bound`, else the next
    ///   argument; then each form `forms` returns is walked with that argument bound, each
    ///   starting from the same next argument.
    static func walk<Variable: FormatVariable>(
        _ tokens: [FormatToken], variables: [String: Variable], bound: Int?, next: inout Int,
        depth: Int, budget: inout Int, visit: (FormatStep<Variable>) -> Void,
        forms: (Variable, Int) -> [FormatString]
    ) {
        for token in tokens {
            switch token {
            case .text(let literal):
                visit(.text(literal))
            case .percent:
                visit(.text("%"))
            case .malformed(let source):
                visit(.malformed(source))
            case .conversion(let conversion):
                func field(_ field: FormatConversion.Field?) -> Int? {
                    guard case .argument(let position)? = field else { return nil }
                    if let position { return position }
                    defer { next += 1 }
                    return next
                }
                let width = field(conversion.width)
                let precision = field(conversion.precision)
                let index: Int
                if let position = conversion.position {
                    index = position
                } else if let bound {
                    index = bound
                } else {
                    index = next
                    next += 1
                }
                visit(.conversion(conversion, FormatBinding(argument: index, width: width, precision: precision)))
            case .variable(let name, let position, let source):
                let index: Int
                if let explicit = variables[name]?.argumentNumber ?? position {
                    index = explicit
                } else if let bound {
                    index = bound
                } else {
                    index = next
                    next += 1
                }
                guard let variable = variables[name], depth < maximumNesting, budget > 0 else {
                    visit(.variable(nil, argument: index, source: source))
                    continue
                }
                budget -= 1
                visit(.variable(variable, argument: index, source: source))
                for form in forms(variable, index) {
                    var formNext = next
                    walk(
                        form.tokens, variables: variables, bound: index, next: &formNext, depth: depth + 1,
                        budget: &budget, visit: visit, forms: forms)
                }
            }
        }
    }

    /// The text for `arguments`, each `%#@name@` replaced by the form `form` chooses for its
    /// variable and argument (`nil`: the argument is missing).
    package func format<Variable: FormatVariable>(
        _ arguments: [FormatArgument], variables: [String: Variable],
        form: (Variable, FormatArgument?) -> FormatString?
    ) -> String {
        if tokens.count == 1, case .text(let literal) = tokens[0] { return literal }
        var output = ""
        walk(
            variables: variables, budget: Self.maximumExpansions,
            visit: { step in
                switch step {
                case .text(let literal), .malformed(let literal):
                    output += literal
                case .conversion(let conversion, let binding):
                    output += conversion.format(binding, arguments)
                case .variable(nil, _, let source):
                    output += source
                case .variable:
                    break
                }
            },
            forms: { variable, index in
                form(variable, index >= 1 && index <= arguments.count ? arguments[index - 1] : nil).map { [$0] } ?? []
            })
        return output
    }

    /// The text for `arguments`; a `%#@name@` stays as written.
    package func format(_ arguments: [FormatArgument]) -> String {
        format(arguments, variables: [String: NoVariable]()) { _, _ in nil }
    }

    /// The text for Swift values or command-line text.
    package func format(_ arguments: [any CustomStringConvertible & Sendable]) -> String {
        if tokens.count == 1, case .text(let literal) = tokens[0] { return literal }
        return format(arguments.map(FormatArgument.init))
    }

    /// The arguments the format reads and their types, through every form of every variable.
    package func signature<Variable: FormatVariable>(variables: [String: Variable] = [String: NoVariable]()) -> FormatSignature {
        var signature = FormatSignature()
        walk(
            variables: variables, budget: Self.maximumExpansions,
            visit: { step in
                switch step {
                case .text, .variable(nil, _, _):
                    break
                case .malformed(let source):
                    signature.malformed.append(source)
                case .conversion(let conversion, let binding):
                    if let width = binding.width { signature.record(width, .int(bits: 32), "* of " + conversion.source) }
                    if let precision = binding.precision { signature.record(precision, .int(bits: 32), ".* of " + conversion.source) }
                    signature.record(binding.argument, conversion.argumentType, conversion.source)
                case .variable(let variable?, let index, let source):
                    signature.count(index)
                    if let valueType = variable.valueType, let type = variable.valueArgumentType {
                        signature.record(index, type, "%" + valueType + " (" + source + ")")
                    }
                }
            }, forms: { variable, _ in variable.orderedForms })
        return signature
    }

    /// The whole format walked from its first argument, with `budget` variable expansions.
    private func walk<Variable: FormatVariable>(
        variables: [String: Variable], budget: Int, visit: (FormatStep<Variable>) -> Void, forms: (Variable, Int) -> [FormatString]
    ) {
        var next = 1
        var budget = budget
        Self.walk(tokens, variables: variables, bound: nil, next: &next, depth: 0, budget: &budget, visit: visit, forms: forms)
    }

    /// The argument a whole-string plural variation counts, and how it is read: the first numeric
    /// conversion (`%lld` of `%@ has %lld files` is argument 2), else the first argument read, else 1.
    package var pluralSelector: (index: Int, type: FormatArgumentType?) {
        var numeric: (Int, FormatArgumentType)? = nil
        var first: Int? = nil
        walk(
            variables: [String: NoVariable](), budget: 0,
            visit: { step in
                guard numeric == nil, case .conversion(let conversion, let binding) = step else { return }
                let type = conversion.argumentType
                if type.isNumeric { numeric = (binding.argument, type) }
                if first == nil { first = binding.argument }
            }, forms: { _, _ in [] })
        return numeric ?? (first ?? 1, nil)
    }
}

/// The variables of a format that has none: what a `%#@name@` of a plain string is bound to.
package struct NoVariable: FormatVariable {
    package var argumentNumber: Int? { nil }
    package var valueType: String? { nil }
    package var valueArgumentType: FormatArgumentType? { nil }
    package var orderedForms: [FormatString] { [] }
}
