import Foundation

/// A directory under the system's temporary directory, removed when the value is released.
final class TemporaryDirectory {
    let path: String

    init() {
        path = NSTemporaryDirectory() + "apple-localization-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// Writes `text` (UTF-8) at `relative`, creating folders.
    @discardableResult
    func write(_ relative: String, _ text: String) -> String {
        let full = path + "/" + relative
        try? FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: full, contents: Data(text.utf8))
        return full
    }
}

enum Fixtures {
    static let directory = Bundle.module.resourceURL!.appendingPathComponent("Fixtures").path

    static func path(_ relative: String) -> String { directory + "/" + relative }
}

/// A `.stringsdict` with one entry whose variable has `forms`.
func stringsdict(
    key: String = "k", format: String = "%#@n@", variable: String = "n", valueType: String? = "d",
    forms: [(String, String)]
) -> String {
    var body = "<key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>\n"
    if let valueType { body += "<key>NSStringFormatValueTypeKey</key><string>\(valueType)</string>\n" }
    for (category, text) in forms { body += "<key>\(category)</key><string>\(text)</string>\n" }
    return """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
        <key>\(key)</key>
        <dict>
        <key>NSStringLocalizedFormatKey</key><string>\(format)</string>
        <key>\(variable)</key>
        <dict>
        \(body)</dict>
        </dict>
        </dict>
        </plist>

        """
}

/// A seeded generator (SplitMix64), so a failing random case fails again on the next run.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
