import Diagnostics

extension ConversionIssue {
    /// `issues` (as ``merged(_:)`` gives them) as warnings a person reads: one per file and kind
    /// of loss (``kind``), with the count of keys, their languages and the first `limit` keys,
    /// in the order of first appearance. A kind with one key is said as its issue is
    /// (`file: warning: "key" (languages): reason`), naming the key.
    ///
    /// ```
    /// out/en.json: warning: 134 keys (en, de): i18next JSON has no comments; the comment is not written: "a", "b", "c", "d", "e", and 129 more (--verbose names each)
    /// ```
    ///
    /// Each kind keeps what its line says (a count, the first keys, the languages), not its
    /// issues: a list of every issue per kind copied them all, the largest part of converting a
    /// large `.po` (an issue for each reference, flag and comment).
    public static func summarized(_ issues: [ConversionIssue], naming limit: Int = 5) -> [Diagnostic] {
        struct Kind: Hashable { var file: String; var kind: String; var keptBy: String? }
        struct Summary {
            var kind: Kind
            /// The first issue of the kind, whose reason the line gives if every issue's is the same.
            var first: Int
            var sameReason = true
            var keys: Set<String> = []
            /// The first `limit` keys, in order.
            var named: [String] = []
            var languages: [String] = []
            /// Every issue of the kind, while it has one key (then each is said as it is).
            var ofOneKey: [Int]? = []
        }
        func summarize(_ issue: ConversionIssue, at index: Int, into summary: inout Summary, issues: [ConversionIssue], limit: Int) {
            if summary.keys.insert(issue.key).inserted, summary.named.count < limit { summary.named.append(issue.key) }
            if summary.keys.count > 1 { summary.ofOneKey = nil } else { summary.ofOneKey?.append(index) }
            if summary.sameReason, issue.reason != issues[summary.first].reason { summary.sameReason = false }
            // ``merged(_:)`` names an issue's languages joined with ", ".
            for language in issue.language.split(separator: ", ") where !summary.languages.contains(where: { $0 == language }) {
                summary.languages.append(String(language))
            }
        }
        var summaries: [Summary] = []
        var position: [Kind: Int] = [:]
        for (index, issue) in issues.enumerated() {
            let kind = Kind(file: issue.file, kind: issue.kind ?? issue.reason, keptBy: issue.keptBy)
            // A kind not seen yet is the next summary.
            let at = position[kind, default: summaries.count]
            if at == summaries.count {
                position[kind] = at
                summaries.append(Summary(kind: kind, first: index))
            }
            // In place: a copy of the summary would copy its set of keys.
            summarize(issue, at: index, into: &summaries[at], issues: issues, limit: limit)
        }
        var summary: [Diagnostic] = []
        for kind in summaries {
            if let ofOneKey = kind.ofOneKey {
                summary += ofOneKey.map { issues[$0].diagnostic }
                continue
            }
            // Reasons that say the same for every key are said as they are; else the kind.
            let reason = kind.sameReason ? issues[kind.first].reason : kind.kind.kind
            var named = kind.named.map { Diagnostic.quoted($0, limit: 200) }.joined(separator: ", ")
            if kind.keys.count > limit { named += ", and \(kind.keys.count - limit) more (--verbose names each)" }
            summary.append(
                Diagnostic(
                    .warning, file: kind.kind.file,
                    message: "\(kind.keys.count) keys (\(kind.languages.joined(separator: ", "))): \(reason): \(named)"))
        }
        return summary
    }
}
