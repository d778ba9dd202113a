import Foundation
import I18Next

/// The i18next sprintf post-processor, reached as users reach it: a translation whose template
/// is the first NUL-separated part, called with `postProcess: "sprintf"` and, as `sprintf`, the
/// second part read as a JSON array (positional) or object (named `%(name)s`) of arguments;
/// text that is not JSON becomes a single string argument.
enum SprintfHarness {
    static func run(_ input: UnsafeRawBufferPointer) {
        let parts = FuzzInput.parts(of: input, limit: 2)
        let template = String(decoding: parts[0], as: UTF8.self)
        var arguments: I18nValue = .array([])
        if parts.count > 1 {
            switch try? I18nValue(jsonData: Data(parts[1])) {
            case let value? where value.isContainer: arguments = value
            case let value?: arguments = .array([value])
            case nil: arguments = .array([.string(String(decoding: parts[1], as: UTF8.self))])
            }
        }
        var options = I18NextOptions()
        options.lng = "en"
        options.resources = ["en": ["translation": ["k": .string(template)]]]
        let i18n = I18Next(options: options)
        var interpolated: I18nObject = ["postProcess": "sprintf", "sprintf": arguments]
        _ = i18n.t("k", TranslationOptions(interpolated))
        // Without interpolation the template reaches the post-processor exactly as written.
        interpolated["interpolation"] = ["skipOnVariables": false, "prefix": "\u{1}", "suffix": "\u{2}"]
        _ = i18n.t("k", TranslationOptions(interpolated))
    }
}

extension I18nValue {
    var isContainer: Bool {
        switch self {
        case .array, .object: return true
        default: return false
        }
    }
}
