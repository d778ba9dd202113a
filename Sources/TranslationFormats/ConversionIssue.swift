import AppleLocalization
import Diagnostics

/// Something a target format cannot express, reported with the key and the reason instead of
/// being dropped silently. The conversion still writes the closest text it can.
public struct ConversionIssue: Sendable, Hashable, CustomStringConvertible {
    /// The key.
    public var key: String
    /// The rest, shared by the issues that say the same.
    private var said: Said

    /// The file written (or that would be).
    public var file: String {
        get { said.file }
        set { said = Said(file: newValue, language: language, reason: reason, kind: kind, keptBy: keptBy) }
    }
    /// The language of the entry.
    public var language: String {
        get { said.language }
        set { said = Said(file: file, language: newValue, reason: reason, kind: kind, keptBy: keptBy) }
    }
    /// What could not be expressed and what was written instead.
    public var reason: String {
        get { said.reason }
        set { said = Said(file: file, language: language, reason: newValue, kind: kind, keptBy: keptBy) }
    }
    /// The format that keeps what a reader could not put into the model (`xcstrings` for a
    /// catalog's device variations): no loss when that is the format written.
    public var keptBy: String? {
        get { said.keptBy }
        set { said = Said(file: file, language: language, reason: reason, kind: kind, keptBy: newValue) }
    }
    /// The kind of loss: the reason with what is particular to the key (its name, a value, a
    /// plural category) taken out, said so it reads for every key of the kind. Issues of one
    /// kind in one file are summarized on one line (``summarized(_:naming:)``); `nil` when the
    /// reason says nothing particular to the key, so the reason is the kind.
    public var kind: String? {
        get { said.kind }
        set { said = Said(file: file, language: language, reason: reason, kind: newValue, keptBy: keptBy) }
    }

    /// An issue.
    public init(file: String, language: String, key: String, reason: String, kind: String? = nil, keptBy: String? = nil) {
        self.init(key: key, saying: Said(file: file, language: language, reason: reason, kind: kind, keptBy: keptBy))
    }

    /// An issue about `key` that says what `said` says, shared with every other issue made of it.
    init(key: String, saying said: Said) {
        self.key = key
        self.said = said
    }

    /// What an issue says but its key: one object for every issue that says the same. A large
    /// `.po` has an issue for nearly every message (its references, flags and comments are
    /// kept only in `.po`), and five strings in each were three quarters of its size.
    final class Said: Sendable, Hashable {
        let file: String
        let language: String
        let reason: String
        let kind: String?
        let keptBy: String?

        init(file: String, language: String, reason: String, kind: String? = nil, keptBy: String? = nil) {
            (self.file, self.language, self.reason, self.kind, self.keptBy) = (file, language, reason, kind, keptBy)
        }

        static func == (lhs: Said, rhs: Said) -> Bool {
            lhs === rhs
                || (lhs.file, lhs.language, lhs.reason, lhs.kind, lhs.keptBy) == (rhs.file, rhs.language, rhs.reason, rhs.kind, rhs.keptBy)
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(file)
            hasher.combine(language)
            hasher.combine(reason)
            hasher.combine(kind)
            hasher.combine(keptBy)
        }
    }

    /// `file: warning: "key" (language): reason`, in the one diagnostic shape (keys come from
    /// the input, so they are quoted with their controls escaped, as in every diagnostic).
    public var description: String { diagnostic.description }

