import Foundation
import Testing

/// The frequent commands read their line twice over: the fast path (`DirectArguments`) and
/// ArgumentParser. Both must accept every secret option the help lists, and answer alike.
@Suite("envtool: secret options on the fast path and in ArgumentParser")
struct SecretProviderParityTests {
    static let json = "environments/environments.json"

    /// The secret options `get` declares, as `--experimental-dump-help` lists them: long name and
    /// whether it takes a value.
    static func secretOptions(_ workspace: Workspace) throws -> [(name: String, valueName: String?)] {
        let dump = try workspace.run(["get", "--experimental-dump-help"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Any])
        let command = try #require(object["command"] as? [String: Any])
        let arguments = try #require(command["arguments"] as? [[String: Any]])
        return arguments.compactMap { argument in
            guard (argument["sectionTitle"] as? String)?.hasPrefix("Secret") == true,
                let names = argument["names"] as? [[String: Any]],
                let long = names.first(where: { $0["kind"] as? String == "long" })?["name"] as? String
            else { return nil }
            let isFlag = argument["kind"] as? String == "flag"
            return ("--" + long, isFlag ? nil : argument["valueName"] as? String ?? "value")
        }
    }

    @Test("every secret option, alone and in pairs, gives the same status and message on both parsers")
    func parity() throws {
        let workspace = try Workspace()
        #expect(try workspace.run(["keygen", "-o", "k.key"]).status == 0)
        #expect(try workspace.run(["keygen", "--age", "-o", "a.key"]).status == 0)
        let secrets = ["P": "the parity passphrase"]
        #expect(try workspace.run(["encrypt", Self.json, "-o", "key.bin", "--key-file", "k.key"]).status == 0)
        #expect(
            try workspace.run(
                ["encrypt", Self.json, "-o", "pass.bin", "--passphrase-env", "P", "--kdf-passes", "1", "--kdf-memory-kib", "64"],
                environment: secrets
            ).status == 0)
        let options = try Self.secretOptions(workspace)
        #expect(Set(options.map(\.name)).isSuperset(of: ["--key-file", "--identity", "--passphrase-env", "--passphrase-stdin"]), "\(options)")
        // Values by what the option takes: paths of each kind of secret file and a missing one,
        // a set and an unset variable.
        let values = ["path": ["k.key", "a.key", "missing"], "variable": ["P", "UNSET"]]
        var givens: [[String]] = []
        for option in options {
            guard let valueName = option.valueName else { givens.append([option.name]); continue }
            for value in values[valueName] ?? ["x"] { givens.append([option.name, value]) }
        }
        for first in options.indices {
            for second in options.indices where second > first {
                givens.append(
                    [options[first].name] + (options[first].valueName.map { values[$0]?.first ?? "x" }.map { [$0] } ?? [])
                        + [options[second].name] + (options[second].valueName.map { values[$0]?.first ?? "x" }.map { [$0] } ?? []))
            }
        }
        for file in ["key.bin", "pass.bin"] {
            for given in givens {
                // Standard input only for the line that reads it: writing to a child that exits
                // without reading would raise SIGPIPE in the test process.
                let stdin = given.contains("--passphrase-stdin") ? Data("the parity passphrase\n".utf8) : nil
                let fast = try workspace.run(["get", "base_url", "-e", file] + given, environment: secrets, stdin: stdin)
                let whole = try workspace.run(["get", "-e", file] + given + ["--", "base_url"], environment: secrets, stdin: stdin)
                #expect(fast.status == whole.status, "\(file) \(given): \(fast.stderr) | \(whole.stderr)")
                #expect(fast.stdout == whole.stdout, "\(file) \(given)")
                #expect(fast.stderr == whole.stderr, "\(file) \(given)")
            }
        }
        // Standard input read twice is refused alike, before anything is read.
        let fast = try workspace.run(["get", "base_url", "-e", "-", "--passphrase-stdin"])
        let whole = try workspace.run(["get", "-e", "-", "--passphrase-stdin", "--", "base_url"])
        #expect(fast.status == 64 && whole.status == 64)
        #expect(fast.stderr == whole.stderr)
    }
}
