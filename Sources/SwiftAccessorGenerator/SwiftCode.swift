/// Generated Swift: the generator's own text, with holes for what comes from the inputs.
///
/// Text from the inputs reaches generated source only through a hole, and each hole has its
/// escaper: a name (`\(name:)`, made by ``SwiftIdentifier``), a string literal (`\(literal:)`,
/// ``SwiftEscaping/stringLiteral(_:)``) or the rest of a comment line (`\(comment:)`,
/// ``SwiftEscaping/comment(_:)``). There is no interpolation of a plain `String`, so an emitter
/// cannot paste a key or a file name into the code by mistake.
///
/// The parts are kept beside the text so that a check can lex each hole on its own and see that
/// it is the one token it stands for (the `generate-swift` fuzz target does).
package struct SwiftCode: Sendable, Equatable, ExpressibleByStringInterpolation {
    /// A piece of generated text and where it came from.
    package enum Part: Sendable, Equatable {
        /// The generator's own text.
        case template(String)
        /// A name: made by ``SwiftIdentifier`` or accepted by ``SwiftTypeName``.
        case name(String)
        /// A string literal, quotes included.
        case literal(String)
        /// A comment's text after its `// ` or `/// `, to the end of the line.
        case comment(String)

        /// The text as it is in the generated file.
        package var text: String {
            switch self {
            case .template(let text), .name(let text), .literal(let text), .comment(let text): text
            }
        }
    }

    /// The pieces, in order; adjacent template text is merged.
    package private(set) var parts: [Part] = []
    /// The generated text.
    package private(set) var text = ""

    package init() {}

    /// The generator's own text, as written in its source.
    package init(stringLiteral value: String) {
        append(.template(value))
    }

    package init(stringInterpolation: StringInterpolation) {
        self = stringInterpolation.code
    }

    /// `code` after this.
    package mutating func append(_ code: SwiftCode) {
        for part in code.parts { append(part) }
    }

    private mutating func append(_ part: Part) {
        guard !part.text.isEmpty else { return }
        text += part.text
        if case .template(let added) = part, case .template(let last)? = parts.last {
            parts[parts.count - 1] = .template(last + added)
        } else {
            parts.append(part)
        }
    }

    /// The pieces of `code` with `separator` between them (`a p1: Swift.String, b p2: Swift.Int`).
    package static func joined(_ code: [SwiftCode], separator: SwiftCode) -> SwiftCode {
        var result = SwiftCode()
        for (index, piece) in code.enumerated() {
            if index > 0 { result.append(separator) }
            result.append(piece)
        }
        return result
    }

    /// Builds a ``SwiftCode`` from a string literal with holes.
    package struct StringInterpolation: StringInterpolationProtocol {
        fileprivate var code = SwiftCode()

        package init(literalCapacity: Int, interpolationCount: Int) {}

        package mutating func appendLiteral(_ literal: String) {
            code.append(.template(literal))
        }

        /// Generated code made elsewhere (a type, a call), with its holes.
        package mutating func appendInterpolation(_ other: SwiftCode) {
            code.append(other)
        }

        /// A number the generator counts (a parameter's position), not text from the inputs.
        package mutating func appendInterpolation(_ number: Int) {
            code.append(.template(String(number)))
        }

        /// A name made by ``SwiftIdentifier`` (or a type name ``SwiftTypeName`` accepts), as it is.
        package mutating func appendInterpolation(name: String) {
            code.append(.name(name))
        }

        /// `text` as a string literal with the same value.
        package mutating func appendInterpolation(literal text: String) {
            code.append(.literal(SwiftEscaping.stringLiteral(text)))
        }

        /// `text` as the rest of a comment line.
        package mutating func appendInterpolation(comment text: String) {
            code.append(.comment(SwiftEscaping.comment(text)))
        }
    }
}
