/// How many nested translations one `t()` call may still make.
///
/// The depth limit alone does not bound the work: a value that nests two keys which each nest
/// the first again doubles the calls at every level (2^32 at depth 32), where i18next overflows
/// its stack and throws. One budget is shared by all the nestings of a call; it is made when the
/// first nesting is met, so a `t()` without nesting allocates nothing.
final class NestingBudget {
    /// Nested translations per `t()` call; real resources use a handful.
    static let maximumTranslations = 1000

    private(set) var remaining = NestingBudget.maximumTranslations
    /// Whether the stop has been reported, so a call warns once.
    var warned = false

    /// Takes one nested translation from the budget; `false` when it is spent.
    func take() -> Bool {
        guard remaining > 0 else { return false }
        remaining -= 1
        return true
    }
}
