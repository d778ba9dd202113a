/// How many nested translations one `t()` call may still make, and how much text its nesting
/// scans may still pass over.
///
/// The depth limit alone does not bound the work: a value that nests two keys which each nest
/// the first again doubles the calls at every level (2^32 at depth 32), where i18next overflows
/// its stack and throws. One budget, a plain counter passed `inout` down the recursion, is
/// shared by all the nestings of a call.
struct NestingBudget {
    /// Nested translations per `t()` call; real resources use a handful.
    static let maximumTranslations = 1000

    private var remaining = NestingBudget.maximumTranslations

    /// Bytes of text the nesting scans may pass over in one `t()` call. i18next rescans a value
    /// from its start after each replacement, so a value that grows as it nests costs its length
    /// times its nestings; real values are a few hundred bytes scanned a few times.
    static let maximumScannedBytes = 4 << 20

    private var scanRemaining = NestingBudget.maximumScannedBytes

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

    /// Takes `count` bytes of scanning from the budget; `false` when it is spent, with one warning.
    mutating func scan(_ count: Int, warn: (String) -> Void) -> Bool {
        if scanRemaining >= count {
            scanRemaining -= count
            return true
        }
        if scanRemaining >= 0 {
            scanRemaining = -1
            warn("nesting stopped after scanning \(Self.maximumScannedBytes >> 20) MB of text in one t() call (values that grow as they nest?); the rest stays as written")
        }
        return false
    }
}
