import CLDRPlurals

/// What a format cannot say about i18next's placeholders, kept in one line of the entry's
/// comment, which Xcode, `.strings` files, XLIFF notes and `.po` extracted comments keep and
/// translators read: each argument's position and the placeholder as i18next writes it
/// (`Placeholders: 1 = {{name}}, 2 = {{- html}}, 3 = {{value, number(minimumFractionDigits: 2)}}`).
///
/// Apple formats number their arguments (`%1$@`), so the line gives each number its name, the
/// unescaping dash and the format; gettext names its arguments (`%(html)s`), so there the line is
/// written only for the dash and the format, and read by name. Written by every writer that has
/// a comment (`.strings`, `.stringsdict`, `.xcstrings`, XLIFF, `.po`), read back by each, so
/// that `{{- html}}` and `{{value, number}}` come back from a trip exactly. Android says the same
/// in `<xliff:g id="…" ctype="x-format:…">` instead (see ``AndroidFormat``).
///
/// The line of envtool before the dash and formats were carried (`1 = {{name}}`) is the same
/// line without them, and reads as it did.
enum PlaceholderNames {
    static let prefix = "Placeholders: "

    /// One item of the line: the argument's position and the placeholder it stands for (its name,
    /// ``TranslationPlaceholder/unescaped`` and ``TranslationPlaceholder/format``).
    struct Argument: Equatable {
        var position: Int
        var placeholder: TranslationPlaceholder
    }

    /// `comment` with the line for `entry`'s arguments in `order`, at the positions the Apple
    /// writer gives them (`argN` at N, another name at its place in `order`), each spelled as
    /// `entry` writes it (its first appearance over the plural forms); unchanged when nothing
    /// needs it: with `namesNative` (gettext) only a dash or a format does, otherwise also a name
    /// other than `argN` and a plural entry's number `count`.
    static func comment(_ comment: String?, order: [String], naming entry: TranslationEntry, namesNative: Bool = false) -> String? {
        let spellings = spellings(of: entry)
        let plural = entry.isPlural
        // gettext's `%(name)s` has no place for the number a lone argument was written with
        // (Android's `<xliff:g id="date">%1$s</xliff:g>`) nor for more than the conversion's
        // letter (`%1$,.2f`): the line carries them (`{{date, 1$}}`, `{{size, '.2f}}`).
        let numbered = namesNative ? loneNumbered(in: entry) : [:]
        let converted = namesNative ? spellings.filter { $0.key != "count" }.compactMapValues { $0.conversion.flatMap(beyondGettextLetter) } : [:]
        let needed =
            spellings.values.contains { $0.unescaped || $0.format != nil } || !numbered.isEmpty || !converted.isEmpty
            || (!namesNative
                && order.contains { name in
                    // Only the entry's own names: a language without plural forms names the
                    // source's `count` `arg1` (katagaki/DJDX's `%lld曲`), which needs no line.
                    spellings[name] != nil && PlaceholderSyntax.argumentIndex(name) == nil && !(plural && name == "count")
                })
        guard needed else { return comment }
        let arguments = order.enumerated().map { index, name in
            Argument(
                position: PlaceholderSyntax.argumentIndex(name) ?? index + 1,
                placeholder: TranslationPlaceholder(
                    name: name, position: numbered[name], conversion: converted[name], format: spellings[name]?.format,
                    unescaped: spellings[name]?.unescaped ?? false))
        }
        let line = self.line(arguments)
        guard let comment, !comment.isEmpty else { return line }
        return comment + "\n" + line
    }

    /// `conversion` when gettext's letter (`%(name)f`) does not say all of it (`'.2f`, `lld`).
    /// Not asked of `count`: i18next writes the plural number without its conversion, so the
    /// line could not carry it.
    private static func beyondGettextLetter(_ conversion: String) -> String? {
        let letter = PlaceholderSyntax.gettextLetter(conversion)
        return conversion == letter || conversion == "@" ? nil : conversion
    }

    /// The written number of each named argument that is its message's only one (`%1$s` of
    /// `Today, %1$s`), which gettext's `%(name)s` cannot say.
    private static func loneNumbered(in entry: TranslationEntry) -> [String: Int] {
        var numbered: [String: Int] = [:]
        for message in PluralCategory.allCases.reversed().compactMap({ entry.expandedForms[$0] }) {
            let placeholders = message.placeholders
            if placeholders.count == 1, let name = placeholders[0].name, let position = placeholders[0].position, numbered[name] == nil {
                numbered[name] = position
            }
        }
        return numbered
    }

