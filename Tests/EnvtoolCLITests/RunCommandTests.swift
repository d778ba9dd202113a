import Foundation
import Testing

@Suite("envtool run: a command with the configuration's variables")
struct RunCommandTests {
    /// Runs `script` with /bin/sh in the workspace, `$ENVTOOL` naming the built envtool: for what
    /// only a parent process can see (a death by signal, the process id).
    func shell(_ workspace: Workspace, _ script: String) throws -> EnvtoolProcess.Result {
        try EnvtoolProcess.run(
            ["-c", script], in: workspace.path,
            environment: ["ENVTOOL": EnvtoolProcess.executable, "XDG_CONFIG_HOME": workspace.configHome],
            executable: "/bin/sh")
    }

    /// A workspace whose Debug configuration is `variables` (a JSON object's text).
    func workspace(variables: String) throws -> Workspace {
        let workspace = try Workspace(copySample: false)
        try workspace.write("environments/environments.json", #"{"languages": ["en"], "configurations": {"Debug": "# + variables + "}}")
        return workspace
    }

    @Test("every leaf becomes an UPPER_SNAKE variable: strings as they are, other values as JSON text")
    func variables() throws {
        let workspace = try Workspace()
        let result = try workspace.run(["run", "--", "sh", "-c", #"echo "$BASE_URL $API_TIMEOUT""#])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "https://dev-api.example.com/v1 60\n")
        #expect(result.stderr.isEmpty)
        let types = try workspace.run([
            "run", "-c", "pro", "--", "sh", "-c",
            #"printf '%s|' "$API_KEYS_MAPS" "$ANALYTICS_ENABLED" "$REQUEST_TIMEOUT" "$FEATURE_FLAGS" "$MAX_RETRIES""#,
        ])
        #expect(types.stdout == #"pro-maps-public-key|true|20.0|["pro_dashboard"]|4|"#)
    }

    @Test("null is an empty variable, an empty object is {}, dotted and odd keys map to '_'")
    func edgeValues() throws {
        let workspace = try workspace(variables: #"{"nothing": null, "empty": {}, "db.host-name": "h", "café": "c", "list": [1, {"a": null}]}"#)
        let result = try workspace.run(["run", "--", "sh", "-c", #"printf '%s|' "${NOTHING-unset}" "$EMPTY" "$DB_HOST_NAME" "$CAF_" "$LIST""#])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == #"|{}|h|c|[1,{"a":null}]|"#)
    }

    @Test("the exit status is the command's", arguments: [0, 1, 7, 64, 255])
    func exitStatus(status: Int) throws {
        let result = try Workspace().run(["run", "--", "sh", "-c", "exit \(status)"])
        #expect(result.status == Int32(status))
        #expect(result.stderr.isEmpty)
    }

    @Test("a command killed by SIGTERM looks to the shell as if it ran directly (143), and it is envtool's own process")
    func signalAndExec() throws {
        let workspace = try Workspace()
        let killed = try shell(workspace, #""$ENVTOOL" run -- sh -c 'kill -TERM $$'; echo $?"#)
        #expect(killed.stdout == "143\n")
        // exec, not spawn: the shell prints its process id and becomes envtool (exec), which
        // becomes the command, so the command prints the same id.
        let pids = try shell(workspace, #"echo $$; exec "$ENVTOOL" run -- sh -c 'echo $$'"#)
        let lines = pids.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(Set(lines).count == 1, "\(pids.stdout)")
    }

    @Test("standard input and output are the command's")
    func standardStreams() throws {
        let result = try Workspace().run(["run", "--", "cat"], stdin: Data("piped through\n".utf8))
        #expect(result.stdout == "piped through\n")
    }

    @Test("a document cannot set the loader's, a shell's or an interpreter's start-up variables unless --allow-variable names them")
    func startupVariables() throws {
        let marker = NSTemporaryDirectory() + "envtool-bash-env-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: marker) }
        let workspace = try workspace(variables: #"{"bash_env": "./hook.sh", "ld_preload": "/nonexistent/evil.so", "title": "ok"}"#)
        try workspace.write("hook.sh", "touch '\(marker)'\n")
        let refused = try workspace.run(["run", "--", "bash", "-c", "true"])
        #expect(refused.status == 65, "\(refused.stderr)")
        #expect(refused.stderr.contains("sets BASH_ENV (at configurations.Debug.bash_env)"), "\(refused.stderr)")
        #expect(refused.stderr.contains("--allow-variable BASH_ENV"))
        #expect(!FileManager.default.fileExists(atPath: marker))
        let stillRefused = try workspace.run(["run", "--allow-variable", "BASH_ENV", "--", "bash", "-c", "true"])
        #expect(stillRefused.status == 65)
        #expect(stillRefused.stderr.contains("sets LD_PRELOAD (at configurations.Debug.ld_preload)"), "\(stillRefused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: marker))
        let allowed = try workspace.run(["run", "--allow-variable", "BASH_ENV", "--allow-variable", "LD_PRELOAD", "--", "bash", "-c", "echo \"$TITLE\""])
        #expect(allowed.stdout == "ok\n", "\(allowed.stderr)")
        #expect(FileManager.default.fileExists(atPath: marker), "the allowed BASH_ENV really reached bash")
    }

    @Test(
        "git, pager, editor and askpass variables pass only as plain names unless --allow-variable names them (issue #33, item 7)",
        arguments: [
            ("git_ssh_command", "ssh -oProxyCommand=evil"), ("git_config_value_0", "!sh -c evil"), ("lessopen", "|evil %s"),
            ("pager", "/tmp/evil"), ("editor", "vim -c '!evil'"), ("ssh_askpass", "./askpass"), ("git_askpass", "evil;x"),
            ("visual", "-c"), ("manpager", "sh"),
        ])
    func toolStartupVariables(key: String, value: String) throws {
        let workspace = try workspace(variables: #"{"\#(key)": "\#(value)", "title": "ok"}"#)
        let name = key.uppercased()
        let refused = try workspace.run(["run", "--override", "--", "sh", "-c", "echo ran"])
        if value == "sh" {
            #expect(refused.stdout == "ran\n", "a plain name passes: \(refused.stderr)")
            return
        }
        #expect(refused.status == 65, "\(name)=\(value): \(refused.stderr)")
        #expect(refused.stderr.contains("sets \(name) (at configurations.Debug.\(key))"), "\(refused.stderr)")
        #expect(refused.stdout.isEmpty)
        let allowed = try workspace.run(["run", "--override", "--allow-variable", name, "--", "sh", "-c", "printf %s \"$\(name)\""])
        #expect(allowed.stdout == value, "\(allowed.stderr)")
    }

    @Test("PATH from the document is refused only when it would replace the PATH the command gets (--override)")
    func pathVariable() throws {
        let workspace = try workspace(variables: #"{"path": "/nowhere"}"#)
        let kept = try workspace.run(["run", "--", "sh", "-c", "echo ran"])
        #expect(kept.stdout == "ran\n", "\(kept.stderr)")
        let overriding = try workspace.run(["run", "--override", "--", "sh", "-c", "echo ran"])
        #expect(overriding.status == 65)
        #expect(overriding.stderr.contains("sets PATH (at configurations.Debug.path)"), "\(overriding.stderr)")
        #expect(overriding.stdout.isEmpty)
    }

    @Test("variables already set win unless --override")
    func precedence() throws {
        let workspace = try Workspace()
        let script = ["sh", "-c", #"echo "$BASE_URL $MAX_RETRIES""#]
        #expect(try workspace.run(["run", "--"] + script, environment: ["BASE_URL": "mine"]).stdout == "mine 5\n")
        #expect(try workspace.run(["run", "--override", "--"] + script, environment: ["BASE_URL": "mine"]).stdout == "https://dev-api.example.com/v1 5\n")
    }

    @Test("--prefix goes in front of every name; a prefix that cannot start a name is a usage error")
    func prefix() throws {
        let workspace = try Workspace()
        let result = try workspace.run(["run", "--prefix", "APP_", "--", "sh", "-c", #"echo "$APP_BASE_URL|${BASE_URL-unset}""#])
        #expect(result.stdout == "https://dev-api.example.com/v1|unset\n")
        for bad in ["1X", "APP-", "", "É"] {
            let refused = try workspace.run(["run", "--prefix", bad, "--", "true"])
            #expect(refused.status == 64, "\(bad)")
            #expect(refused.stderr.contains("--prefix: the prefix"), "\(bad): \(refused.stderr)")
        }
    }

    @Test("two paths that give one name are refused before anything runs, naming both paths")
    func collision() throws {
        let workspace = try workspace(variables: #"{"api": {"timeout": 1}, "api.timeout": 2}"#)
        let result = try workspace.run(["run", "--", "touch", "ran"])
        #expect(result.status == 65)
        #expect(
            result.stderr.contains(#"configurations.Debug.api.timeout and configurations.Debug["api.timeout"] both give the environment variable API_TIMEOUT"#),
            "\(result.stderr)")
        #expect(workspace.read("ran") == nil)
        #expect(result.stdout.isEmpty)
    }

    @Test("a name starting with a digit, an empty name and a NUL in a value are refused with the path, never the value")
    func invalidNames() throws {
        let digit = try workspace(variables: #"{"2fa": {"secret": "s3cr3t-value"}}"#)
        let refused = try digit.run(["run", "--", "true"])
        #expect(refused.status == 65)
        #expect(refused.stderr.contains("configurations.Debug.2fa.secret gives 2FA_SECRET, which starts with a digit"), "\(refused.stderr)")
        #expect(!refused.stderr.contains("s3cr3t-value"))
        #expect(try digit.run(["run", "--prefix", "APP_", "--", "sh", "-c", "echo $APP_2FA_SECRET"]).stdout == "s3cr3t-value\n")

        let empty = try workspace(variables: #"{"": "x"}"#)
        let emptyResult = try empty.run(["run", "--", "true"])
        #expect(emptyResult.status == 65)
        #expect(emptyResult.stderr.contains("gives an empty environment variable name"), "\(emptyResult.stderr)")

        let nul = try workspace(variables: #"{"token": "abc\u0000def"}"#)
        let nulResult = try nul.run(["run", "--", "true"])
        #expect(nulResult.status == 65)
        #expect(nulResult.stderr.contains("configurations.Debug.token holds a NUL character"), "\(nulResult.stderr)")
        #expect(!nulResult.stderr.contains("abc"))
    }

    @Test("a command that does not exist exits 127 with its name; one that cannot be executed 126")
    func missingCommand() throws {
        let workspace = try Workspace()
        let missing = try workspace.run(["run", "--", "no-such-command-xyz", "arg"])
        #expect(missing.status == 127)
        #expect(missing.stderr == "envtool: error: run: no-such-command-xyz: command not found\n")
        #expect(try workspace.run(["run", "--", "./no-such-file"]).status == 127)
        try workspace.write("not-executable.sh", "echo hi\n")
        let denied = try workspace.run(["run", "--", "./not-executable.sh"])
        #expect(denied.status == 126)
        #expect(denied.stderr == "envtool: error: run: ./not-executable.sh: permission denied\n")
        #expect(try workspace.run(["run", "--", "environments"]).status == 127)
        #expect(try workspace.run(["run", "--", "./environments"]).status == 126)
        let none = try workspace.run(["run"])
        #expect(none.status == 64)
        #expect(none.stderr.contains("name the command to run after --"))
        let help = try workspace.run(["run", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("USAGE: envtool run"))
    }

    @Test("a script without #! runs with sh, as in a shell")
    func scriptWithoutInterpreter() throws {
        let workspace = try Workspace()
        try workspace.write("script", "echo \"from script $MAX_RETRIES\"\n")
        #expect(chmod(workspace.path + "/script", 0o755) == 0)
        #expect(try workspace.run(["run", "--", "./script"]).stdout == "from script 5\n")
    }

    @Test("an environments.bin works through the secret options; no secret is printed or passed on")
    func encrypted() throws {
        let workspace = try Workspace()
        let secret = "run-test passphrase nobody else knows"
        let encrypt = try workspace.run(
            [
                "encrypt", "environments/environments.json", "-o", "env.bin", "--passphrase-env", "PASS",
                "--kdf-passes", "1", "--kdf-memory-kib", "64",
            ], environment: ["PASS": secret])
        #expect(encrypt.status == 0, "\(encrypt.stderr)")
        let script = #"echo "$API_KEYS_MAPS ${ENVTOOL_PASSPHRASE-none} ${PASS-none}""#
        let fromVariable = try workspace.run(["run", "-e", "env.bin", "--", "sh", "-c", script], environment: ["ENVTOOL_PASSPHRASE": secret])
        #expect(fromVariable.status == 0, "\(fromVariable.stderr)")
        #expect(fromVariable.stdout == "dev-maps-public-key none none\n")
        #expect(fromVariable.stderr.isEmpty)
        let named = try workspace.run(["run", "-e", "env.bin", "--passphrase-env", "PASS", "--", "sh", "-c", script], environment: ["PASS": secret])
        #expect(named.stdout == "dev-maps-public-key none none\n")

        let failing = try workspace.run(["run", "-e", "env.bin", "--", "no-such-command-xyz"], environment: ["ENVTOOL_PASSPHRASE": secret])
        #expect(failing.status == 127)
        for text in [secret, "dev-maps-public-key", "dev-api.example.com"] {
            #expect(!failing.stderr.contains(text) && !failing.stdout.contains(text))
        }
        let wrong = try workspace.run(["run", "-e", "env.bin", "--", "touch", "ran"], environment: ["ENVTOOL_PASSPHRASE": "wrong"])
        #expect(wrong.status == 78)
        #expect(workspace.read("ran") == nil)
    }

    @Test("an unknown configuration is refused before anything runs")
    func unknownConfiguration() throws {
        let workspace = try Workspace()
        let result = try workspace.run(["run", "-c", "Nope", "--", "touch", "ran"])
        #expect(result.status == 67)
        #expect(workspace.read("ran") == nil)
    }
}
