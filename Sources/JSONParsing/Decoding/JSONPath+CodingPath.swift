extension JSONPath {
    /// The path of a `DecodingError`'s coding path: array positions of ``JSONValueDecoder``'s
    /// unkeyed containers become indexes, every other key a member name.
    public init(codingPath: [any CodingKey]) {
        self.init(
            codingPath.map { key in
                if let index = key as? IndexCodingKey { return .index(index.index) }
                return .key(key.stringValue)
            })
    }
}
