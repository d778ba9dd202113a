import Foundation
import Testing

/// `print --format dotenv --flavor …` read back by the reader each flavour is for, with the same
/// tricky values (issue #25, item 4): POSIX sh (`/bin/sh`), python-dotenv from PyPI (in
/// `.venv-test/`, installed by `scripts/dependencies test`), Debian's dotenv-rust, and docker's
/// `--env-file` rules (docker/cli `opts/file.go`, ported below: a docker daemon is not available
/// to the tests).
@Suite("envtool print --flavor: dotenv files that sh, docker and python-dotenv read exactly")
struct DotenvReadersTests {
    /// Every value a reader is known to get wrong somewhere, by variable name.
    static let tricky: [String: String] = [
        "APOSTROPHE": "it's 'quoted'",
        "DOLLAR": "$USER and $HOME$",
        "BRACES": "${USER} ${HOME:-fallback} ${ unclosed",
        "BACKSLASH": #"a\b\\c\n\t\'"#,
        "CRLF": "one\r\ntwo\r\n",
        "NEWLINE": "line 1\nline 2\n",
        "CR": "a\rb",
        "HASH": "#not a comment # nor this",
        "SPACES": "  leading and trailing  ",
        "UNICODE": "ünïcødé ✓ 日本語 🙂",
        "EMPTY": "",
        "QUOTES": #"say "hi" and 'bye'"#,
        "EQUALS": "a=b==c",
        "TAB": "x\ty",
        "CONTROLS": "bell\u{07} vt\u{0B} ff\u{0C} esc\u{1B}",
    ]

    /// The values docker's one-line format cannot hold.
    static let multiline: Set<String> = ["CRLF", "NEWLINE"]

    /// What a value must not become: the reader's own environment.
    static let readerEnvironment = ["USER": "alice", "HOME": "/home/alice"]

    static func workspace(_ values: [String: String]) throws -> Workspace {
        let workspace = try Workspace(copySample: false)
        let document: [String: Any] = ["languages": ["en"], "configurations": ["Debug": values]]
        let data = try JSONSerialization.data(withJSONObject: document, options: [.sortedKeys])
        try data.write(to: URL(fileURLWithPath: workspace.path + "/environments.json"))
        return workspace
    }

    static func print(_ workspace: Workspace, flavor: String) throws -> EnvtoolProcess.Result {
        try workspace.run(["print", "--format", "dotenv", "--flavor", flavor, "-e", "environments.json", "-c", "Debug"])
    }

    /// `NAME=value` entries separated by NUL (`env -0`), as a dictionary.
    static func environment(nulSeparated output: Data) -> [String: String] {
        var result: [String: String] = [:]
        for entry in output.split(separator: 0) {
            let text = String(decoding: entry, as: UTF8.self)
            guard let equals = text.firstIndex(of: "=") else { continue }
            result[String(text[..<equals])] = String(text[text.index(after: equals)...])
        }
        return result
    }