    /// ``comment(_:order:naming:namesNative:)`` of gettext, whose arguments are named: `entry`'s
    /// comment with the line when a placeholder has a dash or a format, or is a message's only
    /// argument and numbered, in the entry's own order.
    static func comment(namedArgumentsOf entry: TranslationEntry) -> String? {
        // Looked for before anything is made: a `.po` writer asks this of every message.
        func spelled(_ message: TranslationMessage) -> Bool {
            var count = 0
            var lone = false
            for piece in message.pieces {
                guard case .placeholder(let placeholder) = piece else { continue }
                if placeholder.unescaped || placeholder.format != nil { return true }
                if let name = placeholder.name, name != "count", placeholder.conversion.flatMap(beyondGettextLetter) != nil { return true }
                count += 1
                lone = placeholder.name != nil && placeholder.position != nil
            }
            return count == 1 && lone
        }
        switch entry.value {
        case .single(let message): guard spelled(message) else { return entry.comment }
        case .plural(let forms, _, let frame, _): guard forms.values.contains(where: spelled) || frame.map(spelled) == true else { return entry.comment }
        }
        let order = PlaceholderSyntax.argumentOrder(PluralCategory.allCases.reversed().compactMap { entry.expandedForms[$0] })
        return comment(entry.comment, order: order, naming: entry, namesNative: true)
    }

    /// What a format with one line for a key (a catalog's `comment`, an XLIFF unit's `<note>`)
    /// loses of `entry` when the line is `reference`'s: each placeholder both have but spell
    /// differently (`{{html}}` where the source has `{{- html}}`), as `entry` spells it and as it
    /// reads back, for the report.
    static func respelled(_ entry: TranslationEntry, against reference: TranslationEntry) -> [(own: String, readBack: String)] {
        let own = spellings(of: entry)
        let theirs = spellings(of: reference)
        return own.keys.sorted().compactMap { name in
            guard let mine = own[name], let other = theirs[name], mine.unescaped != other.unescaped || mine.format != other.format else { return nil }
            func plain(_ placeholder: TranslationPlaceholder) -> TranslationPlaceholder {
                TranslationPlaceholder(name: placeholder.name, format: placeholder.format, unescaped: placeholder.unescaped)
            }
            return (spelled(plain(mine)), spelled(plain(other)))
        }
    }

    /// `placeholder` as the line spells it: i18next's text, without a printf conversion.
    private static func spelled(_ placeholder: TranslationPlaceholder) -> String {
        var issues = ConversionIssues(file: "", language: "")
        let bare = TranslationPlaceholder(
            name: placeholder.name, position: placeholder.position, conversion: placeholder.conversion, format: placeholder.format,
            unescaped: placeholder.unescaped)
        return PlaceholderSyntax.renderI18Next(TranslationMessage([.placeholder(bare)]), pluralNumber: nil, key: "", issues: &issues)
    }

    /// The line of `arguments`, each placeholder as i18next writes it.
    private static func line(_ arguments: [Argument]) -> String {
        var line = prefix
        for (index, argument) in arguments.enumerated() {
            if index > 0 { line += ", " }
            line += "\(argument.position) = " + spelled(argument.placeholder)
        }
        return line
    }

    /// Each name of `entry` as first written over its plural forms (most plural first, as
    /// ``PlaceholderSyntax/argumentOrder(_:)`` reads them).
    private static func spellings(of entry: TranslationEntry) -> [String: TranslationPlaceholder] {
        var spellings: [String: TranslationPlaceholder] = [:]
        for message in PluralCategory.allCases.reversed().compactMap({ entry.expandedForms[$0] }) {
            for placeholder in message.placeholders {
                if let name = placeholder.name, spellings[name] == nil { spellings[name] = placeholder }
            }
        }
        return spellings
    }

    /// The arguments the last line of `comment` gives, in its order, and the comment without it;
    /// no arguments, and the comment whole, when the last line is not one the writer writes.
    static func read(_ comment: String?) -> (arguments: [Argument], comment: String?) {
        guard let comment else { return ([], nil) }
        let lines = comment.split(separator: "\n", omittingEmptySubsequences: false)
        guard let last = lines.last, last.hasPrefix(prefix) else { return ([], comment) }
        var rest = last.dropFirst(prefix.count)
        var arguments: [Argument] = []
        // Item by item rather than split at ", ": a format's options hold commas too
        // (`{{value, number(minimumFractionDigits: 2)}}`). A placeholder ends at the first `}}`,
        // as i18next reads it.
        while !rest.isEmpty {
            if !arguments.isEmpty {
                guard rest.hasPrefix(", ") else { return ([], comment) }
                rest = rest.dropFirst(2)
            }
            guard let equals = rest.firstRange(of: " = {{"), let position = Int(rest[..<equals.lowerBound]), position > 0,
                let close = rest[equals.upperBound...].firstRange(of: "}}")
            else { return ([], comment) }
            let message = PlaceholderSyntax.parseI18Next(String(rest[rest.index(equals.upperBound, offsetBy: -2)..<close.upperBound]))
            guard message.pieces.count == 1, case .placeholder(let placeholder) = message.pieces[0], let name = placeholder.name, !name.isEmpty
            else { return ([], comment) }
            arguments.append(Argument(position: position, placeholder: placeholder))
            rest = rest[close.upperBound...]
        }
        // Only the line as the writer spells it: one a person wrote otherwise stays a comment.
        guard !arguments.isEmpty, line(arguments) == last else { return ([], comment) }
        let stripped = lines.dropLast().joined(separator: "\n")
        return (arguments, stripped.isEmpty ? nil : stripped)
    }

