import Foundation
import I18Next

/// i18next at the byte level: the first NUL-separated part is the init options object (with
/// `resources`), then come calls as pairs of parts: a key (or a JSON array of keys) and the JSON
/// options object of `t()`. The seeds are the cases of the conformance corpus in this shape.
enum I18NextHarness {
    static func run(_ input: UnsafeRawBufferPointer) {
        let parts = FuzzInput.parts(of: input, limit: 9)
        guard case .object(let initObject)? = try? I18nValue(jsonData: Data(parts[0]), source: "fuzz-init.json"),
            let options = try? I18NextOptions(json: initObject, source: "fuzz-init.json")
        else { return }
        let i18n = I18Next(options: options)
        var index = 1
        while index < parts.count {
            let keyText = String(decoding: parts[index], as: UTF8.self)
            var callOptions = I18nObject()
            if index + 1 < parts.count, case .object(let object)? = try? I18nValue(jsonData: Data(parts[index + 1]), source: "fuzz-options.json") {
                callOptions = object
            }
            index += 2
            call(i18n, keyText, TranslationOptions(callOptions))
        }
    }

    /// One `t()` call in each of its forms, as an app makes them.
    static func call(_ i18n: I18Next, _ keyText: String, _ options: TranslationOptions) {
        if keyText.hasPrefix("["), case .array(let keys)? = try? I18nValue(jsonData: Data(keyText.utf8)) {
            _ = i18n.t(keys.compactMap(\.stringValue), options)
        } else {
            _ = i18n.t(keyText, options)
            _ = i18n.exists(keyText, options)
            _ = i18n.string(keyText, options)
        }
    }
}
