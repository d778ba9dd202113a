/// The shortest decimal digits that read back as `value` (without sign, leading or trailing
/// zeros) and the decimal exponent of the first: 1500 is ("15", 3), 0.001 is ("1", -3), 0 is
/// ("0", 0). These are the digits JavaScript's `ToString` and ICU pick for a double; Swift's
/// description is the same shortest round-trip form, so only its notation is read here.
package func shortestDigits(_ value: Double) -> (digits: String, exponent: Int) {
    guard value != 0, value.isFinite else { return ("0", 0) }
    let text = "\(abs(value))"
    let parts = text.split(separator: "e", maxSplits: 1)
    let exponent = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
    let mantissa = parts[0].split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
    let integer = mantissa[0]
    let all = Array(integer.utf8) + (mantissa.count > 1 ? Array(mantissa[1].utf8) : [])
    let leadingZeros = all.prefix { $0 == UInt8(ascii: "0") }.count
    var digits = all.dropFirst(leadingZeros)
    while digits.count > 1, digits.last == UInt8(ascii: "0") { digits.removeLast() }
    return (String(decoding: digits, as: UTF8.self), integer.utf8.count + exponent - leadingZeros - 1)
}
