/// An array's elements, in order.
struct UnkeyedContainer: UnkeyedDecodingContainer {
    let values: [JSONValue]
    let codingPath: [any CodingKey]
    private(set) var currentIndex = 0

    init(values: [JSONValue], codingPath: [any CodingKey]) {
        self.values = values
        self.codingPath = codingPath
    }

    var count: Int? { values.count }
    var isAtEnd: Bool { currentIndex >= values.count }

    /// The decoder of the next element.
    private func next<T>(_ type: T.Type) throws -> ValueDecoder {
        let path = codingPath + [IndexCodingKey(currentIndex)]
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(type, .init(codingPath: path, debugDescription: "the array has only \(values.count) elements"))
        }
        return ValueDecoder(value: values[currentIndex], codingPath: path)
    }

    /// Decodes the next element with `body`; only a success moves past it, as `JSONDecoder` does.
    private mutating func advance<T>(_ type: T.Type, _ body: (ValueDecoder) throws -> T) throws -> T {
        let result = try body(next(type))
        currentIndex += 1
        return result
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                Any?.self, .init(codingPath: codingPath + [IndexCodingKey(currentIndex)], debugDescription: "the array has only \(values.count) elements"))
        }
        guard values[currentIndex] == .null else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try advance(type) { try $0.decode(type) } }
    mutating func decode(_ type: String.Type) throws -> String { try advance(type) { try $0.decode(type) } }
    mutating func decode(_ type: Double.Type) throws -> Double { try advance(type) { try $0.decode(type) } }
    mutating func decode(_ type: Float.Type) throws -> Float { try advance(type) { try $0.decode(type) } }
    mutating func decode(_ type: Int.Type) throws -> Int { try advance(type) { try $0.decode(type) } }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try advance(type) { try $0.decode(type) } }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try advance(type) { try $0.decode(type) } }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try advance(type) { try $0.decode(type) } }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try advance(type) { try $0.decode(type) } }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try advance(type) { try $0.decode(type) } }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try advance(type) { try $0.decode(type) } }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try advance(type) { try $0.decode(type) } }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try advance(type) { try $0.decode(type) } }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try advance(type) { try $0.decode(type) } }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try advance(type) { try $0.decode(type) } }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try advance(KeyedDecodingContainer<NestedKey>.self) { try $0.container(keyedBy: type) }
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try advance((any UnkeyedDecodingContainer).self) { try $0.unkeyedContainer() }
    }

    mutating func superDecoder() throws -> any Decoder {
        try advance((any Decoder).self) { $0 }
    }
}
