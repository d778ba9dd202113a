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
    public static func summarized(_ issues: [ConversionIssue], naming limit: Int = 5) -> [Diagnostic] {
        struct Kind: Hashable { var file: String; var kind: String; var keptBy: String? }
        var kinds: [Kind] = []
        var members: [Kind: [ConversionIssue]] = [:]
        for issue in issues {
            let kind = Kind(file: issue.file, kind: issue.kind ?? issue.reason, keptBy: issue.keptBy)
            if members[kind] == nil { kinds.append(kind) }
            members[kind, default: []].append(issue)
        }
        var summary: [Diagnostic] = []
        for kind in kinds {
            let issues = members[kind] ?? []
            var keys: [String] = []
            var seenKeys = Set<String>()
            var languages: [String] = []
            for issue in issues {
                if seenKeys.insert(issue.key).inserted { keys.append(issue.key) }
                // ``merged(_:)`` names an issue's languages joined with ", ".
                for language in issue.language.split(separator: ", ").map(String.init) where !languages.contains(language) {
                    languages.append(language)
                }
            }
            guard keys.count > 1 else {
                summary += issues.map(\.diagnostic)
                continue
            }
            // Reasons that say the same for every key are said as they are; else the kind.
            let reason = issues.allSatisfy { $0.reason == issues[0].reason } ? issues[0].reason : kind.kind
            var named = keys.prefix(limit).map { Diagnostic.quoted($0, limit: 200) }.joined(separator: ", ")
            if keys.count > limit { named += ", and \(keys.count - limit) more (--verbose names each)" }
            summary.append(
                Diagnostic(.warning, file: kind.file, message: "\(keys.count) keys (\(languages.joined(separator: ", "))): \(reason): \(named)"))
        }
        return summary
    }
}