    /// `issues` with those that differ only by language merged into one, naming the languages in
    /// order of first appearance; the order of first appearance is kept.
    ///
    /// The issues are found by the hash of what they say, kept as a position among them: a
    /// dictionary of every issue, and a list of languages for each, were the largest part of
    /// converting a large `.po` (it has an issue for each reference, flag and comment). Nothing
    /// merged, they are given back as they are.
    static func merged(_ issues: [ConversionIssue]) -> [ConversionIssue] {
        struct Same: Hashable {
            var file: String
            var key: String
            var reason: String
            var keptBy: String?
            init(_ issue: ConversionIssue) { (file, key, reason, keptBy) = (issue.file, issue.key, issue.reason, issue.keptBy) }
        }
        // The first issue of each hash, and the rare others that share a hash with it.
        var firstByHash: [Int: Int] = [:]
        firstByHash.reserveCapacity(issues.count)
        var collided: [Same: Int] = [:]
        // Each issue that merges into an earlier one, by position.
        var mergedInto: [Int: Int] = [:]
        for (index, issue) in issues.enumerated() {
            let same = Same(issue)
            let hash = same.hashValue
            if let first = firstByHash[hash] {
                if Same(issues[first]) == same {
                    mergedInto[index] = first
                } else if let other = collided[same] {
                    mergedInto[index] = other
                } else {
                    collided[same] = index
                }
            } else {
                firstByHash[hash] = index
            }
        }
        guard !mergedInto.isEmpty else { return issues }
        var languages: [Int: [String]] = [:]
        for (later, first) in mergedInto.sorted(by: { $0.key < $1.key }) {
            var names = languages[first] ?? [issues[first].language]
            if !names.contains(issues[later].language) { names.append(issues[later].language) }
            languages[first] = names
        }
        var merged: [ConversionIssue] = []
        merged.reserveCapacity(issues.count - mergedInto.count)
        for (index, issue) in issues.enumerated() where mergedInto[index] == nil {
            var issue = issue
            if let names = languages[index] { issue.language = names.joined(separator: ", ") }
            merged.append(issue)
        }
        return merged
    }

    /// The issue as a located warning.
    public var diagnostic: Diagnostic {
        Diagnostic(.warning, file: file, message: "\(Diagnostic.quoted(key, limit: 200)) (\(language)): \(reason)")
    }
}

/// Collects the issues of one conversion.
struct ConversionIssues {
    var file: String
    var language: String
    /// What each issue says but its key (its file, language, reason and kind), once: nearly every
    /// issue of a writer says what many others say (i18next has no comments, no contexts), and
    /// an issue held whole, with its own words, was four times the size of its key and a position.
    private struct Said: Hashable {
        var file: String
        var language: String
        var reason: String
        var kind: String?
    }
    private var said: [Said] = []
    private var saidAt: [Said: Int] = [:]
    /// Each issue kept, in order: its key and what it says, by position in ``said``.
    private var kept: [Kept] = []
    /// What ``kept`` holds, so each issue is kept once in constant time: every key of a large
    /// file can have one (a `.po`'s references into i18next), and a search of the list was
    /// quadratic. Kept as the position of the first issue of each hash, and a set of the rare
    /// others that share a hash with it.
    private var firstByHash: [Int: Int] = [:]
    private var collided = Set<Kept>()
    private struct Kept: Hashable {
        var key: String
        var said: Int
    }

    init(file: String, language: String) {
        self.file = file
        self.language = language
    }

    /// The issues, in the order first reported.
    var all: [ConversionIssue] {
        let shared = said.map { ConversionIssue.Said(file: $0.file, language: $0.language, reason: $0.reason, kind: $0.kind) }
        return kept.map { ConversionIssue(key: $0.key, saying: shared[$0.said]) }
    }

    mutating func report(_ key: String, _ reason: String, kind: String? = nil) {
        let what = Said(file: file, language: language, reason: reason, kind: kind)
        let at: Int
        if let known = saidAt[what] {
            at = known
        } else {
            at = said.count
            said.append(what)
            saidAt[what] = at
        }
        let issue = Kept(key: key, said: at)
        let hash = issue.hashValue
        if let first = firstByHash[hash] {
            if kept[first] == issue || !collided.insert(issue).inserted { return }
        } else {
            firstByHash[hash] = kept.count
        }
        kept.append(issue)
    }
}
