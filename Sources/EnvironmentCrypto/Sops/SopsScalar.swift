import JSONParsing

/// A leaf value of a sops tree as sops's Go code spells it: the plaintext it encrypts and the
/// bytes it feeds the MAC (`sops.ToBytes`), both of which must match sops's to the byte.
enum SopsScalar {
    /// A decrypted value of `type` read back into the JSON model, with the bytes sops hashes for it.
    ///
    /// - Throws: ``CryptoError/Kind/malformedFile`` for a plaintext its type does not parse
    ///   (without quoting the plaintext: it is a secret) or a type JSON has no place for.
    static func decode(
        _ plaintext: UnsafeRawBufferPointer, type: String, at path: String,
        line: () -> Int?
    ) throws(CryptoError) -> (value: JSONValue, macBytes: [UInt8]) {
        func invalid(_ what: String) -> CryptoError {
            CryptoError(.malformedFile, "the value at \(path) decrypted, but is not \(what) as its type \"\(type)\" says", line: line())
        }
        let bytes = Array(plaintext)
        switch type {
        case "str", "bytes", "time":
            guard let text = String(validating: bytes, as: UTF8.self) else { throw invalid("UTF-8 text") }
            return (.string(text), bytes)
        case "int":
            guard let text = String(validating: bytes, as: UTF8.self), let number = Int(text) else { throw invalid("an integer") }
            return (.integer(number), Array(String(number).utf8))
        case "float":
            // sops writes a float with Go's FormatFloat(v, 'f', -1, 64): plain decimal digits,
            // which are JSON's number grammar as they are.
            let parsed: JSONValue? = bytes.withUnsafeBufferPointer { buffer in
                var parser = JSONParser(bytes: buffer)
                return try? parser.parseDocument()
            }
            guard let value = parsed, let number = value.sopsNumber else { throw invalid("a number") }
            return (value, Array(goDecimal(number).utf8))
        case "bool":
            // Go's strconv.ParseBool.
            switch String(decoding: bytes, as: UTF8.self) {
            case "1", "t", "T", "TRUE", "true", "True": return (.bool(true), Array("True".utf8))
            case "0", "f", "F", "FALSE", "false", "False": return (.bool(false), Array("False".utf8))
            default: throw invalid("a boolean")
            }
        default:
            throw CryptoError(
                .malformedFile, "the value at \(path) has type \"\(type)\", which a sops JSON file does not hold (str, int, float, bool)", line: line())
        }
    }

    /// The bytes sops hashes for a value it keeps in clear (under `unencrypted_suffix`).
    static func macBytes(of value: JSONValue) -> [UInt8] {
        switch value {
        case .string(let text): return Array(text.utf8)
        case .bool(let flag): return Array((flag ? "True" : "False").utf8)
        // sops's JSON reader makes every number a float64.
        case .integer(let number): return Array(goDecimal(Double(number)).utf8)
        case .number(let number): return Array(goDecimal(number).utf8)
        case .numberLiteral: return Array(goDecimal(value.sopsNumber ?? 0).utf8)
        case .null, .array, .object: return []
        }
    }

    /// What the plaintext of a value to encrypt is, and its sops type.
    static func encode(_ value: JSONValue) -> (plaintext: [UInt8], type: String)? {
        switch value {
        case .string(let text): return (Array(text.utf8), "str")
        case .bool(let flag): return (Array((flag ? "True" : "False").utf8), "bool")
        case .integer, .number, .numberLiteral: return (macBytes(of: value), "float")
        case .null, .array, .object: return nil
        }
    }

    /// `value` as Go's `strconv.FormatFloat(value, 'f', -1, 64)` writes it: the shortest digits
    /// that read back the same (as Swift's `description`), in plain decimal notation.
    static func goDecimal(_ value: Double) -> String {
        guard value.isFinite else { return value.isNaN ? "NaN" : value < 0 ? "-Inf" : "+Inf" }
        let text = String(value)
        var mantissa = Substring(text)
        var exponent = 0
        if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            mantissa = text[..<e]
            exponent = Int(String(text[text.index(after: e)...].filter { $0 != "+" })) ?? 0
        }
        let negative = mantissa.hasPrefix("-")
        if negative { mantissa = mantissa.dropFirst() }
        let parts = mantissa.split(separator: ".", omittingEmptySubsequences: false)
        var digits = String(parts[0]) + (parts.count > 1 ? String(parts[1]) : "")
        var point = parts[0].count + exponent
        // Leading zeros ("0.001" → "0001", point 1) are dropped, moving the point.
        while digits.count > 1, digits.hasPrefix("0") { digits.removeFirst(); point -= 1 }
        while digits.count > 1, digits.hasSuffix("0") { digits.removeLast() }
        if digits == "0" { return negative ? "-0" : "0" }
        // A Double's exponent keeps the point within a few hundred.
        return JSONValue.positional(digits: digits, point: point, negative: negative)
    }
}

extension JSONValue {
    /// A number as sops's JSON reader holds it (a float64), or `nil` for anything else.
    var sopsNumber: Double? {
        switch self {
        case .integer(let number): return Double(number)
        case .number(let number): return number
        case .numberLiteral(let text): return Double(text)
        default: return nil
        }
    }
}
