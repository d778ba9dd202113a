/// The value a printf conversion reads, as CoreFoundation reads it: the conversion character and
/// length modifier decide the type and, for integers, the width in bits the value is narrowed to.
///
/// The linter compares its ``kind``, the generator maps it to a Swift parameter type, and the
/// converters ask ``isNumeric`` to find the plural number.
package enum FormatArgumentType: Sendable, Hashable {
    /// `%@`: any value, printed by its description.
    case object
    /// `%d %i %D`: a signed integer of `bits` bits (8 `hh`, 16 `h`, 32 without a length, 64 `l ll q z t j`).
    case int(bits: Int)
    /// `%u %U %o %O %x %X`: an unsigned integer of `bits` bits.
    case uint(bits: Int)
    /// `%f %F %e %E %g %G %a %A`.
    case double
    /// `%c`: an integer narrowed to 8 bits, printed as that character (Latin-1).
    case char
    /// `%C`: an integer narrowed to 16 bits, printed as that UTF-16 unit.
    case unichar
    /// `%s`: text, measured in UTF-8 bytes.
    case cString
    /// `%S`: text, measured in UTF-16 units.
    case unicharString
    /// `%p`: an integer printed as `0x` and lowercase hexadecimal.
    case pointer

    /// The type of `conversion` with the length modifier `length` (`""`, `h`, `ll`, …).
    package init(conversion: Character, length: String) {
        let bits: Int =
            switch length {
            case "": 32
            case "hh": 8
            case "h": 16
            default: 64
            }
        switch conversion {
        case "d", "i", "D": self = .int(bits: bits)
        case "u", "U", "o", "O", "x", "X": self = .uint(bits: bits)
        case "f", "F", "e", "E", "g", "G", "a", "A": self = .double
        // CoreFoundation reads `%c` as a char whatever the length (`%lc` too).
        case "c": self = .char
        case "C": self = .unichar
        case "s": self = .cString
        case "S": self = .unicharString
        case "p": self = .pointer
        default: self = .object
        }
    }

    /// The type of a value type written without `%` (`NSStringFormatValueTypeKey`, a catalog's
    /// `formatSpecifier`, a converter's placeholder): `d`, `lld`, `@`, `.2f`. `nil` when it is not
    /// exactly one conversion without a position.
    package init?(valueType: String) {
        let scalars = Array(("%" + valueType).unicodeScalars)
        guard case (.conversion(let conversion), let end) = FormatString.token(at: 0, in: scalars),
            end == scalars.count, conversion.position == nil
        else { return nil }
        self = conversion.argumentType
    }

    /// The kind the linter compares.
    package var kind: FormatConversion.Kind {
        switch self {
        case .int, .uint, .pointer: .integer
        case .double: .floatingPoint
        case .char, .unichar: .character
        case .object, .cString, .unicharString: .object
        }
    }

    /// Whether the value is a number a plural form can count: an integer or floating-point conversion.
    package var isNumeric: Bool {
        switch self {
        case .int, .uint, .double: true
        default: false
        }
    }
}
