/// Path arithmetic on plain strings, with the results of NSString's path methods.
///
/// The CLI and the libraries link FoundationEssentials only (see the README's performance
/// section: full Foundation costs every process about a millisecond at start-up), and NSString's
/// path methods live in full Foundation.
package enum PathText {
    /// The last component: `/a/b.json` → `b.json`, `/a/b/` → `b`, `/` → `/`, `` → ``.
    package static func lastComponent(_ path: String) -> String {
        let trimmed = trimmingTrailingSlashes(path)
        if trimmed == "/" { return "/" }
        guard let slash = trimmed.lastIndex(of: "/") else { return trimmed }
        return String(trimmed[trimmed.index(after: slash)...])
    }

    /// The path without its last component: `/a/b.json` → `/a`, `/a` → `/`, `b.json` → ``.
    package static func deletingLastComponent(_ path: String) -> String {
        let trimmed = trimmingTrailingSlashes(path)
        if trimmed == "/" { return "/" }
        guard let slash = trimmed.lastIndex(of: "/") else { return "" }
        let directory = trimmingTrailingSlashes(String(trimmed[..<slash]))
        return directory.isEmpty ? "/" : directory
    }

    /// The extension of the last component, without its dot: `a/b.tar.gz` → `gz`; `` for
    /// `a/b`, `a/.hidden` and `a/b.`.
    package static func pathExtension(_ path: String) -> String {
        let name = lastComponent(path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return String(name[name.index(after: dot)...])
    }

    /// The path without the extension of its last component: `a/b.json` → `a/b`.
    package static func deletingExtension(_ path: String) -> String {
        let trimmed = trimmingTrailingSlashes(path)
        let name = lastComponent(trimmed)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return trimmed }
        let removed = name.distance(from: dot, to: name.endIndex)
        return String(trimmed.dropLast(removed))
    }

    /// `component` appended with one slash between: `a` + `b.json` → `a/b.json`, `` + `b` → `b`.
    package static func appending(_ path: String, _ component: String) -> String {
        if path.isEmpty { return component }
        if component.isEmpty { return path }
        let base = trimmingTrailingSlashes(path)
        let tail = component.drop { $0 == "/" }
        return base == "/" ? "/" + tail : base + "/" + tail
    }

    private static func trimmingTrailingSlashes(_ path: String) -> String {
        var end = path.endIndex
        while end > path.startIndex, path[path.index(before: end)] == "/" { end = path.index(before: end) }
        if end == path.startIndex { return path.isEmpty ? "" : "/" }
        return String(path[..<end])
    }
}
