/// How many nested translations one `t()` call may still make, how much text its nesting scans
/// may still pass over, and whether it has warned that it stopped.
///
/// The depth limit alone does not bound the work: a value that nests two keys which each nest
/// the first again doubles the calls at every level (2^32 at depth 32), where i18next overflows
/// its stack and throws; and with `returnObjects` every nesting of an object builds that whole
/// object again, each member a `t()` of its own. One budget, a plain counter passed `inout` down
/// the recursion, is shared by all the nestings and all the returned members of a call.
struct NestingBudget {
    /// Nested translations per `t()` call: `$t()` nestings and the members `returnObjects`
    /// translates. Real resources use a handful of nestings and return objects of tens of members.
    static let maximumTranslations = 1000

    private var remaining = NestingBudget.maximumTranslations

    /// Bytes of text the nesting scans may pass over in one `t()` call. i18next rescans a value
    /// from its start after each replacement, so a value that grows as it nests costs its length
    /// times its nestings; real values are a few hundred bytes scanned a few times.
    static let maximumScannedBytes = 4 << 20

    private var scanRemaining = NestingBudget.maximumScannedBytes

    /// Whether the call has said it stopped. Once is enough: the first limit reached is the one
    /// to fix, and a cut call can reach a limit once per member or per nesting left (a warning per
    /// member made 245,501 lines for a 4 KB resource).
    private var hasWarned = false

    /// Takes one nested translation (a nesting, or a member of a returned object) from the
    /// budget; `false` when it is spent, with the call's one warning.
    mutating func take(warn: (String) -> Void) -> Bool {
        guard remaining > 0 else {
            stop(
                "nesting stopped after \(Self.maximumTranslations) nested translations in one t() call ($t() nestings and members of returned objects); further nestings are empty and further members stay as written (keys or objects that nest each other?)",
                warn: warn)
            return false
        }
        remaining -= 1
        return true
    }

    /// Takes `count` bytes of scanning from the budget; `false` when it is spent, with the call's
    /// one warning.
    mutating func scan(_ count: Int, warn: (String) -> Void) -> Bool {
        guard scanRemaining >= count else {
            scanRemaining = -1
            stop(
                "nesting stopped after scanning \(Self.maximumScannedBytes >> 20) MB of text in one t() call (values that grow as they nest?); the rest stays as written",
                warn: warn)
            return false
        }
        scanRemaining -= count
        return true
    }

    /// Says that a limit stopped part of the call, unless the call has said so already.
    mutating func stop(_ message: String, warn: (String) -> Void) {
        guard !hasWarned else { return }
        hasWarned = true
        warn(message)
    }
}
