extension TranslationEntry {
    /// The values a translation reads, as one set to compare with the source language's:
    /// `{{name}}` for a named value (i18next, gettext's `%(name)s`), `%N$` for the N-th argument
    /// (printf's `%@`, `%1$@`, `%lld`; i18next's `{{argN}}`, which the converters write for it),
    /// over every plural form with its frame applied.
    ///
    /// Read from the placeholders the format's parser made (``PlaceholderSyntax``), so every
    /// format is compared alike. The plural number `count` is left out, as i18next supplies it,
    /// and so is Apple's plural variable (`%#@items@`), which its forms replace; a `one` form that
    /// leaves the number out is no difference, as the other forms read it.
    var arguments: Set<String> {
        var result = Set<String>()
        for form in expandedForms.values {
            var order = 0
            for placeholder in form.placeholders {
                if placeholder.conversion?.hasPrefix("#@") == true { continue }
                if let name = placeholder.name {
                    if let index = PlaceholderSyntax.argumentIndex(name) {
                        result.insert("%\(index)$")
                    } else if name != "count" {
                        result.insert("{{" + name + "}}")
                    }
                } else {
                    order += 1
                    result.insert("%\(placeholder.position ?? order)$")
                }
            }
        }
        return result
    }
}
