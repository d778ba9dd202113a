import Foundation
import TranslationFormats

/// `envtool i18n pseudo`: one input read in one format (the first byte picks it, as in
/// `convert`), pseudo-localized into en-XA and ar-XB, then planned in every format. Besides not
/// trapping, the transformation must keep what is code: the placeholders and `$t()` nesting of
/// every message, and the markup, references, brace groups and conversions of its text, in
/// order; a difference traps. The input is also taken as one plain text, so that the text
/// scanner sees arbitrary bytes and not only what a reader lets through.
enum PseudoHarness {
    /// The largest growth, so that the filler is as long as it can be.
    static let largest = try? PseudoLocalizer(expansion: PseudoLocalizer.maximumExpansion)

    static func run(_ input: UnsafeRawBufferPointer) {
        guard let first = input.first, let localizer = largest else { return }
        let text = String(decoding: input.dropFirst(), as: UTF8.self)
        for method in PseudoLocalizer.Method.allCases {
            let message = TranslationMessage([.text(text)])
            check(message, localizer.pseudoLocalized(message, method: method), method: method)
        }
        let registry = ConvertHarness.registry
        let formats = ["i18next", "strings", "xcstrings", "po", "xliff"].compactMap(registry.format(named:))
        let format = formats[Int(first) % formats.count]
        let fileExtension = format.fileExtensions.first ?? format.name
        let name = format.writesSingleFile ? "en/messages.\(fileExtension)" : "en.lproj/Localizable.\(fileExtension)"
        let path = TemporaryFiles.write(Data(input.dropFirst()), as: name, in: "pseudo-in")
        var converter = TranslationConverter(registry: registry)
        guard (try? converter.read(path, format: format, language: "en")) != nil else { return }
        for table in converter.tables {
            let sources = table.languages.keys.sorted()
            for source in sources {
                let pseudo = localizer.pseudoLocalized(table, source: source, methods: PseudoLocalizer.Method.allCases)
                for method in PseudoLocalizer.Method.allCases {
                    let written = pseudo.languages[method.language] ?? []
                    let original = table.languages[source] ?? []
                    guard written.count == original.count else { fatalError("\(method): \(written.count) entries from \(original.count)") }
                    for (before, after) in zip(original, written) { check(before.value, after.value, method: method) }
                }
            }
        }
        let destination = TemporaryFiles.directory + "/pseudo-out"
        for target in registry.formats {
            var planner = converter
            _ = try? planner.planPseudoLocalization(
                localizer, methods: PseudoLocalizer.Method.allCases, format: target,
                to: destination + "/" + target.name)
            _ = planner.issues.map(\.description)
        }
    }

    /// Each form of `after` against the form of `before` it was made from (the same category, else `other`).
    static func check(_ before: TranslationEntry.Value, _ after: TranslationEntry.Value, method: PseudoLocalizer.Method) {
        switch (before, after) {
        case (.single(let from), .single(let to)):
            check(from, to, method: method)
        case (.plural(let from, _, let fromFrame, _), .plural(let to, _, let toFrame, _)):
            for (category, message) in to {
                guard let source = from[category] ?? from[.other] else { fatalError("\(method): no source form for \(category)") }
                check(source, message, method: method)
            }
            if let fromFrame, let toFrame { check(fromFrame, toFrame, method: method) }
            if (fromFrame == nil) != (toFrame == nil) { fatalError("\(method): the frame was lost or invented") }
        default:
            fatalError("\(method): a single message became a plural or the other way")
        }
    }

    /// Traps unless `after` has the code of `before`: the same placeholders and nesting, and the
    /// same kept parts of its text, in order; and an empty message stays empty.
    static func check(_ before: TranslationMessage, _ after: TranslationMessage, method: PseudoLocalizer.Method) {
        if before.pieces.isEmpty, !after.pieces.isEmpty { fatalError("\(method): an empty message became \(after.pieces)") }
        guard code(before) == code(after) else {
            fatalError("\(method): the code of \(before.pieces) changed: \(code(before)) became \(code(after))")
        }
    }

    static func code(_ message: TranslationMessage) -> [String] {
        message.pieces.flatMap { piece -> [String] in
            switch piece {
            case .text(let text):
                PseudoLocalizer.segments(of: text).compactMap { if case .kept(let kept) = $0 { kept } else { nil } }
            case .placeholder(let placeholder): ["placeholder \(placeholder)"]
            case .nesting(let key): ["nesting \(key)"]
            case .markup(let tag): ["markup \(tag)"]
            }
        }
    }
}
