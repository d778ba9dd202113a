import Foundation
import Testing

@Suite("envtool: '-' reads standard input, pipes and FIFOs work")
struct StdinTests {
    func sample(_ workspace: Workspace) throws -> Data {
        try #require(workspace.read("environments/environments.json"))
    }

    /// Runs `script` with bash (for `<(…)`) in the workspace, `$ENVTOOL` naming the built envtool.
    func bash(_ workspace: Workspace, _ script: String) throws -> EnvtoolProcess.Result {
        try EnvtoolProcess.run(
            ["-c", script], in: workspace.path,
            environment: ["ENVTOOL": EnvtoolProcess.executable, "XDG_CONFIG_HOME": workspace.configHome],
            executable: "/bin/bash")
    }

    @Test("-e - reads the document from standard input")
    func documentFromStandardInput() throws {
        let workspace = try Workspace()
        let document = try sample(workspace)
        let get = try workspace.run(["get", "base_url", "-e", "-"], stdin: document)
        #expect(get.status == 0, "\(get.stderr)")
        #expect(get.stdout == "https://dev-api.example.com/v1\n")
        let run = try workspace.run(["run", "-e", "-", "-c", "Release", "--", "sh", "-c", "echo $API_TIMEOUT"], stdin: document)
        #expect(run.stdout == "30\n")
        let validate = try workspace.run(["validate", "-e", "-"], stdin: document)
        #expect(validate.stdout.hasPrefix("<stdin>: valid (5 languages, 5 configurations, 0 .strings tables"), "\(validate.stdout)")
    }

    @Test("a malformed document on standard input is reported as <stdin> with line and column")
    func malformedStandardInput() throws {
        let workspace = try Workspace()
        let result = try workspace.run(["get", "base_url", "-e", "-"], stdin: Data("{\n  \"languages\": [\"en\",]\n}".utf8))
        #expect(result.status == 65)
        #expect(result.stderr.hasPrefix("<stdin>:2:"), "\(result.stderr)")
        let empty = try workspace.run(["get", "base_url", "-e", "-"], stdin: Data())
        #expect(empty.status == 65)
    }

    @Test("with -e -, the .strings tables are looked for in the current directory")
    func tablesFromCurrentDirectory() throws {
        let workspace = try Workspace()
        let document = try sample(workspace)
        // String Catalogs are found anywhere below the strings directory (here the current one):
        // the sample's own catalog would answer.
        try FileManager.default.removeItem(atPath: workspace.path + "/environments/Localizable.xcstrings")
        #expect(try workspace.run(["localize", "greeting", "Ada", "-e", "-"], stdin: document).status == 68)
        try workspace.write("en.lproj/Localizable.strings", #""greeting" = "Hi from here, %@";"#)
        #expect(try workspace.run(["localize", "greeting", "Ada", "-e", "-"], stdin: document).stdout == "Hi from here, Ada\n")
    }

    @Test("a pipe through /dev/fd (<(cat file)) and a named FIFO are read to the end")
    func pipesAndFIFOs() throws {
        let workspace = try Workspace()
        let substitution = try bash(workspace, #""$ENVTOOL" get base_url -e <(cat environments/environments.json)"#)
        #expect(substitution.status == 0, "\(substitution.stderr)")
        #expect(substitution.stdout == "https://dev-api.example.com/v1\n")
        let fifo = try bash(workspace, #"mkfifo doc && { cat environments/environments.json > doc & } && "$ENVTOOL" get api.timeout -c pro -e doc"#)
        #expect(fifo.status == 0, "\(fifo.stderr)")
        #expect(fifo.stdout == "45\n")
        // A document larger than one pipe buffer (64 KiB) arrives in many reads.
        let padding = String(repeating: "x", count: 200_000)
        let large = Data(#"{"languages": ["en"], "configurations": {"Debug": {"pad": "\#(padding)", "last": "end"}}}"#.utf8)
        #expect(try workspace.run(["get", "last", "-e", "-"], stdin: large).stdout == "end\n")
    }

    @Test("-e - takes an environments.bin on standard input, opened with a key file")
    func encryptedFromStandardInput() throws {
        let workspace = try Workspace()
        #expect(try workspace.run(["keygen", "-o", "secret.key"]).status == 0)
        #expect(try workspace.run(["encrypt", "environments/environments.json", "-o", "env.bin", "--key-file", "secret.key"]).status == 0)
        let encrypted = try #require(workspace.read("env.bin"))
        let result = try workspace.run(["get", "api.keys.maps", "-e", "-", "--key-file", "secret.key"], stdin: encrypted)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "dev-maps-public-key\n")
        let withoutKey = try workspace.run(["get", "base_url", "-e", "-"], stdin: encrypted)
        #expect(withoutKey.status == 77)
        #expect(withoutKey.stderr.contains("<stdin>: error:"), "\(withoutKey.stderr)")
        #expect(withoutKey.stderr.contains("--key-file"))
    }

    @Test("-e - and --passphrase-stdin cannot share standard input")
    func oneReaderOfStandardInput() throws {
        let result = try Workspace().run(["get", "base_url", "-e", "-", "--passphrase-stdin"], stdin: Data())
        #expect(result.status == 64)
        #expect(result.stderr.contains("--environments - and --passphrase-stdin both read standard input"))
    }

    @Test("strings lint - reads a table from standard input")
    func lintFromStandardInput() throws {
        let workspace = try Workspace(copySample: false)
        let result = try workspace.run(["strings", "lint", "-"], stdin: Data("\"a\" = \"b\";\n\"a\" = \"c\";\n".utf8))
        #expect(result.status == 0)
        #expect(result.stdout == "<stdin>:2:1: warning: duplicate key \"a\" (first defined on line 1); the last value wins\n")
        #expect(try workspace.run(["strings", "lint", "-", "-"], stdin: Data()).status == 64)
        let dump = try workspace.run(["strings", "dump", "-"], stdin: Data("\"k\" = \"v\";".utf8))
        #expect(dump.stdout == "{\n  \"k\": \"v\"\n}\n")
    }
}
