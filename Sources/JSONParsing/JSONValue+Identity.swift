extension JSONValue {
    /// Whether `other` is the same document up to white space: the same members in the same
    /// order, keys and strings with the same code units, numbers spelled the same. (`==` is what
    /// JSON means: members in any order, strings canonically equivalent.)
    public func isIdentical(to other: JSONValue) -> Bool {
        switch (self, other) {
        case (.object(let members), .object(let others)):
            guard members.count == others.count else { return false }
            return zip(members.members, others.members).allSatisfy { mine, theirs in
                JSONKey.codeUnitsEqual(mine.key, theirs.key) && mine.value.isIdentical(to: theirs.value)
            }
        case (.array(let values), .array(let others)):
            return values.count == others.count && zip(values, others).allSatisfy { $0.isIdentical(to: $1) }
        case (.string(let text), .string(let otherText)):
            return JSONKey.codeUnitsEqual(text, otherText)
        case (.number(let value), .number(let otherValue)):
            // 0.0 and -0.0 are equal Doubles but not the same text.
            return value.bitPattern == otherValue.bitPattern
        default:
            return self == other
        }
    }
}
