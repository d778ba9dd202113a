import JSONParsing

/// The order Xcode writes the members of a String Catalog in: keys, languages, plural forms.
///
/// Xcode saves a catalog with `NSJSONSerialization`'s sorted keys, which compares them with the
/// root locale's collation and numeric search: punctuation and symbols before digits, digits by
/// value (`item 2` before `item 10`), letters without regard to case first (`Faild to confirm`
/// before `Faild to Load`, `zh-Hans` before `zh-HK`), then lowercase before uppercase
/// (`available` before `Available`). Not by code point: `•`, `©` and `🎉` come before `360`
/// and `A`, `(%lld)` before `%lld`.
///
/// This is that collation for the text keys are written in: ASCII, Latin-1 letters, the common
/// punctuation and symbols, other scripts after Latin by code point. It differs from Xcode's for
/// Han characters (Xcode orders them by radical and stroke) and rare symbols; a catalog whose
/// existing order is Xcode's keeps it, as ``placing(_:among:)`` never moves an existing member.
package enum CatalogKeyOrder {
    /// Whether `first` comes before `second` in Xcode's order.
    package static func precedes(_ first: String, _ second: String) -> Bool {
        SortKey(first) < SortKey(second)
    }

    /// `keys` in Xcode's order.
    package static func sorted(_ keys: some Sequence<String>) -> [String] {
        keys.map { (key: $0, sortKey: SortKey($0)) }.sorted { $0.sortKey < $1.sortKey }.map(\.key)
    }

    /// Whether `keys` are in Xcode's order.
    package static func isSorted(_ keys: [String]) -> Bool {
        isSorted(keys.map(SortKey.init))
    }

    private static func isSorted(_ sortKeys: [SortKey]) -> Bool {
        zip(sortKeys, sortKeys.dropFirst()).allSatisfy { !($0.1 < $0.0) }
    }

    /// `existing` members in their order with `added` ones (not among them) placed: each in its
    /// sorted place when `existing` is in Xcode's order, else after them in Xcode's order, so an
    /// order someone chose is never changed.
    package static func placing(_ added: [String], among existing: [String]) -> [String] {
        guard !added.isEmpty else { return existing }
        let new = added.map { (key: $0, sortKey: SortKey($0)) }.sorted { $0.sortKey < $1.sortKey }
        let existingKeys = existing.map(SortKey.init)
        guard isSorted(existingKeys) else { return existing + new.map(\.key) }
        var merged: [String] = []
        merged.reserveCapacity(existing.count + new.count)
        var pending = new[...]
        for (key, sortKey) in zip(existing, existingKeys) {
            while let next = pending.first, next.sortKey < sortKey {
                merged.append(next.key)
                pending = pending.dropFirst()
            }
            merged.append(key)
        }
        return merged + pending.map(\.key)
    }

    /// `object` with the members of `changes` set: a member it has keeps its place, new ones are
    /// placed as ``placing(_:among:)`` places them.
    package static func setting(_ changes: some Sequence<(key: String, value: JSONValue)>, in object: JSONObject) -> JSONObject {
        var result = object
        var added = JSONObject()
        for (key, value) in changes {
            if let position = result.index(forKey: key) { result.setValue(value, at: position) } else { added[key] = value }
        }
        guard !added.isEmpty else { return result }
        return JSONObject(placing(added.keys, among: result.keys).map { ($0, result[$0] ?? added[$0] ?? .null) })
    }

    /// Sets the member `key` of `object`: in place when it has one, else where
    /// ``placing(_:among:)`` puts a new key.
    package static func set(_ value: JSONValue, forKey key: String, in object: inout JSONObject) {
        object = setting([(key: key, value: value)], in: object)
    }
}

/// A string's collation weights, compared level by level: every primary weight of the string
/// (what a character is), then the secondary ones (accents), the tertiary ones (case), and last
/// the code points, so that no two different strings compare equal.
private struct SortKey: Comparable {
    var primary: [UInt32] = []
    var secondary: [UInt32] = []
    var tertiary: [UInt8] = []
    var scalars: [UInt32] = []

    // Groups of primary weights, in collation order.
    static let whiteSpace: UInt32 = 0x1000_0000
    static let punctuation: UInt32 = 0x2000_0000
    static let modifierSymbol: UInt32 = 0x3000_0000
    static let symbol: UInt32 = 0x4000_0000
    static let currency: UInt32 = 0x5000_0000
    static let digits: UInt32 = 0x6000_0000
    static let letter: UInt32 = 0x7000_0000