    /// `entry` with what its comment's line gives put on its placeholders, and the line removed:
    /// with `namesNative` (gettext) the dash and format of each named placeholder, by name;
    /// otherwise the name, dash and format of each unnamed argument, by its position (written, as
    /// a translation that reorders them writes `%2$@ … %1$@`, or its order among the unnamed ones).
    ///
    /// Only when the line names every argument it would name, and some: a line that leaves one
    /// unnamed (a person's, or one for other arguments), or a text without arguments, keeps the
    /// line as part of its comment.
    static func applying(to entry: TranslationEntry, namesNative: Bool = false) -> TranslationEntry {
        let (arguments, stripped) = read(entry.comment)
        guard !arguments.isEmpty else { return entry }
        var byPosition: [Int: TranslationPlaceholder] = [:]
        var byName: [String: TranslationPlaceholder] = [:]
        for argument in arguments {
            byPosition[argument.position] = argument.placeholder
            if let name = argument.placeholder.name { byName[name] = argument.placeholder }
        }
        var complete = true
        var used = false
        func named(_ message: TranslationMessage) -> TranslationMessage {
            let (named, all, any) = naming(message, byPosition: namesNative ? [:] : byPosition, byName: byName)
            if !all { complete = false }
            if any { used = true }
            return named
        }
        var result = entry
        result.comment = stripped
        switch entry.value {
        case .single(let message):
            result.value = .single(named(message))
        case .plural(let forms, let variable, let frame, let valueType):
            result.value = .plural(forms.mapValues(named), variable: variable, frame: frame.map(named), valueType: valueType)
        }
        return complete && used ? result : entry
    }

    /// `message` with each argument given the placeholder the line has for it, whether every
    /// unnamed argument had one, and whether any argument had one. An unnamed argument is found
    /// by its position; its conversion stays unless it is the plain `@` (or the plural number
    /// `count`'s whole number). A named one (gettext's `%(name)s`) takes its name's dash and format.
    private static func naming(
        _ message: TranslationMessage, byPosition: [Int: TranslationPlaceholder],
        byName: [String: TranslationPlaceholder]
    ) -> (TranslationMessage, all: Bool, any: Bool) {
        var named = TranslationMessage()
        var order = 0
        var all = true
        var any = false
        let arguments = message.placeholders.count { !($0.conversion?.hasPrefix("#@") ?? false) }
        for piece in message.pieces {
            guard case .placeholder(var placeholder) = piece, !(placeholder.conversion?.hasPrefix("#@") ?? false) else {
                named.append(piece)
                continue
            }
            if let name = placeholder.name {
                if let spelled = byName[name] {
                    any = true
                    placeholder.unescaped = spelled.unescaped
                    placeholder.format = spelled.format
                    if let position = spelled.position, arguments == 1 { placeholder.position = position }
                    if let conversion = spelled.conversion { placeholder.conversion = conversion }
                }
                named.append(.placeholder(placeholder))
                continue
            }
            order += 1
            guard let spelled = byPosition[placeholder.position ?? order], let name = spelled.name else {
                // By name only (gettext): a `%s` beside `%(name)s` is no name the line misses.
                if !byPosition.isEmpty { all = false }
                named.append(piece)
                continue
            }
            any = true
            placeholder.name = name
            // A lone argument the Apple writer numbered only because the source did
            // (`{{arg1, 1$}}` is `%1$@`, `{{arg1}}` is `%@`) keeps its number.
            if arguments != 1 || (PlaceholderSyntax.argumentIndex(name) ?? 1) != 1 { placeholder.position = nil }
            placeholder.unescaped = spelled.unescaped
            placeholder.format = spelled.format
            // `@` is a plain value; the number `count` is written as `%lld` again. Any other
            // conversion stays (`{{count, .2f}}` is not an integer).
            if (placeholder.conversion == "@" && name != "count") || (name == "count" && placeholder.isNumeric && !(placeholder.conversion ?? "").contains("."))
            {
                placeholder.conversion = nil
            }
            named.append(.placeholder(placeholder))
        }
        return (named, all, any)
    }
}