    /// Runs `executable` with `arguments` and the reader's environment; standard output as bytes.
    static func read(_ executable: String, _ arguments: [String], in workspace: Workspace) throws -> (status: Int32, output: Data, error: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: workspace.path)
        process.environment = readerEnvironment.merging(["PATH": "/usr/bin:/bin"]) { $1 }
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let message = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, data, String(decoding: message, as: UTF8.self))
    }

    @Test("sh: `set -a; . ./.env` in /bin/sh gives every value exactly, line breaks and all")
    func posixShell() throws {
        let workspace = try Self.workspace(Self.tricky)
        let printed = try Self.print(workspace, flavor: "sh")
        #expect(printed.status == 0, "\(printed.stderr)")
        try workspace.write(".env", printed.stdout)
        let shells = ["/bin/sh", "/bin/bash", "/usr/bin/zsh"].filter { FileManager.default.isExecutableFile(atPath: $0) }
        for shell in shells {
            let read = try Self.read(shell, ["-c", "set -a; . ./.env; set +a; exec env -0"], in: workspace)
            #expect(read.status == 0, "\(shell): \(read.error)")
            let environment = Self.environment(nulSeparated: read.output)
            for (name, value) in Self.tricky {
                #expect(environment[name] == value, "\(shell) \(name): \(String(describing: environment[name]).debugDescription)")
            }
        }
        // The default flavour is sh: the file is the one it always was.
        #expect(try workspace.run(["print", "--format", "dotenv", "-e", "environments.json", "-c", "Debug"]).stdout == printed.stdout)
    }

    @Test(
        "python-dotenv: dotenv_values reads every value exactly, ${…} not expanded, CRLF kept, apostrophes kept",
        .enabled(if: FileManager.default.isExecutableFile(atPath: EnvtoolProcess.repositoryRoot + "/.venv-test/bin/python"), "run scripts/dependencies test"))
    func pythonDotenv() throws {
        let workspace = try Self.workspace(Self.tricky)
        let printed = try Self.print(workspace, flavor: "python-dotenv")
        #expect(printed.status == 0, "\(printed.stderr)")
        try workspace.write(".env", printed.stdout)
        let python = EnvtoolProcess.repositoryRoot + "/.venv-test/bin/python"
        let script = """
            import dotenv, json, os, sys
            values = dotenv.dotenv_values(".env")
            dotenv.load_dotenv(".env", override=True)
            loaded = {name: os.environ.get(name) for name in values}
            sys.stdout.write(json.dumps({"values": values, "loaded": loaded}))
            """
        let read = try Self.read(python, ["-c", script], in: workspace)
        #expect(read.status == 0, "\(read.error)")
        #expect(read.error.isEmpty, "python-dotenv warned: \(read.error)")
        let decoded = try JSONSerialization.jsonObject(with: read.output) as? [String: [String: String]]
        for way in ["values", "loaded"] {
            for (name, value) in Self.tricky {
                #expect(decoded?[way]?[name] == value, "\(way) \(name): \(String(describing: decoded?[way]?[name]).debugDescription)")
            }
        }
        // What the sh flavour gives python-dotenv instead: the reason the flavour exists.
        try workspace.write("sh.env", try Self.print(workspace, flavor: "sh").stdout)
        let wrong = try Self.read(python, ["-c", "import dotenv, json, sys; sys.stdout.write(json.dumps(dotenv.dotenv_values('sh.env')))"], in: workspace)
        let misread = try JSONSerialization.jsonObject(with: wrong.output) as? [String: String?]
        #expect(misread?["BRACES"] != Self.tricky["BRACES"], "python-dotenv now reads the sh flavour's ${…} literally")
    }

    @Test("docker: docker run --env-file's parser (opts/file.go) reads every one-line value exactly; a value with a line break is refused, naming it")
    func docker() throws {
        var oneLine = Self.tricky
        for name in Self.multiline { oneLine[name] = nil }
        let workspace = try Self.workspace(oneLine)
        let printed = try Self.print(workspace, flavor: "docker")
        #expect(printed.status == 0, "\(printed.stderr)")
        let parsed = try DockerEnvFile.parse(Data(printed.stdout.utf8))
        #expect(parsed.count == oneLine.count)
        for (name, value) in oneLine {
            #expect(parsed[name] == value, "\(name): \(String(describing: parsed[name]).debugDescription)")
        }
        // The real docker, where a daemon runs (not on the test machines so far).
        if DockerEnvFile.daemonRuns {
            try workspace.write("docker.env", printed.stdout)
            let run = try Self.read("/usr/bin/env", ["docker", "run", "--rm", "--env-file", "docker.env", "busybox", "env", "-0"], in: workspace)
            if run.status == 0 {
                let environment = Self.environment(nulSeparated: run.output)
                for (name, value) in oneLine { #expect(environment[name] == value, "docker \(name)") }
            }
        }

        for name in Self.multiline.sorted() {
            let refused = try Self.print(try Self.workspace([name: Self.tricky[name]!, "OTHER": "x"]), flavor: "docker")
            #expect(refused.status == 65)
            #expect(
                refused.stderr.contains("the variable configurations.Debug.\(name) holds a line break, which docker's --env-file cannot hold"),
                "\(refused.stderr)")
            #expect(refused.stdout.isEmpty)
        }
        let trailingCR = try Self.print(try Self.workspace(["VALUE": "ends in\r"]), flavor: "docker")
        #expect(trailingCR.status == 65 && trailingCR.stderr.contains("ends in a carriage return"), "\(trailingCR.stderr)")
        let long = try Self.print(try Self.workspace(["VALUE": String(repeating: "x", count: 70_000)]), flavor: "docker")
        #expect(long.status == 65 && long.stderr.contains("at most 64 KiB"), "\(long.stderr)")
    }

    @Test(
        "Debian's dotenv-rust reads the sh flavour exactly when no value spans lines, and refuses one that does",
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/dotenv-rust"), "install the Debian package dotenv (scripts/dependencies test)"))
    func dotenvRust() throws {
        var oneLine = Self.tricky
        for name in Self.multiline { oneLine[name] = nil }
        let workspace = try Self.workspace(oneLine)
        try workspace.write(".env", try Self.print(workspace, flavor: "sh").stdout)
        let read = try Self.read("/usr/bin/dotenv-rust", ["-f", ".env", "env", "-0"], in: workspace)
        #expect(read.status == 0, "\(read.error)")
        let environment = Self.environment(nulSeparated: read.output)
        for (name, value) in oneLine {
            #expect(environment[name] == value, "\(name): \(String(describing: environment[name]).debugDescription)")
        }
        let spanning = try Self.workspace(["NEWLINE": "line 1\nline 2"])
        try spanning.write(".env", try Self.print(spanning, flavor: "sh").stdout)
        #expect(try Self.read("/usr/bin/dotenv-rust", ["-f", ".env", "env", "-0"], in: spanning).status != 0)
    }

    @Test("--flavor implies --format dotenv and is refused with --format json")
    func options() throws {
        let workspace = try Self.workspace(["A": "b"])
        #expect(try workspace.run(["print", "--flavor", "docker", "-e", "environments.json", "-c", "Debug"]).stdout == "A=b\n")
        #expect(try workspace.run(["print", "--format", "json", "--flavor", "docker", "-e", "environments.json"]).status == 64)
        #expect(try workspace.run(["print", "--flavor", "nope", "-e", "environments.json"]).status == 64)
    }
}

