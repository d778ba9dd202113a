import CLDRPlurals

/// Placeholder names where Apple formats have none: one line of the entry's comment, which
/// Xcode, `.strings` files and XLIFF notes keep and translators read
/// (`Placeholders: 1 = {{name}}, 2 = {{total}}`). Written with every Apple output whose
/// arguments came from names, read back by every Apple reader, so that `Hello, {{name}}!` comes
/// back from a `.xcstrings`, `.strings` or XLIFF trip as `{{name}}`, not `{{arg1}}`.
enum PlaceholderNames {
    static let prefix = "Placeholders: "

    /// `comment` with the line naming the arguments in `order`, at the positions the Apple
    /// writer gives them (`argN` at N, another name at its place in `order`); unchanged when no
    /// name needs it (only `argN`, or the plural number `count` of a plural entry).
    static func comment(_ comment: String?, order: [String], plural: Bool) -> String? {
        let needed = order.contains { name in PlaceholderSyntax.argumentIndex(name) == nil && !(plural && name == "count") }
        guard needed else { return comment }
        var line = prefix
        for (index, name) in order.enumerated() {
            if index > 0 { line += ", " }
            line += "\(PlaceholderSyntax.argumentIndex(name) ?? index + 1) = {{\(name)}}"
        }
        guard let comment, !comment.isEmpty else { return line }
        return comment + "\n" + line
    }

    /// The names the last line of `comment` gives by position, and the comment without it.
    static func read(_ comment: String?) -> (names: [Int: String], comment: String?) {
        guard let comment else { return ([:], nil) }
        let lines = comment.split(separator: "\n", omittingEmptySubsequences: false)
        guard let last = lines.last, last.hasPrefix(prefix) else { return ([:], comment) }
        var names: [Int: String] = [:]
        for item in last.dropFirst(prefix.count).split(separator: ", ") {
            let parts = item.split(separator: " = ", maxSplits: 1)
            guard parts.count == 2, let position = Int(parts[0]), position > 0, parts[1].hasPrefix("{{"), parts[1].hasSuffix("}}"),
                  parts[1].count > 4 else { return ([:], comment) }
            names[position] = String(parts[1].dropFirst(2).dropLast(2))
        }
        let rest = lines.dropLast().joined(separator: "\n")
        return (names, rest.isEmpty ? nil : rest)
    }

    /// `entry` with the names its comment gives put on its placeholders, and the line removed.
    ///
    /// Only when writing the named entry gives the same comment back: a line a person wrote, or
    /// one that names no placeholder the text has, stays part of the comment and names nothing.
    static func applying(to entry: TranslationEntry) -> TranslationEntry {
        let (names, stripped) = read(entry.comment)
        guard !names.isEmpty else { return entry }
        var named = entry
        named.comment = stripped
        let plural: Bool
        switch entry.value {
        case .single(let message):
            named.value = .single(naming(message, names))
            plural = false
        case .plural(let forms, let variable, let frame, let valueType):
            named.value = .plural(forms.mapValues { naming($0, names) }, variable: variable, frame: frame.map { naming($0, names) }, valueType: valueType)
            plural = true
        }
        let messages = PluralCategory.allCases.reversed().compactMap { named.expandedForms[$0] }
        let order = PlaceholderSyntax.argumentOrder(messages)
        guard Set(order) == Set(names.values), comment(stripped, order: order, plural: plural) == entry.comment else { return entry }
        return named
    }

    /// `message` with each argument named by its position (written, or its order among the
    /// unnamed ones); the conversion stays unless it is the plain `@`.
    private static func naming(_ message: TranslationMessage, _ names: [Int: String]) -> TranslationMessage {
        var named = TranslationMessage()
        var order = 0
        for piece in message.pieces {
            guard case .placeholder(var placeholder) = piece, placeholder.name == nil,
                  !(placeholder.conversion?.hasPrefix("#@") ?? false) else {
                named.append(piece)
                continue
            }
            order += 1
            if let name = names[placeholder.position ?? order] {
                placeholder.name = name
                placeholder.position = nil
                // `@` is a plain value; the number `count` is written as `%lld` again. Any other
                // conversion stays (`{{count, .2f}}` is not an integer).
                if (placeholder.conversion == "@" && name != "count") || (name == "count" && placeholder.isNumeric && !(placeholder.conversion ?? "").contains(".")) {
                    placeholder.conversion = nil
                }
            }
            named.append(.placeholder(placeholder))
        }
        return named
    }
}
