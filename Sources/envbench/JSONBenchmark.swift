import EnvironmentKit
import Foundation
import I18Next

/// JSON parse speed: the parser is on the start-up path of every command and of every i18next
/// resource set, so its figure is bytes to tree, with Foundation's `JSONSerialization` as reference.
enum JSONBenchmark {
    /// An i18next-shaped resource set of about `megabytes` MB: namespaces of nested objects,
    /// mostly strings (some escaped, some non-ASCII), plural keys, a few numbers and arrays.
    static func generate(megabytes: Int) -> Data {
        var text = "{"
        text.reserveCapacity(megabytes * 1_050_000)
        var section = 0
        while text.utf8.count < megabytes * 1_000_000 {
            if section > 0 { text += "," }
            text += "\n  \"section\(section)\": {"
            for entry in 0..<200 {
                if entry > 0 { text += "," }
                switch entry % 8 {
                case 0: text += "\n    \"title\(entry)\": \"Línea \(entry): «citado» \\\"quoted\\\" \\u20AC\""
                case 1: text += "\n    \"count\(entry)_one\": \"{{count}} item\", \"count\(entry)_other\": \"{{count}} items\""
                case 2: text += "\n    \"limits\(entry)\": {\"max\": \(entry * 1000), \"ratio\": 0.\(entry)5, \"on\": true, \"none\": null}"
                case 3: text += "\n    \"list\(entry)\": [\"one\", \"two\", \"three\", \(entry)]"
                default: text += "\n    \"welcome\(entry)\": \"Welcome back, {{name}}! You have {{count}} new messages (\(entry)).\""
                }
            }
            text += "}"
            section += 1
        }
        text += "\n}\n"
        return Data(text.utf8)
    }

    static func run(megabytes: Int = 7) {
        print("JSON parsing (i18next-shaped resource set)")
        let data = generate(megabytes: megabytes)
        let size = Double(data.count) / 1_000_000
        Measure.row("file size", String(format: "%.1f MB", size))
        let cases: [(String, () -> Void)] = [
            ("JSONValue(parsing:) (EnvironmentKit)", { blackHole(try! JSONValue(parsing: data)) }),
            ("I18nValue(jsonData:) (I18Next)", { blackHole(try! I18nValue(jsonData: data)) }),
            ("Foundation JSONSerialization", { blackHole(try! JSONSerialization.jsonObject(with: data)) }),
        ]
        for (label, body) in cases {
            let elapsed = Measure.best(runs: 5, body)
            Measure.row(label, String(format: "%8.1f MB/s  (%.1f ms)", size / Measure.seconds(elapsed), Measure.seconds(elapsed) * 1000))
        }
        print()
    }
}
