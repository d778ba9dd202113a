import Platform

/// The text of an Android string resource as `aapt` compiles it, read and written.
///
/// Reading follows aapt: outside double quotes a run of white space (space, tab, new line,
/// return) is one space, and white space at the start and end is dropped; `"…"` keeps its white
/// space and apostrophes, the quotes themselves are not text; `\n`, `\t`, `\uXXXX` (two of them
/// for a UTF-16 surrogate pair, as Java writes an emoji), `\'`, `\"`, `\\`, `\@`, `\?`, `\#` are
/// escapes, never collapsed; aapt drops any other `\c` with its character (`won\’t` is `wont`).
/// A CDATA section is text without markup, escapes still apply.
///
/// Writing escapes `\`, `'`, `"`, new line and tab; a space that would be dropped or merged
/// (the first or last character, or a space after a space) as `\u0020`; other characters XML
/// cannot hold as `\uXXXX`; a leading `@` or `?` (a reference otherwise) as `\@`, `\?`.
enum AndroidText {
    // MARK: Reading

    /// Reads the pieces of one value in order, with aapt's quote, escape and white-space state
    /// carried across them (a value's text is cut by `<xliff:g>`, markup and CDATA sections).
    struct Reader {
        /// The text read, in runs: each run belongs to one `<xliff:g>` (its index) or none, or is
        /// one tag of inline markup (`<b>`, `</b>`), which is not text.
        var runs: [Run] {
            current.isEmpty ? finished : finished + [Run(text: String(decoding: current, as: UTF8.self), group: currentGroup)]
        }
        /// A run of text, or a tag of inline markup.
        struct Run {
            var text: String
            var group: Int?
            var isMarkup = false
        }
        /// The runs before the one being read, and that one as UTF-8, appended to in place
        /// (appending each scalar through the array of runs copied the run's text every time).
        private var finished: [Run] = []
        private var current: [UInt8] = []
        private var currentGroup: Int?
        /// Whether an apostrophe outside double quotes was not escaped (aapt refuses it).
        private(set) var bareApostrophe = false
        /// The escapes aapt drops with their character (`\’`), as written.
        private(set) var droppedEscapes: [String] = []
        /// Whether the value starts with an unescaped `@` or `?`: a reference, not text.
        private(set) var startsWithReference = false
        /// The `<xliff:g>` the text read now is inside.
        var group: Int?

        private var inQuotes = false
        private var pendingSpace = false
        private var started = false
        private var escaping = false
        private var unicodeDigits: String?
        /// The first half of a surrogate pair read from `\uD83E`, waiting for the second.
        private var highSurrogate: UInt32?

        init() {}

        mutating func read(_ text: String) {
            for scalar in text.unicodeScalars {
                if var digits = unicodeDigits {
                    if scalar.properties.isASCIIHexDigit {
                        digits.unicodeScalars.append(scalar)
                        if digits.unicodeScalars.count == 4 {
                            unicodeDigits = nil
                            emitUnit(UInt32(digits, radix: 16) ?? 0xFFFD)
                        } else {
                            unicodeDigits = digits
                        }
                        continue
                    }
                    // `\u` with fewer than four digits: aapt drops what it read.
                    unicodeDigits = nil
                }
                if escaping {
                    escaping = false
                    switch scalar {
                    case "n": emit("\n")
                    case "t": emit("\t")
                    case "u": unicodeDigits = ""
                    case "'", "\"", "\\", "@", "?", "#": emit(scalar)
                    default:
                        // aapt: "ignore unknown escape chars"; the character goes with it.
                        if droppedEscapes.count < 8 { droppedEscapes.append("\\" + String(scalar)) }
                    }
                    continue
                }
                switch scalar {
                case "\\": escaping = true
                case "\"": inQuotes.toggle()
                case " ", "\t", "\n", "\r", "\u{0B}", "\u{0C}":
                    if inQuotes { emit(scalar) } else { pendingSpace = true }
                case "@", "?":
                    if !started, !inQuotes { startsWithReference = true }
                    emit(scalar)
                case "'":
                    if !inQuotes { bareApostrophe = true }
                    emit(scalar)
                default: emit(scalar)
                }
            }
        }

        /// A tag of inline markup (`<b>`, `</b>`), a run of its own. It takes a character's place:
        /// white space before it is written, as aapt keeps the space between `a <b>b</b>`.
        mutating func readMarkup(_ tag: String) {
            placeCharacter()
            finishRun()
            finished.append(Run(text: tag, group: group, isMarkup: true))
        }

        /// A UTF-16 code unit from `\uXXXX`: a surrogate pair is one character; a lone half is U+FFFD.
        private mutating func emitUnit(_ unit: UInt32) {
            if (0xD800...0xDBFF).contains(unit) {
                if highSurrogate != nil { append("\u{FFFD}") }
                // The character takes its place now: the white space before it goes first.
                if pendingSpace, started { append(" ") }
                pendingSpace = false
                started = true
                highSurrogate = unit
                return
            }
            if let high = highSurrogate, (0xDC00...0xDFFF).contains(unit) {
                highSurrogate = nil
                append(Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (unit - 0xDC00)) ?? "\u{FFFD}")
                return
            }
            emit(Unicode.Scalar(unit) ?? "\u{FFFD}")
        }

        private mutating func emit(_ scalar: Unicode.Scalar) {
            placeCharacter()
            append(scalar)
        }

