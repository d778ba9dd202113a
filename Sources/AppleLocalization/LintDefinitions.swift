/// Every definition of every key of one table, as the linter reads them: keys in the order they
/// were first seen, and each key's definitions together, in lookup order (catalog, stringsdict,
/// strings, the order ``AppleStringsLookup/Format`` declares them in; within a format, as added).
///
/// One flat array, grouped once in place by a counting sort: a dictionary of one array per key
/// cost a heap allocation per key, and sorting each in place copied the whole dictionary, which
/// for a table of a million keys was most of the lint's time and memory.
struct LintDefinitions {
    /// The keys, in the order they were first added.
    private(set) var keys: [String] = []
    private var keyIndex: [String: Int] = [:]
    /// The definitions: as added, then, after ``group()``, key after key.
    private var definitions: [LintDefinition] = []
    /// Before ``group()``, the index in ``keys`` of each definition's key; after, where each
    /// key's definitions start (and, last, the end).
    private var positions: [Int] = []

    /// Makes room for `count` more definitions (and as many more keys at most).
    mutating func reserveCapacity(adding count: Int) {
        keys.reserveCapacity(keys.count + count)
        keyIndex.reserveCapacity(keyIndex.count + count)
        definitions.reserveCapacity(definitions.count + count)
        positions.reserveCapacity(positions.count + count)
    }

    /// Adds a definition of `key`; call ``group()`` when all are added.
    mutating func add(_ key: String, _ definition: LintDefinition) {
        let index: Int
        if let known = keyIndex[key] {
            index = known
        } else {
            index = keys.count
            keyIndex[key] = index
            keys.append(key)
        }
        definitions.append(definition)
        positions.append(index)
    }

    /// Groups what was added by key, in lookup order.
    mutating func group() {
        var starts = [Int](repeating: 0, count: keys.count + 1)
        for key in positions { starts[key + 1] += 1 }
        for index in keys.indices { starts[index + 1] += starts[index] }
        // Where each definition goes. Lookup order is the order of the formats, so one pass per
        // format in that order, each keeping the order of addition, puts every key's definitions
        // in lookup order.
        var next = starts
        var destination = [Int](repeating: 0, count: definitions.count)
        for format in AppleStringsLookup.Format.allCases {
            for position in definitions.indices where definitions[position].format == format {
                destination[position] = next[positions[position]]
                next[positions[position]] += 1
            }
        }
        // Moved in place, cycle by cycle: a grouped copy would hold every definition twice.
        for position in definitions.indices {
            while destination[position] != position {
                let target = destination[position]
                definitions.swapAt(position, target)
                destination.swapAt(position, target)
            }
        }
        positions = starts
        keyIndex = [:]
    }

    /// Every definition, after ``group()``.
    var all: [LintDefinition] { definitions }

    /// The definitions of the key at `index` of ``keys``, in lookup order, after ``group()``.
    subscript(keyAt index: Int) -> ArraySlice<LintDefinition> {
        definitions[positions[index]..<positions[index + 1]]
    }
}
