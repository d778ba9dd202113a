import Foundation
import Testing

@Suite("envtool generate swift")
struct GenerateCommandTests {
    @Test("the sample generates the variables type and L10n on stdout, with no diagnostics")
    func sampleToStandardOutput() throws {
        let workspace = try Workspace()
        let result = try workspace.run(["generate", "swift"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        for expected in [
            "struct EnvironmentVariables: Sendable {", "let base_url: Foundation.URL", "let request_timeout: Swift.Double",
            "let feature_flags: [Swift.String]", "enum L10n {", "static func items(count p1: Swift.Int)",
            "static func welcome(name p1: Swift.String)", "static func greeting(_ p1: Swift.String)",
        ] {
            #expect(result.stdout.contains(expected), "missing \(expected)")
        }
    }

    @Test("-o writes the file, and leaves it untouched (same modification time) when nothing changed")
    func writesOnlyWhenChanged() throws {
        let workspace = try Workspace()
        #expect(try workspace.run(["generate", "swift", "-o", "Generated.swift"]).status == 0)
        let file = workspace.path + "/Generated.swift"
        let past = Date(timeIntervalSince1970: 1_000_000_000)
        try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: file)
        #expect(try workspace.run(["generate", "swift", "-o", "Generated.swift"]).status == 0)
        #expect(try FileManager.default.attributesOfItem(atPath: file)[.modificationDate] as? Date == past)
        try workspace.write("environments/locales/en/translation.json", #"{"new": "New"}"#)
        #expect(try workspace.run(["generate", "swift", "-o", "Generated.swift"]).status == 0)
        #expect(try FileManager.default.attributesOfItem(atPath: file)[.modificationDate] as? Date != past)
        #expect(String(decoding: workspace.read("Generated.swift") ?? Data(), as: UTF8.self).contains("static var new: Swift.String"))
    }

    @Test("a collision is an error naming both keys; exit 65 and the old output is kept")
    func collisionKeepsOutput() throws {
        let workspace = try Workspace(copySample: false)
        try workspace.write("environments.json", #"{"languages": ["en"], "configurations": {"Debug": {"a-b": 1, "a_b": 2}}}"#)
        try workspace.write("Generated.swift", "// old\n")
        let result = try workspace.run(["generate", "swift", "-e", "environments.json", "-o", "Generated.swift"])
        #expect(result.status == 65)
        #expect(
            result.stderr.contains(
                "environments.json:1:69: error: the variables \"a-b\" and \"a_b\" both become the Swift name a_b; rename one of them (at configurations.Debug.a_b)"
            ))
        #expect(workspace.read("Generated.swift") == Data("// old\n".utf8))
    }

    @Test("mixed types warn with file, line, column and the configurations, and still generate")
    func mixedTypesWarn() throws {
        let workspace = try Workspace(copySample: false)
        try workspace.write(
            "environments.json", "{\"languages\": [\"en\"], \"configurations\": {\n\"Debug\": {\"port\": \"80\"},\n\"Release\": {\"port\": 443}}}")
        let result = try workspace.run(["generate", "swift", "-e", "environments.json"])
        #expect(result.status == 0)
        #expect(
            result.stderr
                == "environments.json:3:21: warning: \"port\" is a string in Debug, a number in Release; it is generated as JSONValue, the type that holds them all (at configurations.Release.port)\n"
        )
        #expect(result.stdout.contains("let port: EnvironmentKit.JSONValue"))
    }

    @Test("an invalid document is the usual located error (65); a missing one is 66")
    func invalidDocument() throws {
        let workspace = try Workspace(copySample: false)
        try workspace.write("environments.json", "{\"languages\": [\"en\"], \"configurations\": {\"Debug\": {\"a\": 1,}}}")
        let invalid = try workspace.run(["generate", "swift", "-e", "environments.json"])
        #expect(invalid.status == 65)
        #expect(invalid.stderr.hasPrefix("environments.json:1:"))
        #expect(try workspace.run(["generate", "swift", "-e", "missing.json"]).status == 66)
    }

    @Test(
        "bad options are usage errors (64)",
        arguments: [
            ["--access", "open"], ["--environment-type", "class"], ["--l10n-type", "2L"], ["--environment-type", "L10n"],
        ])
    func badOptions(options: [String]) throws {
        let workspace = try Workspace()
        let result = try workspace.run(["generate", "swift"] + options)
        #expect(result.status == 64, "\(result.stderr)")
    }

    @Test("--access public and custom names are used throughout")
    func accessAndNames() throws {
        let workspace = try Workspace()
        let result = try workspace.run(["generate", "swift", "--access", "public", "--environment-type", "Env", "--l10n-type", "Strings", "--no-translations"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("public struct Env: Sendable {"))
        #expect(result.stdout.contains("public let base_url: Foundation.URL"))
        #expect(result.stdout.contains("public init(_ configuration: EnvironmentKit.Configuration)"))
        #expect(!result.stdout.contains("enum Strings"))
    }

    @Test("a document whose folder and file names hold line breaks generates comments that stay one line each")
    func lineBreaksInThePath() throws {
        let workspace = try Workspace(copySample: false)
        let folder = "app\n#error(\"PWNED\")\n"
        let document = folder + "/env\n#error(\"PWNED\")\r\u{2028}\u{202E}.json"
        try workspace.write(document, #"{"languages": ["en"], "configurations": {"Debug": {"a": 1}}}"#)
        try workspace.write(folder + "/locales/en/translation.json", #"{"t": "T"}"#)
        let result = try workspace.run(["generate", "swift", "-e", document])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(
            lines.first
                == #"// Generated by `envtool generate swift` from env\u{a}#error("PWNED")\u{d}\u{2028}\u{202e}.json and its translations. Do not edit:"#)
        #expect(result.stdout.contains(#"/// The translations of `app\u{a}#error("PWNED")\u{a}`"#))
        #expect(!lines.contains { $0.trimmingCharacters(in: .whitespaces).hasPrefix("#") })
        #expect(!result.stdout.unicodeScalars.contains { $0 == "\r" || $0 == "\u{2028}" || $0 == "\u{202E}" })
    }

    @Test("an environments.bin is refused with the fix (generate from the JSON), not a request for a secret")
    func encryptedDocument() throws {
        let workspace = try Workspace()
        #expect(try workspace.run(["keygen", "-o", "app.key"]).status == 0)
        #expect(try workspace.run(["encrypt", "environments/environments.json", "-o", "environments/environments.bin", "--key-file", "app.key"]).status == 0)
        let result = try workspace.run(["generate", "swift", "-e", "environments/environments.bin"])
        #expect(result.status == 65)
        #expect(result.stderr.contains("generate from the environments.json it is made from"))
    }
}