        /// What comes before a character: a lone surrogate half waiting is U+FFFD, and white
        /// space read before it is one space (none at the start).
        private mutating func placeCharacter() {
            if highSurrogate != nil {
                // A lone half: its place (the white space before it is written) holds U+FFFD.
                highSurrogate = nil
                append("\u{FFFD}")
            }
            if pendingSpace, started { append(" ") }
            pendingSpace = false
            started = true
        }

        private mutating func finishRun() {
            if !current.isEmpty { finished.append(Run(text: String(decoding: current, as: UTF8.self), group: currentGroup)) }
            current.removeAll(keepingCapacity: true)
        }

        private mutating func append(_ scalar: Unicode.Scalar) {
            if current.isEmpty || currentGroup != group {
                finishRun()
                currentGroup = group
            }
            if scalar.isASCII {
                current.append(UInt8(truncatingIfNeeded: scalar.value))
            } else {
                UTF8.encode(scalar) { current.append($0) }
            }
        }
    }

    /// A Java format conversion (`%1$s`, `%d`, `%.2f`, `%%`, `%n`) at `start` (a `%`), if one is:
    /// its position, its specifier without `%` and position, and the index after it.
    static func conversion(at start: Int, in scalars: [Unicode.Scalar]) -> (position: Int?, specifier: String, end: Int)? {
        func isDigit(_ index: Int) -> Bool { index < scalars.count && ("0"..."9").contains(scalars[index]) }
        func isFlag(_ scalar: Unicode.Scalar) -> Bool {
            switch scalar {
            case "-", "#", "+", " ", "0", ",", "(", "<": true;
            default: false
            }
        }
        var index = start + 1
        var position: Int? = nil
        var digitsEnd = index
        while isDigit(digitsEnd), digitsEnd - index < 4 { digitsEnd += 1 }
        if digitsEnd > index, digitsEnd < scalars.count, scalars[digitsEnd] == "$" {
            // At most four digits: their value, which `Int(text)` gave.
            let value = scalars[index..<digitsEnd].reduce(0) { $0 * 10 + Int($1.value - 48) }
            guard value > 0 else { return nil }
            position = value
            index = digitsEnd + 1
        }
        let specifierStart = index
        while index < scalars.count, isFlag(scalars[index]), index - specifierStart < 8 { index += 1 }
        while isDigit(index), index - specifierStart < 16 { index += 1 }
        if index < scalars.count, scalars[index] == "." {
            index += 1
            guard isDigit(index) else { return nil }
            while isDigit(index), index - specifierStart < 24 { index += 1 }
        }
        guard index < scalars.count else { return nil }
        let letter = scalars[index]
        if letter == "t" || letter == "T" {
            guard index + 1 < scalars.count, scalars[index + 1].properties.isAlphabetic, scalars[index + 1].isASCII else { return nil }
            index += 2
        } else if isConversionLetter(letter) {
            index += 1
        } else {
            return nil
        }
        return (position, String(encoding: scalars[specifierStart..<index]), index)
    }

    /// `bBhHsScCdoxXeEfgGaA%n`, the conversions after which a Java format ends.
    private static func isConversionLetter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "b", "B", "h", "H", "s", "S", "c", "C", "d", "o", "x", "X", "e", "E", "f", "g", "G", "a", "A", "%", "n": true
        default: false
        }
    }

    /// Whether `specifier` takes an argument: `%%` and `%n` do not, and `% d` (the space flag
    /// alone) is prose in a UI string (`100% done`), as Apple's reader also takes it.
    static func takesArgument(_ specifier: String, position: Int?) -> Bool {
        if specifier == "%" || specifier == "n" { return false }
        if position == nil, specifier.unicodeScalars.count == 2, specifier.unicodeScalars.first == " " { return false }
        return true
    }

    /// Whether `text` would read back with a conversion that takes an argument.
    static func hasConversion(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count {
            if scalars[index] == "%", let found = conversion(at: index, in: scalars) {
                if takesArgument(found.specifier, position: found.position) { return true }
                index = found.end
            } else {
                index += 1
            }
        }
        return false
    }

    // MARK: Writing

    /// One piece of a value to write: a character of text, or markup written as it is.
    enum Atom {
        case character(Unicode.Scalar)
        case markup(String)
    }

    /// The XML content of a value made of `atoms`.
    static func escaped(_ atoms: [Atom]) -> String {
        var out = ""
        for (index, atom) in atoms.enumerated() {
            switch atom {
            case .markup(let markup): out += markup
            case .character(let scalar):
                switch scalar {
                case " ":
                    let previousIsSpace = index > 0 && { if case .character(" ") = atoms[index - 1] { true } else { false } }()
                    out += index == 0 || index == atoms.count - 1 || previousIsSpace ? "\\u0020" : " "
                case "\\": out += "\\\\"
                case "'": out += "\\'"
                case "\"": out += "\\\""
                case "\n": out += "\\n"
                case "\t": out += "\\t"
                case "@", "?": out += index == 0 ? "\\" + String(scalar) : String(scalar)
                case "&": out += "&amp;"
                case "<": out += "&lt;"
                case ">": out += "&gt;"
                default:
                    if scalar.value < 0x20 || scalar.value == 0x7F || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                        let hex = String(scalar.value, radix: 16, uppercase: true)
                        out += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
                    } else {
                        out.unicodeScalars.append(scalar)
                    }
                }
            }
        }
        return out
    }
}
