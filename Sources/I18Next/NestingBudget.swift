/// How many nested translations one `t()` call may still make.
///
/// The depth limit alone does not bound the work: a value that nests two keys which each nest
/// the first again doubles the calls at every level (2^32 at depth 32), where i18next overflows
/// its stack and throws. One budget, a plain counter passed `inout` down the recursion, is
/// shared by all the nestings of a call.
struct NestingBudget {
    /// Nested translations per `t()` call; real resources use a handful.
    static let maximumTranslations = 1000

    private var remaining = NestingBudget.maximumTranslations

    /// Takes one nested translation from the budget; `false` when it is spent. `warn` is called
    /// the first time it is refused, so a call warns once.
    mutating func take(warn: (String) -> Void) -> Bool {
        if remaining > 0 {
            remaining -= 1
            return true
        }
        if remaining == 0 {
            remaining = -1
            warn("nesting stopped after \(Self.maximumTranslations) nested translations in one t() call (keys that nest each other?)")
        }
        return false
    }
}
