import CLDRPlurals

extension CatalogLocalization {
    /// The format this localization gives on `device` for `arguments`: device variations fall
    /// back to `other`, plural variations choose their form by the first numeric argument of the
    /// `other` text (Apple's `zero` for 0 when present). `nil` when the chosen text is `new` or
    /// `stale`, or no device variation applies: the lookup then goes on as for a missing translation.
    func resolvedFormat(device: String, rules: PluralRules, arguments: [FormatArgument]) -> LocalizedFormat? {
        var current = value
        while true {
            switch current {
            case .unit(let unit):
                guard unit.state.isUsed else { return nil }
                return LocalizedFormat(format: unit.value, tokens: unit.tokens, variables: substitutions, location: unit.location)
            case .device(let devices, _):
                guard let chosen = devices[device] ?? devices["other"] else { return nil }
                current = chosen
            case .plural(let forms, _):
                guard let other = forms[.other] else { return nil }
                let selector = Self.selector(in: other.units.first?.unit.tokens ?? [])
                let argument = selector.index <= arguments.count ? arguments[selector.index - 1] : nil
                var category = PluralCategory.other
                if let argument, let operands = AppleStringFormatter.operands(argument, valueType: selector.valueType) {
                    category = operands.n == 0 && forms[.zero] != nil ? .zero : rules.category(for: operands)
                }
                current = forms[category] ?? other
            }
        }
    }

    /// The argument a whole-string plural variation counts: the first numeric conversion of its
    /// `other` text (`%lld` of `%@ has %lld files` is argument 2), else argument 1.
    static func selector(in tokens: [FormatToken]) -> (index: Int, valueType: String?) {
        var next = 1
        var first: (Int, String?)? = nil
        for case .conversion(let conversion) in tokens {
            let index = conversion.position ?? next
            if conversion.position == nil { next += 1 }
            if conversion.kind == .integer || conversion.kind == .floatingPoint {
                return (index, String(conversion.conversion))
            }
            if first == nil { first = (index, nil) }
        }
        return first ?? (1, nil)
    }
}
