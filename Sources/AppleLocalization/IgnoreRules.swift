import Platform

/// Which folders a search for the app's own tables leaves out: dependency and build folders by
/// name, and what `.gitignore` files ignore.
///
/// With `environments.json` at a project root, a search below it would otherwise read
/// `node_modules/`, `Pods/` and `DerivedData/`, warn about their catalogs and answer from copies
/// a build left behind. The rules are those of git's `.gitignore` that matter for a search:
/// blank lines and `#` comments, `!` to re-include, a trailing `/` for folders only, a pattern
/// with an inner or leading `/` anchored at its file's folder (else matched against each name),
/// `*`, `?`, `[…]` and `**`. As in git, nothing inside an ignored folder can be re-included.
/// Bounded: at most ``maximumRules`` patterns of at most ``maximumPatternLength`` bytes are kept,
/// and matching is quadratic at worst, so a hostile `.gitignore` cannot stall a lookup.
package struct IgnoreRules: Sendable {
    /// Folders that hold other projects' or a build's files, never the app's tables.
    package static let skippedFolders: Set<String> = ["node_modules", "Pods", "Carthage", "DerivedData", "build", ".build"]
    /// Patterns beyond this many (over all files read) are not used.
    package static let maximumRules = 2_000
    /// Longer patterns are not used.
    package static let maximumPatternLength = 512

    private struct Rule: Sendable {
        /// The folder, relative to the search root with a trailing `/` (empty for the root), the
        /// rule's `.gitignore` is in; the rule applies below it only.
        var base: String
        /// Path segments of the pattern; `**` is a segment of its own.
        var segments: [[UInt8]]
        var negated: Bool
        var foldersOnly: Bool
        /// Matched against a path relative to `base`, not against the last name alone.
        var anchored: Bool
    }

    private var rules: [Rule] = []
    private static let anyFolders = Array("**".utf8)

    package init() {}

    /// Adds the rules of the `.gitignore` text `contents`, found in the folder `base` (relative
    /// to the search root, `""` for the root itself).
    package mutating func add(gitignore contents: String, base: String) {
        let prefix = base.isEmpty ? "" : (base.hasSuffix("/") ? base : base + "/")
        for var line in contents.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }) {
            guard rules.count < Self.maximumRules else { return }
            while line.last == " " || line.last == "\t" { line = line.dropLast() }
            guard !line.isEmpty, line.first != "#", line.utf8.count <= Self.maximumPatternLength else { continue }
            var pattern = Substring(line)
            var negated = false
            if pattern.first == "!" {
                negated = true; pattern = pattern.dropFirst()
            } else if pattern.hasPrefix("\\!") || pattern.hasPrefix("\\#") {
                pattern = pattern.dropFirst()
            }
            var foldersOnly = false
            while pattern.last == "/" { foldersOnly = true; pattern = pattern.dropLast() }
            var anchored = pattern.dropLast().contains("/")
            while pattern.first == "/" { anchored = true; pattern = pattern.dropFirst() }
            guard !pattern.isEmpty else { continue }
            let segments = pattern.split(separator: "/", omittingEmptySubsequences: true).map { Array($0.utf8) }
            rules.append(Rule(base: prefix, segments: segments, negated: negated, foldersOnly: foldersOnly, anchored: anchored))
        }
    }

    /// Whether the entry at `path` (relative to the search root, `/`-separated) is left out of the
    /// search: a skipped folder name, or ignored by the last rule that matches it.
    package func ignores(_ path: String, isFolder: Bool) -> Bool {
        let name = PathText.lastComponent(path)
        if isFolder && Self.skippedFolders.contains(name) { return true }
        var ignored = false
        for rule in rules where !rule.foldersOnly || isFolder {
            guard path.hasPrefix(rule.base), path.utf8.count > rule.base.utf8.count else { continue }
            let relative = path.dropFirst(rule.base.count)
            let matches: Bool
            if rule.anchored {
                let parts = relative.split(separator: "/", omittingEmptySubsequences: true).map { Array($0.utf8) }
                matches = Self.match(segments: rule.segments[...], parts[...])
            } else {
                matches = rule.segments.count == 1 && Self.match(glob: rule.segments[0], Array(name.utf8))
            }
            if matches { ignored = !rule.negated }
        }
        return ignored
    }

    /// Whether `parts` matches `segments`, where a `**` segment stands for any number of parts.
    /// Greedy with one backtrack point, as in wildcard matching, so quadratic at worst.
    private static func match(segments: ArraySlice<[UInt8]>, _ parts: ArraySlice<[UInt8]>) -> Bool {
        var s = segments.startIndex
        var p = parts.startIndex
        var star: (segment: Int, part: Int)? = nil
        while p < parts.endIndex {
            if s < segments.endIndex, segments[s] == anyFolders {
                star = (s, p)
                s += 1
            } else if s < segments.endIndex, match(glob: segments[s], parts[p]) {
                s += 1
                p += 1
            } else if let last = star {
                star = (last.segment, last.part + 1)
                s = last.segment + 1
                p = last.part + 1
            } else {
                return false
            }
        }
        while s < segments.endIndex, segments[s] == anyFolders { s += 1 }
        return s == segments.endIndex
    }

    /// Whether the name `text` matches the glob `pattern` (`*`, `?`, `[…]` with `!`/`^` and
    /// ranges, `\` escapes), byte by byte.
    package static func match(glob pattern: [UInt8], _ text: [UInt8]) -> Bool {
        var p = 0
        var t = 0
        var star: (pattern: Int, text: Int)? = nil
        while t < text.count {
            if p < pattern.count, pattern[p] == UInt8(ascii: "*") {
                star = (p, t)
                p += 1
                continue
            }
            if p < pattern.count, let (matched, next) = matchOne(pattern, at: p, text[t]), matched {
                p = next
                t += 1
                continue
            }
            guard let last = star else { return false }
            star = (last.pattern, last.text + 1)
            p = last.pattern + 1
            t = last.text + 1
        }
        while p < pattern.count, pattern[p] == UInt8(ascii: "*") { p += 1 }
        return p == pattern.count
    }

    /// Whether the pattern element at `index` (a byte, `?`, an escape or a class) matches `byte`,
    /// and where the next element starts.
    private static func matchOne(_ pattern: [UInt8], at index: Int, _ byte: UInt8) -> (Bool, Int)? {
        switch pattern[index] {
        case UInt8(ascii: "?"):
            return (true, index + 1)
        case UInt8(ascii: "\\") where index + 1 < pattern.count:
            return (pattern[index + 1] == byte, index + 2)
        case UInt8(ascii: "["):
            var i = index + 1
            var negated = false
            if i < pattern.count, pattern[i] == UInt8(ascii: "!") || pattern[i] == UInt8(ascii: "^") { negated = true; i += 1 }
            var matched = false
            var first = true
            while i < pattern.count, first || pattern[i] != UInt8(ascii: "]") {
                first = false
                let low = pattern[i]
                if i + 2 < pattern.count, pattern[i + 1] == UInt8(ascii: "-"), pattern[i + 2] != UInt8(ascii: "]") {
                    if low <= byte && byte <= pattern[i + 2] { matched = true }
                    i += 3
                } else {
                    if low == byte { matched = true }
                    i += 1
                }
            }
            // An unclosed `[` is a literal, as in git.
            guard i < pattern.count else { return (byte == UInt8(ascii: "["), index + 1) }
            return (matched != negated, i + 1)
        default:
            return (pattern[index] == byte, index + 1)
        }
    }
}