    /// Punctuation and symbols whose place is known, in collation order within their group;
    /// the characters of one word share a primary weight and differ by accent (`’` sorts as `'`).
    static let ranked: [Unicode.Scalar: (primary: UInt32, secondary: UInt32)] = {
        var table: [Unicode.Scalar: (UInt32, UInt32)] = [:]
        func rank(_ words: [String], in group: UInt32) {
            for (position, word) in words.enumerated() {
                for (accent, scalar) in word.unicodeScalars.enumerated() { table[scalar] = (group + UInt32(position) + 1, UInt32(accent)) }
            }
        }
        rank(["\t", "\n", "\u{0B}", "\u{0C}", "\r", " ", "\u{A0}"], in: whiteSpace)
        rank("_ - – — , ; : ! ¡ ? ¿ . … · ・ '‘’ \"“”„ « » ( ) [ ] { } § ¶ @ * / \\ & # % ‰ † ‡ •".split(separator: " ").map(String.init), in: punctuation)
        rank(["`", "´", "^", "¨"], in: modifierSymbol)
        rank("° © ® + ± ÷ × < = > ¬ | ~".split(separator: " ").map(String.init), in: symbol)
        rank(["¤", "¢", "$", "£", "¥", "€"], in: currency)
        return table
    }()

    /// Latin-1 letters with accents, as their base letter (the accent a secondary difference).
    static let latinBase: [Unicode.Scalar: Unicode.Scalar] = {
        let accented = "ÀÁÂÃÄÅàáâãäåÇçÈÉÊËèéêëÌÍÎÏìíîïÑñÒÓÔÕÖØòóôõöøÙÚÛÜùúûüÝýÿ"
        let bases = "AAAAAAaaaaaaCcEEEEeeeeIIIIiiiiNnOOOOOOooooooUUUUuuuuYyy"
        return Dictionary(uniqueKeysWithValues: zip(accented.unicodeScalars, bases.unicodeScalars))
    }()

    init(_ text: String) {
        var pendingDigits: [UInt32] = []
        func flushDigits() {
            guard !pendingDigits.isEmpty else { return }
            // By value: leading zeros dropped, then the number of digits, then the digits.
            let significant = pendingDigits.drop { $0 == 0 }
            primary.append(Self.digits | UInt32(significant.count))
            for digit in significant { primary.append(Self.digits | digit) }
            secondary.append(0)
            tertiary.append(0)
            pendingDigits.removeAll(keepingCapacity: true)
        }
        for scalar in text.unicodeScalars {
            scalars.append(scalar.value)
            let properties = scalar.properties
            if properties.numericType == .decimal, let value = properties.numericValue {
                pendingDigits.append(UInt32(value))
                continue
            }
            flushDigits()
            switch properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark:
                // An accent adds to the character before it.
                if secondary.isEmpty { secondary.append(0) }
                secondary[secondary.count - 1] &+= scalar.value
                continue
            case .control where Self.ranked[scalar] == nil, .format, .surrogate, .unassigned:
                continue
            default:
                break
            }
            if let (weight, accent) = Self.ranked[scalar] {
                primary.append(weight)
                secondary.append(accent)
                tertiary.append(0)
                continue
            }
            let group: UInt32?
            switch properties.generalCategory {
            case .spaceSeparator, .lineSeparator, .paragraphSeparator: group = Self.whiteSpace
            case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
                .initialPunctuation, .finalPunctuation, .otherPunctuation:
                group = Self.punctuation
            case .modifierSymbol: group = Self.modifierSymbol
            case .mathSymbol, .otherSymbol: group = Self.symbol
            case .currencySymbol: group = Self.currency
            default: group = nil
            }
            if let group {
                // After the ranked ones of the group, by code point.
                primary.append(group | 0x0100_0000 | scalar.value)
                secondary.append(0)
                tertiary.append(0)
                continue
            }
            let base = Self.latinBase[scalar] ?? scalar
            let lower = base.properties.lowercaseMapping.unicodeScalars.first ?? base
            primary.append(Self.letter | Self.scriptOrder(lower.value))
            secondary.append(base == scalar ? 0 : scalar.value)
            tertiary.append(properties.isUppercase ? 1 : 0)
        }
        flushDigits()
    }

    /// Letters by code point, but Hangul before kana and Han, as in the root collation.
    static func scriptOrder(_ value: UInt32) -> UInt32 {
        switch value {
        case 0x1100...0x11FF: return 0x3000 + value - 0x1100
        case 0xAC00...0xD7AF: return 0x3100 + value - 0xAC00
        case 0x3000...: return 0x3000 + value
        default: return value
        }
    }

    static func < (lhs: SortKey, rhs: SortKey) -> Bool {
        if lhs.primary != rhs.primary { return lhs.primary.lexicographicallyPrecedes(rhs.primary) }
        if lhs.secondary != rhs.secondary { return lhs.secondary.lexicographicallyPrecedes(rhs.secondary) }
        if lhs.tertiary != rhs.tertiary { return lhs.tertiary.lexicographicallyPrecedes(rhs.tertiary) }
        return lhs.scalars.lexicographicallyPrecedes(rhs.scalars)
    }
}
