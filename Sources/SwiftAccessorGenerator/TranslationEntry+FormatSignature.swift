import PrintfFormat

extension TranslationEntry.Parameter {
    /// A position beyond any sensible count is a typo; it must not make thousands of parameters.
    static let maximumParameters = 64

    /// The positional parameters an accessor passes for `signature`, in argument order, typed as
    /// the run-time formatter reads them (the one ``FormatSignature`` both use):
    /// `%@ %s %S` a `String`, integer conversions, `*` fields and `%p` an `Int`, floating-point
    /// ones a `Double`, `%c %C` a `Character`. An argument that chooses a plural form is its
    /// value type's number, an `Int` without one; an argument nothing reads is a `String`; an
    /// argument read several ways takes the first type written.
    static func parameters(for signature: FormatSignature) -> [TranslationEntry.Parameter] {
        let count = min(signature.argumentCount, maximumParameters)
        guard count > 0 else { return [] }
        return (1...count).map { index in
            let types = signature.types[index] ?? []
            let kind: Kind
            if signature.counted.contains(index) {
                kind = types.first(where: \.isNumeric).map(Self.kind(of:)) ?? .int
            } else {
                kind = types.first.map(Self.kind(of:)) ?? .string
            }
            return TranslationEntry.Parameter(variable: nil, kind: kind)
        }
    }

    /// Why `signature` cannot be passed exactly: arguments past ``maximumParameters``, `%…` that
    /// are not conversions.
    static func problems(in signature: FormatSignature) -> [String] {
        var problems: [String] = []
        if signature.argumentCount > maximumParameters {
            problems.append("the format reads \(signature.argumentCount) arguments; the accessor takes the first \(maximumParameters)")
        }
        // A lone `%` at the end ("100%") is common and harmless: it reads nothing and shows as written.
        for source in signature.malformed where source != "%" {
            problems.append(
                "\"\(source)\" is not a format specifier and is shown as written; the accessor takes no argument for it (write %% for a percent sign)")
        }
        return problems
    }

    private static func kind(of type: FormatArgumentType) -> Kind {
        switch type {
        case .object, .cString, .unicharString: .string
        case .int, .uint, .pointer: .int
        case .double: .double
        case .char, .unichar: .character
        }
    }
}
