/// The name under which an app's saved preferences are kept (`com.example.app`).
enum AppIdentifier {
    /// The identifier used when neither the caller, `ENVTOOL_APP_ID` nor the document's `app_id` gives one.
    static let fallback = "default"

    /// Letters, digits, `.`, `_` and `-`, not starting with a dot: safe as a directory name.
    static func isValid(_ text: String) -> Bool {
        !text.isEmpty && text.count <= 200 && !text.hasPrefix(".")
            && text.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "." || $0 == "_" || $0 == "-") }
    }
}
