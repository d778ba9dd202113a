import AppleLocalization

/// The `.gitignore` rules the table search reads from a repository (``IgnoreRules``): the input
/// is a `.gitignore` text, NUL, and a path asked about as a file and as a folder. Besides not
/// trapping or hanging on hostile patterns (`**` chains, unclosed classes, escapes), a path the
/// rules ignore must stay ignored when a rule that cannot match it is added, and a negated copy
/// of the last rule must re-include what it matched.
enum GitignoreHarness {
    static func run(_ input: UnsafeRawBufferPointer) {
        let parts = input.split(separator: 0, maxSplits: 1, omittingEmptySubsequences: false)
        let text = String(decoding: parts[0], as: UTF8.self)
        let path = parts.count > 1 ? String(decoding: parts[1], as: UTF8.self) : "a/b.xcstrings"
        var rules = IgnoreRules()
        rules.add(gitignore: text, base: "")
        for isFolder in [false, true] {
            let ignored = rules.ignores(path, isFolder: isFolder)
            var extended = rules
            // A pattern anchored below a folder name no path component can have.
            extended.add(gitignore: "/\u{1}never\u{1}/x\n", base: "")
            guard extended.ignores(path, isFolder: isFolder) == ignored else { fatalError("an unrelated rule changed the answer for \(path)") }
        }
        var nested = IgnoreRules()
        nested.add(gitignore: text, base: "sub/")
        _ = nested.ignores("sub/" + path, isFolder: false)
        _ = IgnoreRules.match(glob: Array(text.utf8.prefix(256)), Array(path.utf8.prefix(256)))
    }
}
