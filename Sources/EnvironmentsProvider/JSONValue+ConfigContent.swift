#if Configuration
import Configuration
import Environments

// The only place that knows both value models: when EnvironmentKit's JSON model changes, this
// file is what follows it.

extension JSONValue {
    /// Whether swift-configuration has a value here: objects are reached through their dotted
    /// children and `null` means "not set", as in swift-configuration's JSON provider.
    var isConfigLeaf: Bool {
        switch self {
        case .null, .object: return false
        case .bool, .integer, .number, .numberLiteral, .string, .array: return true
        }
    }

    /// The value as swift-configuration content of `type`, or `nil` when it is not of that type.
    ///
    /// Conversions are strict, so a wrong type is reported rather than guessed: a number with a
    /// fraction is not an `int`, a number is not a `bool`. An empty array is an array of any type.
    func configContent(as type: ConfigType, bytesDecoder: any ConfigBytesFromStringDecoder) -> ConfigContent? {
        switch type {
        case .string: return stringValue.map(ConfigContent.string)
        case .int: return configurationInteger.map(ConfigContent.int)
        case .double: return configurationDouble.map(ConfigContent.double)
        case .bool: return boolValue.map(ConfigContent.bool)
        case .bytes: return stringValue.flatMap(bytesDecoder.decode).map(ConfigContent.bytes)
        case .stringArray: return elements(\.stringValue).map(ConfigContent.stringArray)
        case .intArray: return elements(\.configurationInteger).map(ConfigContent.intArray)
        case .doubleArray: return elements(\.configurationDouble).map(ConfigContent.doubleArray)
        case .boolArray: return elements(\.boolValue).map(ConfigContent.boolArray)
        case .byteChunkArray: return elements { $0.stringValue.flatMap(bytesDecoder.decode) }.map(ConfigContent.byteChunkArray)
        }
    }

    private var stringValue: String? {
        if case .string(let string) = self { return string }
        return nil
    }

    private var boolValue: Bool? {
        if case .bool(let bool) = self { return bool }
        return nil
    }

    /// Every element converted, or `nil` when this is not an array or one element does not convert.
    private func elements<Element>(_ convert: (JSONValue) -> Element?) -> [Element]? {
        guard case .array(let values) = self else { return nil }
        var result: [Element] = []
        result.reserveCapacity(values.count)
        for value in values {
            guard let element = convert(value) else { return nil }
            result.append(element)
        }
        return result
    }
}
#endif
