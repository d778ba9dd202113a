import CLDRPlurals

/// The arguments a localized format reads and the kind of value each one prints, the part of a
/// format a translation must keep: `%@` where the source has `%d` reads an object where the code
/// passes an integer.
///
/// Computed with the formatter's binding rules, so `%2$@ … %1$d` and `%d … %@` differ while a
/// reordering with positions (`%2$@ %1$@` for `%@ %@`) does not. Every plural form counts, so a
/// `one` form that leaves the number out (`One file`) is not a difference.
struct FormatSignature: Sendable, Equatable {
    /// The kinds each 1-based argument is printed as.
    private(set) var kinds: [Int: Set<FormatConversion.Kind>] = [:]
    /// The first conversion written for each argument, for messages.
    private(set) var examples: [Int: String] = [:]

    /// The number of arguments read (the highest position).
    var argumentCount: Int { kinds.keys.max() ?? 0 }

    init() {}

    /// The signature of `format` and all its variables' forms.
    init(_ format: LocalizedFormat) {
        var next = 1
        var budget = AppleStringFormatter.maximumExpansions
        add(format.tokens, variables: format.variables, bound: nil, next: &next, depth: 0, budget: &budget)
    }

    mutating func merge(_ other: FormatSignature) {
        for (index, kinds) in other.kinds { self.kinds[index, default: []].formUnion(kinds) }
        for (index, example) in other.examples where examples[index] == nil { examples[index] = example }
    }

    private mutating func record(_ index: Int, _ kind: FormatConversion.Kind, _ example: String) {
        kinds[index, default: []].insert(kind)
        if examples[index] == nil { examples[index] = example }
    }

    private mutating func add(_ tokens: [FormatToken], variables: [String: PluralVariable], bound: Int?, next: inout Int, depth: Int, budget: inout Int) {
        for token in tokens {
            switch token {
            case .text, .percent, .malformed:
                continue
            case .conversion(let conversion):
                let index: Int
                if let position = conversion.position {
                    index = position
                } else if let bound {
                    index = bound
                } else {
                    index = next
                    next += 1
                }
                record(index, conversion.kind, conversion.source)
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
                guard let variable = variables[name], depth < AppleStringFormatter.maximumNesting, budget > 0 else { continue }
                budget -= 1
                if let valueType = variable.valueType, let kind = FormatConversion.kind(ofValueType: valueType) {
                    record(index, kind, "%" + valueType + " (\(source))")
                }
                for category in variable.forms.keys.sorted(by: { $0.order < $1.order }) {
                    var formNext = next
                    add(variable.formTokens[category] ?? [], variables: variables, bound: index, next: &formNext, depth: depth + 1, budget: &budget)
                }
            }
        }
    }
}
