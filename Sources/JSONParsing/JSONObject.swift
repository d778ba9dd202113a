/// A JSON object: members in the order they were written, keys told apart by UTF-8 code units.
///
/// Keys are compared as ``JSONKey``s, never as `String`s: `"café"` in NFC and in NFD are two
/// members, as they are to JSON and JavaScript. Small objects (most of them) are searched
/// linearly; larger ones carry a hash index, built as they grow, so a lookup stays one probe.
///
/// Two objects are equal when they have the same keys with equal values, in any order.
public struct JSONObject: Sendable, RandomAccessCollection {
    /// A member: its key as written and its value.
    public typealias Element = (key: String, value: JSONValue)

    /// The members in order.
    public private(set) var members: [Element]
    /// Positions in ``members`` by key; empty while the object has `linearSearchLimit` members or fewer.
    private var index: [JSONKey: Int]

    /// Up to this many members a linear search (lengths first, then bytes) beats hashing the key.
    static let linearSearchLimit = 12

    /// An empty object.
    public init() {
        members = []
        index = [:]
    }

    /// An object with `members` in order; a repeated key keeps its first position and takes the
    /// last value, as in JavaScript's `JSON.parse`.
    public init(_ members: some Sequence<(String, JSONValue)>) {
        self.init()
        for (key, value) in members { self[key] = value }
    }

    /// Reserves room for `capacity` members.
    public mutating func reserveCapacity(_ capacity: Int) {
        members.reserveCapacity(capacity)
        if capacity > Self.linearSearchLimit { index.reserveCapacity(capacity) }
    }

    // MARK: Collection

    public var startIndex: Int { 0 }
    public var endIndex: Int { members.count }
    public subscript(position: Int) -> Element { members[position] }

    // MARK: Keys

    /// The keys in order.
    public var keys: [String] { members.map(\.key) }

    /// The position of the member called `key` (compared by code units), or `nil`.
    public func index(forKey key: String) -> Int? {
        if members.count > Self.linearSearchLimit { return index[JSONKey(key)] }
        let length = key.utf8.count
        for position in members.indices where members[position].key.utf8.count == length {
            if JSONKey.codeUnitsEqual(members[position].key, key) { return position }
        }
        return nil
    }

    /// The value of `key` (compared by code units), or `nil`. Setting a new key appends it;
    /// setting an existing one replaces its value in place; setting `nil` removes it.
    public subscript(key: String) -> JSONValue? {
        get { index(forKey: key).map { members[$0].value } }
        set {
            if let position = index(forKey: key) {
                if let newValue {
                    members[position].value = newValue
                } else {
                    remove(at: position)
                }
            } else if let newValue {
                appendNew(key: key, value: newValue)
            }
        }
    }

    /// Replaces the value at `position` (from ``index(forKey:)``).
    public mutating func setValue(_ value: JSONValue, at position: Int) {
        members[position].value = value
    }

    /// Appends a member whose key the caller knows is not in the object yet.
    mutating func appendNew(key: String, value: JSONValue) {
        members.append((key, value))
        if members.count > Self.linearSearchLimit {
            if index.isEmpty {
                index.reserveCapacity(members.count * 2)
                for position in members.indices { index[JSONKey(members[position].key)] = position }
            } else {
                index[JSONKey(key)] = members.count - 1
            }
        }
    }

    /// The position of the member `key`, and whether it was there already; a new key is
    /// appended with a `null` value, to be set with ``setValue(_:at:)``. One search, where
    /// ``index(forKey:)`` and then ``appendNew(key:value:)`` hashed a large object's key twice
    /// (a fifth of loading 7 MB of i18next resources went to hashing keys).
    mutating func findOrAppend(key: String) -> (position: Int, existed: Bool) {
        guard members.count > Self.linearSearchLimit else {
            if let existing = index(forKey: key) { return (existing, true) }
            appendNew(key: key, value: .null)
            return (members.count - 1, false)
        }
        let position = members.count
        if let existing = index.updateValue(position, forKey: JSONKey(key)) {
            // Repeated: the first position stays (a second hash, for a key that is an error or rare).
            index[JSONKey(key)] = existing
            return (existing, true)
        }
        members.append((key, .null))
        return (position, false)
    }

    /// Removes the member at `position`; later members move up.
    public mutating func remove(at position: Int) {
        members.remove(at: position)
        index.removeAll(keepingCapacity: false)
        if members.count > Self.linearSearchLimit {
            for position in members.indices { index[JSONKey(members[position].key)] = position }
        }
    }
}

extension JSONObject: Hashable {
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        guard lhs.count == rhs.count else { return false }
        for (key, value) in lhs.members {
            guard let other = rhs[key], other == value else { return false }
        }
        return true
    }

    /// Order-independent, as ``==`` is: the members' hashes are summed.
    public func hash(into hasher: inout Hasher) {
        var sum = 0
        for (key, value) in members {
            var member = Hasher()
            member.combine(JSONKey(key))
            member.combine(value)
            sum &+= member.finalize()
        }
        hasher.combine(members.count)
        hasher.combine(sum)
    }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
    /// An object with `elements` in order (see ``init(_:)``).
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init(elements)
    }
}
