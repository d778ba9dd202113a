import CLDRPlurals
import PrintfFormat

extension CatalogLocalization {
    /// The format this localization gives on `device` for `arguments`: device variations fall
    /// back to `other`, plural variations choose their form by the first numeric argument of the
    /// `other` text (Apple's `zero` for 0 when present). A unit in any state is used, as Xcode
    /// compiles them all; `nil` when no device variation applies: the lookup then goes on as for
    /// a missing translation.
    func resolvedFormat(device: String, rules: PluralRules, arguments: [FormatArgument]) -> LocalizedFormat? {
        var current = value
        while true {
            switch current {
            case .unit(let unit):
                return LocalizedFormat(string: unit.string, variables: substitutions, location: unit.location)
            case .device(let devices, _):
                guard let chosen = devices[device] ?? devices["other"] else { return nil }
                current = chosen
            case .plural(let forms, _):
                guard let other = forms[.other] else { return nil }
                let selector = other.units.first?.unit.string.pluralSelector ?? (index: 1, type: nil)
                let argument = selector.index >= 1 && selector.index <= arguments.count ? arguments[selector.index - 1] : nil
                var category = PluralCategory.other
                if let argument, let operands = argument.pluralNumber(as: selector.type).map(PluralOperands.init) {
                    category = operands.n == 0 && forms[.zero] != nil ? .zero : rules.category(for: operands)
                }
                current = forms[category] ?? other
            }
        }
    }
}
