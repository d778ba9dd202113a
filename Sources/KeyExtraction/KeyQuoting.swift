import JSONParsing

/// A key as messages show it: a JSON string, so a key with a quote, a newline or a control
/// character stays on the one line a diagnostic has and reads back unambiguously.
package func quotedKey(_ key: String) -> String {
    JSONValue.string(key).jsonText()
}
