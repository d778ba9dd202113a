import AppleLocalization
import Diagnostics

/// Something a target format cannot express, reported with the key and the reason instead of
/// being dropped silently. The conversion still writes the closest text it can.
public struct ConversionIssue: Sendable, Hashable, CustomStringConvertible {
    /// The file written (or that would be).
    public var file: String
    /// The language of the entry.
    public var language: String
    /// The key.
    public var key: String
    /// What could not be expressed and what was written instead.
    public var reason: String
    /// The format that keeps what a reader could not put into the model (`xcstrings` for a
    /// catalog's device variations): no loss when that is the format written.
    public var keptBy: String?
    /// The kind of loss: the reason with what is particular to the key (its name, a value, a
    /// plural category) taken out, said so it reads for every key of the kind. Issues of one
    /// kind in one file are summarized on one line (``summarized(_:naming:)``); `nil` when the
    /// reason says nothing particular to the key, so the reason is the kind.
    public var kind: String?

    /// An issue.
    public init(file: String, language: String, key: String, reason: String, kind: String? = nil, keptBy: String? = nil) {
        self.file = file
        self.language = language
        self.key = key
        self.reason = reason
        self.kind = kind
        self.keptBy = keptBy
    }

    /// `file: warning: "key" (language): reason`, in the one diagnostic shape (keys come from
    /// the input, so they are quoted with their controls escaped, as in every diagnostic).
    public var description: String { diagnostic.description }

    /// `issues` with those that differ only by language merged into one, naming the languages in
    /// order of first appearance; the order of first appearance is kept.
    static func merged(_ issues: [ConversionIssue]) -> [ConversionIssue] {
        struct Same: Hashable { var file: String; var key: String; var reason: String; var keptBy: String? }
        var merged: [ConversionIssue] = []
        var positions: [Same: Int] = [:]
        var languages: [[String]] = []
        for issue in issues {
            let same = Same(file: issue.file, key: issue.key, reason: issue.reason, keptBy: issue.keptBy)
            if let position = positions[same] {
                if !languages[position].contains(issue.language) { languages[position].append(issue.language) }
            } else {
                positions[same] = merged.count
                merged.append(issue)
                languages.append([issue.language])
            }
        }
        for index in merged.indices { merged[index].language = languages[index].joined(separator: ", ") }
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
    private(set) var all: [ConversionIssue] = []
    /// What ``all`` holds, so each issue is kept once in constant time: every key of a large
    /// file can have one (a `.po`'s references into i18next), and a search of the list was quadratic.
    private var reported = Set<ConversionIssue>()

    init(file: String, language: String) {
        self.file = file
        self.language = language
    }

    mutating func report(_ key: String, _ reason: String, kind: String? = nil) {
        let issue = ConversionIssue(file: file, language: language, key: key, reason: reason, kind: kind)
        if reported.insert(issue).inserted { all.append(issue) }
    }
}
