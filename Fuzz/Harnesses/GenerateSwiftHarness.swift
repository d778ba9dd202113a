import Foundation
import JSONParsing
import SwiftAccessorGenerator

/// `envtool generate swift` on a folder the input names and fills: the input is
/// `folder NUL file NUL configuration NUL key NUL value NUL key NUL value …` (a key or the
/// configuration written as a JSON string is that string, so it may hold NUL). The document
/// `folder/file` has the configurations `Debug` (every pair) and `configuration` (every other
/// pair, so some variables are optional and documented with the configuration's name); a value
/// that is JSON is that value, else a string. The pairs are also the i18next resources
/// (`locales/en/translation.json`, a JSON object value nested) and a `.strings` table.
///
/// Then every output, errors or not, must be the generator's own text with each hole one token
/// of its kind (``GeneratedSwiftCheck``): the file and folder names, keys, values and the
/// configuration name never become code. FuzzRegressionTests also parses the source of every
/// seed and crasher with swift-syntax, which the fuzzer does not link.
public enum GenerateSwiftHarness {
    static func run(_ input: UnsafeRawBufferPointer) {
        guard let output = generate(input) else { return }
        GeneratedSwiftCheck.check(output)
    }

    /// The Swift generated for `input`, or `nil` when the generator stopped (an unreadable or
    /// invalid document).
    public static func source(for input: UnsafeRawBufferPointer) -> String? {
        generate(input)?.source
    }

    /// The files `input` stands for, as written.
    static func describe(_ input: UnsafeRawBufferPointer) -> String {
        files(for: input).map { "== \(String(reflecting: $0.name))\n\(String(decoding: $0.data, as: UTF8.self))" }.joined(separator: "\n")
    }

    private static func generate(_ input: UnsafeRawBufferPointer) -> AccessorGenerator.Output? {
        let paths = TemporaryFiles.write(files(for: input), in: "generate-swift")
        return try? AccessorGenerator(environmentsPath: paths[0]).generate()
    }

    /// The document first, then the translations next to it.
    private static func files(for input: UnsafeRawBufferPointer) -> [(name: String, data: Data)] {
        let parts = FuzzInput.parts(of: input, limit: 64)
        func part(_ index: Int) -> [UInt8] { index < parts.count ? parts[index] : [] }
        let folder = fileName(part(0), otherwise: "environments")
        let file = fileName(part(1), otherwise: "environments.json")
        var pairs: [(key: String, value: [UInt8])] = []
        for index in stride(from: 3, to: parts.count, by: 2) {
            pairs.append((text(parts[index]), part(index + 1)))
        }
        var debug = JSONObject()
        var other = JSONObject()
        var resources = JSONObject()
        var strings = ""
        for (index, pair) in pairs.enumerated() {
            let json = parsedJSON(pair.value)
            let text = String(decoding: pair.value, as: UTF8.self)
            debug[pair.key] = json ?? .string(text)
            if index.isMultiple(of: 2) { other[pair.key] = json ?? .string(text) }
            if case .object? = json { resources[pair.key] = json } else { resources[pair.key] = .string(text) }
            strings += "\"\(stringsEscaped(pair.key))\" = \"\(stringsEscaped(text))\";\n"
        }
        let document: JSONValue = [
            "languages": ["en"],
            "configurations": .object(
                JSONObject([
                    ("Debug", .object(debug)),
                    (text(part(2)), .object(other)),
                ])),
        ]
        return [
            (folder + "/" + file, Data(document.jsonText(pretty: true).utf8)),
            (folder + "/locales/en/translation.json", Data(JSONValue.object(resources).jsonText(pretty: true).utf8)),
            (folder + "/en.lproj/Localizable.strings", Data(strings.utf8)),
        ]
    }

    /// `bytes` as one file name: `/` replaced, `.` and `..` prefixed, shortened below NAME_MAX.
    private static func fileName(_ bytes: [UInt8], otherwise name: String) -> String {
        var text = String(String(decoding: bytes, as: UTF8.self).unicodeScalars.map { $0 == "/" ? "_" : Character($0) })
        if text.isEmpty { return name }
        if text == "." || text == ".." { text = "_" + text }
        while text.utf8.count > 200 { text.unicodeScalars.removeLast() }
        return text
    }

    /// A key or configuration name: a JSON string's value (so that NUL and escapes reach it), else
    /// the bytes as UTF-8.
    private static func text(_ bytes: [UInt8]) -> String {
        if case .string(let text)? = parsedJSON(bytes) { return text }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func parsedJSON(_ bytes: [UInt8]) -> JSONValue? {
        bytes.withUnsafeBufferPointer { buffer in
            var parser = JSONParser(bytes: buffer)
            return try? parser.parseDocument()
        }
    }

    private static func stringsEscaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if scalar == "\\" || scalar == "\"" { out += "\\" }
            out.unicodeScalars.append(scalar)
        }
        return out
    }
}
