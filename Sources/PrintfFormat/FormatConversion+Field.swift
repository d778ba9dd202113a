extension FormatConversion {
    /// A width or precision: a number written in the format, or `*` / `*N$`, read from an argument.
    ///
    /// Its description is the field as written (`5`, `*`, `*2$`), so a specifier can be rebuilt from it.
    package enum Field: Sendable, Hashable, LosslessStringConvertible {
        /// A number written in the format, clamped to ``FormatConversion/maximumWidth``.
        case fixed(Int)
        /// `*` (the next argument, before the value) or `*N$` (argument `N`).
        case argument(position: Int?)

        package var description: String {
            switch self {
            case .fixed(let value): String(value)
            case .argument(nil): "*"
            case .argument(let position?): "*" + String(position) + "$"
            }
        }

        /// Reads a field as ``description`` writes it.
        package init?(_ description: String) {
            if description == "*" {
                self = .argument(position: nil)
            } else if description.hasPrefix("*"), description.hasSuffix("$"), let position = Int(description.dropFirst().dropLast()) {
                self = .argument(position: position)
            } else if let value = Int(description), value >= 0 {
                self = .fixed(value)
            } else {
                return nil
            }
        }

        /// The number when it is written in the format.
        var fixedValue: Int? {
            if case .fixed(let value) = self { return value }
            return nil
        }

        /// Whether the value comes from an argument (`*`, `*N$`) rather than the format.
        package var isArgument: Bool {
            if case .argument = self { return true }
            return false
        }
    }
}
