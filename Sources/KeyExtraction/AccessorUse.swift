import SwiftAccessorGenerator

/// A use of the accessors `envtool generate swift` writes (`L10n.cart.items(count: 3)`): the
/// key is not in the source, so the member chain is matched against the accessors the
/// generator makes from the same tables (``SwiftAccessorGenerator/L10nAccessor``).
package struct AccessorUse: Sendable, Hashable {
    /// The namespace the generator and its plugin write by default.
    package static let namespace = "L10n"

    /// The members after `L10n`, as written (`["cart", "items"]`).
    package var members: [String]
    package var file: String
    package var line: Int
    package var column: Int

    /// The key usages `uses` stand for: each use is the accessor whose members are the longest
    /// prefix of its chain (`L10n.title.uppercased()` uses `title`); a chain that names no
    /// accessor (a namespace passed on, the `environment` property) stands for none.
    package static func usages(_ uses: [AccessorUse], accessors: [L10nAccessor]) -> [KeyUsage] {
        var byMembers: [[String]: L10nAccessor] = [:]
        for accessor in accessors where byMembers[accessor.members] == nil { byMembers[accessor.members] = accessor }
        return uses.compactMap { use in
            for length in stride(from: use.members.count, through: 1, by: -1) {
                guard let accessor = byMembers[Array(use.members.prefix(length))] else { continue }
                if let table = accessor.table {
                    return KeyUsage(system: .apple, key: accessor.key, table: table, form: "L10n", file: use.file, line: use.line, column: use.column)
                }
                var key = accessor.key
                var namespace = KeyUsage.defaultNamespace
                var namesTable = false
                if let colon = key.firstIndex(of: ":") {
                    namespace = String(key[..<colon])
                    key = String(key[key.index(after: colon)...])
                    namesTable = true
                }
                return KeyUsage(
                    system: .i18next, key: key, table: namespace, namesTable: namesTable, form: "L10n",
                    file: use.file, line: use.line, column: use.column)
            }
            return nil
        }
    }
}
