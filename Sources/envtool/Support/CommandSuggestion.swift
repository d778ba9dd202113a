/// The command a mistyped name most likely meant.
enum CommandSuggestion {
    /// The name in `candidates` nearest to `typed` by edit distance (a transposition counts as
    /// one edit), when it is near enough to be a typo: at most a third of the typed length, and
    /// at least one, apart. Names longer than 64 characters are not compared.
    static func nearest(to typed: String, among candidates: [String]) -> String? {
        let typedUnits = Array(typed.lowercased().unicodeScalars)
        guard !typedUnits.isEmpty, typedUnits.count <= 64 else { return nil }
        let limit = max(1, typedUnits.count / 3)
        var best: (name: String, distance: Int)? = nil
        for candidate in candidates {
            let distance = editDistance(typedUnits, Array(candidate.lowercased().unicodeScalars))
            if distance <= limit, distance < (best?.distance ?? .max) { best = (candidate, distance) }
        }
        return best?.name
    }

    /// The optimal-string-alignment distance between `a` and `b`: insertions, deletions,
    /// substitutions and swaps of neighbours.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], before[j - 2] + 1)
                }
            }
            (before, previous, current) = (previous, current, before)
        }
        return previous[b.count]
    }
}