/// `docker run --env-file`'s reader, `parseKeyValueFile` of docker/cli `opts/file.go`, line for
/// line: Go's `bufio.Scanner` with `ScanLines` (lines split at `\n`, one trailing `\r` dropped,
/// at most 64 KiB a line), invalid UTF-8 refused, a BOM dropped from the first line, leading
/// white space trimmed, blank lines and `#` lines skipped, the name split at the first `=` and
/// refused with white space in it, and the value passed through with no trimming or quotes.
enum DockerEnvFile {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static func parse(_ data: Data) throws -> [String: String] {
        var result: [String: String] = [:]
        var lines = data.split(separator: 0x0A, omittingEmptySubsequences: false).map { Data($0) }
        if data.last == 0x0A { lines.removeLast() }
        for (number, var line) in lines.enumerated() {
            if line.last == 0x0D { line.removeLast() }
            guard line.count < 64 * 1024 else { throw Failure(description: "bufio.Scanner: token too long") }
            guard let text = String(data: line, encoding: .utf8) else { throw Failure(description: "invalid utf8 bytes at line \(number + 1)") }
            var trimmed = Substring(number == 0 && text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text)
            trimmed = trimmed.drop { $0.unicodeScalars.allSatisfy { $0.properties.isWhitespace } }
            guard !trimmed.isEmpty, !trimmed.hasPrefix("#") else { continue }
            let parts = trimmed.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let variable = parts[0].drop { $0 == " " || $0 == "\t" }
            guard !variable.contains(" "), !variable.contains("\t") else { throw Failure(description: "variable '\(variable)' contains whitespaces") }
            guard !variable.isEmpty else { throw Failure(description: "no variable name on line '\(trimmed)'") }
            guard parts.count > 1 else { continue }
            result[String(variable)] = String(parts[1])
        }
        return result
    }

    static let daemonRuns: Bool = {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/docker") || FileManager.default.isExecutableFile(atPath: "/usr/local/bin/docker") else {
            return false
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["docker", "info"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }()
}
