import Foundation
import Testing

@Suite("envtool: one JSON model (exact keys, exact numbers) and dotenv that shells read back exactly")
struct JSONModelCommandTests {
    static let nfc = "caf\u{E9}"
    static let nfd = "cafe\u{301}"

    func workspace(variables: String) throws -> Workspace {
        let workspace = try Workspace(copySample: false)
        try workspace.write("env.json", #"{"languages": ["en"], "configurations": {"Debug": \#(variables)}}"#)
        return workspace
    }

    @Test("get and print --format json keep keys spelled in NFC and in NFD apart")
    func normalization() throws {
        let workspace = try workspace(variables: #"{"\#(Self.nfc)": "composed", "\#(Self.nfd)": "decomposed"}"#)
        let composed = try workspace.run(["get", Self.nfc, "-e", "env.json", "-c", "Debug"])
        let decomposed = try workspace.run(["get", Self.nfd, "-e", "env.json", "-c", "Debug"])
        #expect(composed.status == 0 && composed.stdout == "composed\n", "\(composed.stderr)")
        #expect(decomposed.status == 0 && decomposed.stdout == "decomposed\n", "\(decomposed.stderr)")
        let json = try workspace.run(["print", "-e", "env.json", "-c", "Debug"])
        #expect(json.status == 0)
        #expect(Array(json.stdout.utf8) == Array("{\n  \"\(Self.nfc)\": \"composed\",\n  \"\(Self.nfd)\": \"decomposed\"\n}\n".utf8))
    }

    @Test("numbers print as written when no Int or Double holds them exactly")
    func exactNumbers() throws {
        let workspace = try workspace(
            variables:
                #"{"big": 18446744073709551616, "huge": 1e400, "tiny": 1e-99999, "exact": 9007199254740993, "tenth": 0.1, "digits": 0.10000000000000000001}"#)
        let json = try workspace.run(["print", "-e", "env.json", "-c", "Debug"])
        #expect(json.status == 0, "\(json.stderr)")
        for literal in ["18446744073709551616", "1e400", "1e-99999", "9007199254740993", "0.1,", "0.10000000000000000001"] {
            #expect(json.stdout.contains(": \(literal)"), "\(literal) in \(json.stdout)")
        }
        #expect(try workspace.run(["get", "big", "-e", "env.json", "-c", "Debug"]).stdout == "18446744073709551616\n")
    }

    @Test("numbers keep the text they were written with in get, print (JSON and dotenv) and run")
    func numbersAsWritten() throws {
        let workspace = try workspace(variables: #"{"price": 1.50, "hundred": 1e2, "zero": -0, "whole": 4.0, "small": 1E-7}"#)
        let expected = ["price": "1.50", "hundred": "1e2", "zero": "-0", "whole": "4.0", "small": "1E-7"]
        let json = try workspace.run(["print", "-e", "env.json", "-c", "Debug"])
        #expect(json.status == 0, "\(json.stderr)")
        let dotenv = try workspace.run(["print", "--format", "dotenv", "-e", "env.json", "-c", "Debug"])
        #expect(dotenv.status == 0, "\(dotenv.stderr)")
        let run = try workspace.run(["run", "-e", "env.json", "-c", "Debug", "--", "sh", "-c", #"printf '%s|' "$PRICE" "$HUNDRED" "$ZERO" "$WHOLE" "$SMALL""#])
        #expect(run.status == 0 && run.stdout == "1.50|1e2|-0|4.0|1E-7|", "\(run.stdout) \(run.stderr)")
        for (name, text) in expected {
            #expect(json.stdout.contains("\"\(name)\": \(text)"), "\(name) in \(json.stdout)")
            #expect(dotenv.stdout.contains("\(name.uppercased())='\(text)'\n"), "\(name) in \(dotenv.stdout)")
            #expect(try workspace.run(["get", name, "-e", "env.json", "-c", "Debug"]).stdout == text + "\n")
        }
    }

    @Test(
        "dotenv refuses names that are no shell variable, names two variables share, and NUL, naming the JSON paths (exit 65)",
        arguments: [
            (#"{"a.b": 1, "a": {"b": 2}}"#, [#"configurations.Debug["a.b"]"#, "configurations.Debug.a.b", "both become the dotenv name A_B"]),
            (#"{"a-b": 1, "a b": 2}"#, ["configurations.Debug.a-b", #"configurations.Debug["a b"]"#, "A_B"]),
            (#"{"ok": 1, "": 2}"#, [#"configurations.Debug[""]"#, "not a shell variable name"]),
            (#"{"1abc": 1}"#, ["configurations.Debug.1abc", #""1ABC""#, "not a shell variable name"]),
            (#"{"api": {"key": "x\u0000y"}}"#, ["configurations.Debug.api.key", "NUL"]),
        ])
    func dotenvRefuses(variables: String, mentions: [String]) throws {
        let workspace = try workspace(variables: variables)
        let result = try workspace.run(["print", "--format", "dotenv", "-e", "env.json", "-c", "Debug"])
        #expect(result.status == 65)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("env.json:1:"), "\(result.stderr)")
        for mention in mentions {
            #expect(result.stderr.contains(mention), "\(mention) in \(result.stderr)")
        }
    }

    /// Every string a shell could mangle: quotes, expansions, escapes, line ends, spaces at the ends.
    static let awkward: [(name: String, key: String, value: String)] = [
        ("SINGLE", "single", "it's 'quoted'"),
        ("DOUBLE", "double", #"say "hi""#),
        ("DOLLAR", "dollar", "$HOME ${PATH} $(id) `id` $((1+1))"),
        ("BACKSLASH", "backslash", #"C:\new\table \\ \' \""#),
        ("LINES", "lines", "one\ntwo\r\nthree\rfour\n"),
        ("TABS", "tabs", "\ta\tb\t"),
        ("SPACES", "spaces", "  padded  "),
        ("UNICODE", "unicode", "¡Hola! 😀 \(nfd)"),
        ("EMPTY", "empty", ""),
        ("GLOB", "glob", "* ? [a-z] ~ # ; & | < > !"),
    ]

    @Test("dotenv sourced with set -a in bash and dash gives back the exact strings", arguments: ["/usr/bin/bash", "/usr/bin/dash"])
    func dotenvRoundTrip(shell: String) throws {
        var members = Self.awkward.map { "\(JSONLiteral.quoted($0.key)): \(JSONLiteral.quoted($0.value))" }
        members += [#""api": {"timeout": 30, "base.url": "https://x"}"#, #""none": null"#, #""on": true"#, #""list": ["a", 1]"#]
        let workspace = try workspace(variables: "{" + members.joined(separator: ", ") + "}")
        let dotenv = try workspace.run(["print", "--format", "dotenv", "-e", "env.json", "-c", "Debug"])
        #expect(dotenv.status == 0, "\(dotenv.stderr)")
        try workspace.write("out.env", dotenv.stdout)

        let environment = try Self.sourced("out.env", shell: shell, in: workspace.path)
        for (name, _, value) in Self.awkward {
            #expect(environment[name].map { Array($0.utf8) } == Array(value.utf8), "\(name): \(environment[name].debugDescription)")
        }
        #expect(environment["API_TIMEOUT"] == "30")
        #expect(environment["API_BASE_URL"] == "https://x")
        #expect(environment["NONE"] == "")
        #expect(environment["ON"] == "true")
        #expect(environment["LIST"] == #"["a",1]"#)
    }

    /// The environment after `set -a; . ./file; set +a` in `shell`, read from `env -0`.
    static func sourced(_ file: String, shell: String, in directory: String) throws -> [String: String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: shell)
        process.arguments = ["-c", "set -a; . ./\(file); set +a; exec /usr/bin/env -0"]
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        process.environment = ["PATH": "/usr/bin:/bin"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        var environment: [String: String] = [:]
        for entry in data.split(separator: 0) {
            guard let equals = entry.firstIndex(of: UInt8(ascii: "=")) else { continue }
            environment[String(decoding: entry[..<equals], as: UTF8.self)] = String(decoding: entry[(equals + 1)...], as: UTF8.self)
        }
        return environment
    }
}

/// JSON string literals for building test documents.
enum JSONLiteral {
    static func quoted(_ string: String) -> String {
        var result = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case _ where scalar.value < 0x20: result += String(format: "\\u%04x", scalar.value)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
