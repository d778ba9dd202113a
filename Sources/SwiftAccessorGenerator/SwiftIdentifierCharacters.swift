/// The scalars Swift reads as part of an identifier beyond ASCII: the ranges of The Swift
/// Programming Language (Lexical Structure → Identifiers), as the compiler's lexer (and
/// swift-syntax's) implements them.
///
/// They are not Unicode's `XID_Start`/`XID_Continue`: Swift takes fixed ranges (those of C's
/// N1518 annex), so symbols and unassigned scalars inside them are accepted while some letters
/// outside them are not, and the lexer reads U+3021–U+302F (the Hangzhou numerals 〡–〩 and
/// their tone marks) as identifier characters but also as operator heads: `x.〡` lexes as the
/// operator `.〡`, so a name that starts with one cannot be used after a dot.
enum SwiftIdentifierCharacters {
    /// What may follow the head of an identifier: every identifier head, and the combining ranges
    /// below. Sorted, non-overlapping.
    private static let body: [ClosedRange<UInt32>] = [
        0x00A8...0x00A8, 0x00AA...0x00AA, 0x00AD...0x00AD, 0x00AF...0x00AF, 0x00B2...0x00B5, 0x00B7...0x00BA,
        0x00BC...0x00BE, 0x00C0...0x00D6, 0x00D8...0x00F6, 0x00F8...0x00FF,
        0x0100...0x167F, 0x1681...0x180D, 0x180F...0x1FFF,
        0x200B...0x200D, 0x202A...0x202E, 0x203F...0x2040, 0x2054...0x2054, 0x2060...0x206F,
        0x2070...0x218F, 0x2460...0x24FF, 0x2776...0x2793, 0x2C00...0x2DFF, 0x2E80...0x2FFF,
        0x3004...0x3007, 0x3021...0x302F, 0x3031...0x303F, 0x3040...0xD7FF,
        // The book says FE47–FFFD; the lexer stops at FFF8, before the annotation characters.
        0xF900...0xFD3D, 0xFD40...0xFDCF, 0xFDF0...0xFE44, 0xFE47...0xFFF8,
        0x10000...0x1FFFD, 0x20000...0x2FFFD, 0x30000...0x3FFFD, 0x40000...0x4FFFD, 0x50000...0x5FFFD,
        0x60000...0x6FFFD, 0x70000...0x7FFFD, 0x80000...0x8FFFD, 0x90000...0x9FFFD, 0xA0000...0xAFFFD,
        0xB0000...0xBFFFD, 0xC0000...0xCFFFD, 0xD0000...0xDFFFD, 0xE0000...0xEFFFD,
    ]

    /// Inside ``body`` but never first: the combining marks the grammar lists as
    /// identifier characters only, and the Hangzhou numerals the lexer also reads as operators.
    private static let notHead: [ClosedRange<UInt32>] = [
        0x0300...0x036F, 0x1DC0...0x1DFF, 0x20D0...0x20FF, 0x3021...0x302F, 0xFE20...0xFE2F,
    ]

    /// Whether Swift reads the non-ASCII `scalar` as the first character of an identifier, also
    /// after a dot.
    static func isHead(_ scalar: Unicode.Scalar) -> Bool {
        isBody(scalar) && !contains(notHead, scalar.value)
    }

    /// Whether Swift reads the non-ASCII `scalar` as a later character of an identifier.
    static func isBody(_ scalar: Unicode.Scalar) -> Bool {
        contains(body, scalar.value)
    }

    /// Binary search: the generator asks for every scalar of every key.
    private static func contains(_ ranges: [ClosedRange<UInt32>], _ value: UInt32) -> Bool {
        var low = 0
        var high = ranges.count
        while low < high {
            let middle = (low + high) / 2
            if ranges[middle].upperBound < value {
                low = middle + 1
            } else {
                high = middle
            }
        }
        return low < ranges.count && ranges[low].contains(value)
    }
}
