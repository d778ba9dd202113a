#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `[String: V]`, whose keys are compared as Swift strings (canonical equivalence).
private protocol StringKeyedDictionary {}
extension Dictionary: StringKeyedDictionary where Key == String {}

/// The decoder handed to `init(from:)`: one value and the path that led to it.
struct ValueDecoder: Decoder, SingleValueDecodingContainer {
    let value: JSONValue
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let object) = value else { throw mismatch([String: Any].self, expected: "an object") }
        return KeyedDecodingContainer(KeyedContainer<Key>(object: object, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let values) = value else { throw mismatch([Any].self, expected: "an array") }
        return UnkeyedContainer(values: values, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    /// Decodes `type` from `value` at `path`, with the types `JSONDecoder` also reads specially.
    func unbox<T: Decodable>(_ value: JSONValue, as type: T.Type, path: [any CodingKey]) throws -> T {
        let decoder = ValueDecoder(value: value, codingPath: path)
        if T.self == URL.self {
            let text = try decoder.decode(String.self)
            guard let url = URL(string: text), let result = url as? T else {
                throw DecodingError.dataCorrupted(.init(codingPath: path, debugDescription: "\(value.briefDescription) is not a valid URL"))
            }
            return result
        }
        if T.self == Decimal.self {
            let text: String
            switch value {
            case .integer(let integer): text = String(integer)
            case .number, .numberLiteral: text = value.jsonText()
            default: throw decoder.mismatch(Decimal.self, expected: "a number")
            }
            guard let decimal = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")), !decimal.isNaN, let result = decimal as? T else {
                throw DecodingError.dataCorrupted(.init(codingPath: path, debugDescription: "\(value.briefDescription) does not fit in Decimal"))
            }
            return result
        }
        if T.self == Data.self {
            let text = try decoder.decode(String.self)
            guard let data = Data(base64Encoded: text), let result = data as? T else {
                throw DecodingError.dataCorrupted(.init(codingPath: path, debugDescription: "\(value.briefDescription) is not Base64 data"))
            }
            return result
        }
        if T.self is any StringKeyedDictionary.Type, case .object(let object) = value {
            try Self.refuseCollapsingKeys(object, path: path)
        }
        return try T(from: decoder)
    }

    /// Two keys that are distinct in JSON but equal as Swift strings would leave one value in a `[String: …]`.
    private static func refuseCollapsingKeys(_ object: JSONObject, path: [any CodingKey]) throws {
        guard object.count > 1 else { return }
        var seen: [String: String] = [:]
        seen.reserveCapacity(object.count)
        for key in object.keys {
            if let earlier = seen.updateValue(key, forKey: key) {
                throw DecodingError.dataCorrupted(
                    .init(
                        codingPath: path,
                        debugDescription:
                            "the keys \(scalars(earlier)) and \(scalars(key)) are different JSON keys but the same Swift String (Unicode canonical equivalence); a [String: …] would keep only one: decode into a type whose coding keys spell both"
                    ))
            }
        }
    }

    private static func scalars(_ key: String) -> String {
        let codes = key.unicodeScalars.prefix(12).map { "U+" + String($0.value, radix: 16, uppercase: true).leftPadded(to: 4) }
        return JSONValue.brief(JSONValue.string(key).jsonText()) + " (" + codes.joined(separator: " ") + (key.unicodeScalars.count > 12 ? " …" : "") + ")"
    }

    func mismatch(_ type: Any.Type, expected: String) -> DecodingError {
        DecodingError.typeMismatch(type, .init(codingPath: codingPath, debugDescription: "expected \(expected), found \(value.briefDescription)"))
    }

    private func corrupted(_ message: String) -> DecodingError {
        DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: message))
    }

    // MARK: SingleValueDecodingContainer

    func decodeNil() -> Bool { value == .null }

    func decode(_ type: Bool.Type) throws -> Bool {
        guard case .bool(let bool) = value else { throw mismatch(type, expected: "a boolean") }
        return bool
    }

    func decode(_ type: String.Type) throws -> String {
        guard case .string(let string) = value else { throw mismatch(type, expected: "a string") }
        return string
    }

    func decode(_ type: Double.Type) throws -> Double {
        switch value.exactValue {
        case .integer(let integer): return Double(integer)
        case .number(let double): return double
        case .numberLiteral(let text):
            // The nearest Double, as JSONDecoder reads it; a magnitude beyond Double is refused.
            guard let double = Double(text), double.isFinite else { throw corrupted("\(value.briefDescription) is out of the range of Double") }
            return double
        default: throw mismatch(type, expected: "a number")
        }
    }

    func decode(_ type: Float.Type) throws -> Float {
        let double: Double
        do { double = try decode(Double.self) } catch DecodingError.typeMismatch { throw mismatch(type, expected: "a number") }
        let float = Float(double)
        guard float.isFinite else { throw corrupted("\(value.briefDescription) is out of the range of Float") }
        return float
    }

    func decode(_ type: Int.Type) throws -> Int { try integer(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try unbox(value, as: type, path: codingPath)
    }

    /// An integer of type `T`, from any number with that exact integer value; never rounded or truncated.
    private func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        let result: T?
        switch value.exactValue {
        case .integer(let integer): result = T(exactly: integer)
        case .number(let double): result = T(exactly: double)
        case .numberLiteral(let text): result = T(text, radix: 10)
        default: throw mismatch(type, expected: "an integer")
        }
        guard let result else { throw corrupted("\(value.briefDescription) is not an integer that fits in \(T.self)") }
        return result
    }
}

extension String {
    fileprivate func leftPadded(to length: Int) -> String {
        count >= length ? self : String(repeating: "0", count: length - count) + self
    }
}
