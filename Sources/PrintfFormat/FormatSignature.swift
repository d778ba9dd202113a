/// The arguments a localized format reads and the type each is read as: what a translation must
/// keep (the linter compares kinds) and what an accessor must pass (the generator maps types to
/// Swift parameters). ``FormatString/signature(variables:)`` computes it with the formatter's own
/// binding, so `%2$@ … %1$d` and `%d … %@` differ while a reordering with positions (`%2$@ %1$@`
/// for `%@ %@`) does not. Every plural form counts, so a `one` form that leaves the number out
/// (`One file`) is not a difference.
package struct FormatSignature: Sendable, Equatable {
    /// The types each 1-based argument is read as, in the order written.
    package private(set) var types: [Int: [FormatArgumentType]] = [:]
    /// The first conversion written for each argument, for messages.
    package private(set) var examples: [Int: String] = [:]
    /// The arguments that choose a plural form (`%#@name@`).
    package private(set) var counted: Set<Int> = []
    /// The `%…` that are not conversions, kept as written (`%y`, `%0$@`).
    package internal(set) var malformed: [String] = []

    /// The kinds each argument is printed as.
    package var kinds: [Int: Set<FormatConversion.Kind>] { types.mapValues { Set($0.map(\.kind)) } }

    /// The number of arguments read (the highest one).
    package var argumentCount: Int { max(types.keys.max() ?? 0, counted.max() ?? 0) }

    /// An empty signature, to merge others into.
    package init() {}

    /// Adds what `other` reads (a catalog's variations are all read by one call).
    package mutating func merge(_ other: FormatSignature) {
        for (index, types) in other.types.sorted(by: { $0.key < $1.key }) {
            for type in types where !(self.types[index]?.contains(type) ?? false) { self.types[index, default: []].append(type) }
        }
        for (index, example) in other.examples where examples[index] == nil { examples[index] = example }
        counted.formUnion(other.counted)
        malformed += other.malformed
    }

    mutating func record(_ index: Int, _ type: FormatArgumentType, _ example: String) {
        if !(types[index]?.contains(type) ?? false) { types[index, default: []].append(type) }
        if examples[index] == nil { examples[index] = example }
    }

    mutating func count(_ index: Int) {
        counted.insert(index)
    }
}
