/// The name under which an app's saved preferences are kept (`com.example.app`).
package enum AppIdentifier {
    /// The identifier used when neither the caller, `ENVTOOL_APP_ID` nor the document's `app_id` gives one.
    package static let fallback = "default"

    /// The longest identifier accepted: well under any file system's name limit (255 bytes).
    package static let maximumLength = 200

    /// Letters, digits, `.`, `_` and `-`, not starting with a dot, at most ``maximumLength``
    /// characters: safe as a directory name.
    package static func isValid(_ text: String) -> Bool { problem(with: text) == nil }

    /// What makes `text` unusable as an identifier, phrased so the user can fix it; `nil` when it is fine.
    package static func problem(with text: String) -> String? {
        let rule = "use letters, digits, '.', '_' and '-', such as \"com.example.app\""
        if text.isEmpty { return "the app id is empty; \(rule)" }
        let length = text.unicodeScalars.count
        if length > maximumLength {
            return
                "the app id \"\(text.unicodeScalars.prefix(20).reduce(into: "") { $0.unicodeScalars.append($1) })…\" is \(length) characters long; the limit is \(maximumLength)"
        }
        if let bad = text.unicodeScalars.first(where: {
            !($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "." || $0 == "_" || $0 == "-"))
        }) {
            return "the app id \(text.debugDescription) contains '\(bad.escaped(asASCII: false))'; \(rule)"
        }
        if text.hasPrefix(".") { return "the app id \(text.debugDescription) starts with '.'; \(rule), starting with a letter or digit" }
        return nil
    }
}
