import Foundation
import Testing

/// The completion scripts `envtool --generate-completion-script` prints, run in the real shells
/// (bash, zsh and fish from Debian, installed by `scripts/dependencies test`): file paths for file
/// arguments, every value of the enumerated options, the document's configurations (issue #36).
@Suite("envtool: completions in bash, zsh and fish")
struct CompletionShellTests {
    /// A workspace with a file and a folder to complete, and `envtool` on PATH (the scripts run
    /// it for the document's configurations and languages).
    static func prepared() throws -> (Workspace, bin: String) {
        let workspace = try Workspace()
        try workspace.write("notes.txt", "")
        let bin = workspace.path + "/bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: bin + "/envtool", withDestinationPath: EnvtoolProcess.executable)
        return (workspace, bin)
    }

    static func shell(_ name: String) throws -> String {
        guard let path = ["/usr/bin/", "/bin/"].map({ $0 + name }).first(where: FileManager.default.isExecutableFile(atPath:)) else {
            Issue.record("\(name) is not installed; install the Debian package \(name) (scripts/dependencies test does)")
            throw CancellationError()
        }
        return path
    }

    static func script(_ workspace: Workspace, _ shell: String) throws -> String {
        let result = try workspace.run(["--generate-completion-script", shell])
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout
    }

    /// What each command line (ending where the cursor is) completes to, word by word.
    struct Case: Sendable, CustomTestStringConvertible {
        let line: String
        let expected: [String]
        var testDescription: String { "'\(line)' offers \(expected.joined(separator: ", "))" }
    }

    static let cases: [Case] = [
        Case(line: "envtool print --format ", expected: ["json", "dotenv"]),
        Case(line: "envtool print --flavor ", expected: ["sh", "docker", "python-dotenv"]),
        Case(line: "envtool validate --format ", expected: ["text", "json"]),
        Case(line: "envtool i18n convert --from-format ", expected: ["xcstrings", "strings", "i18next", "po", "xliff", "android"]),
        Case(line: "envtool i18n convert --from x --to y --format ", expected: ["xcstrings", "po", "android"]),
        Case(line: "envtool encrypt --to ", expected: ["age", "v1", "rncryptor", "sops"]),
        Case(line: "envtool generate swift --access ", expected: ["internal", "public", "package"]),
        Case(line: "envtool decrypt ", expected: ["notes.txt", "environments"]),
        Case(line: "envtool rekey x.bin --remove-recipient ", expected: ["notes.txt"]),
        Case(line: "envtool i18n st", expected: ["status"]),
    ]

    /// The document's configurations: a completion envtool itself answers.
    static let documentCase = Case(line: "envtool get -c ", expected: ["Debug", "Release"])

    @Test("bash", arguments: cases + [documentCase])
    func bash(_ test: Case) throws {
        let (workspace, bin) = try Self.prepared()
        let script = try workspace.write("envtool.bash", try Self.script(workspace, "bash"))
        // What bash's programmable completion does for `complete -F _envtool envtool`.
        let harness = """
            source "$0"
            COMP_LINE="$1"; COMP_POINT=${#COMP_LINE}
            read -ra COMP_WORDS <<< "$COMP_LINE"
            [[ $COMP_LINE == *" " ]] && COMP_WORDS+=("")
            COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
            COMPREPLY=()
            _envtool envtool "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let result = try EnvtoolProcess.run(
            ["-c", harness, script, test.line], in: workspace.path,
            environment: ["PATH": bin + ":/usr/bin:/bin"], executable: try Self.shell("bash"))
        #expect(result.status == 0, "\(result.stderr)")
        let offered = result.stdout.split(separator: "\n").map { String($0).trimmingCharacters(in: CharacterSet(charactersIn: "/")) }
        for word in test.expected { #expect(offered.contains(word), "bash offered \(offered) for '\(test.line)'") }
    }

    @Test("zsh", arguments: cases + [documentCase])
    func zsh(_ test: Case) throws {
        let (workspace, bin) = try Self.prepared()
        try workspace.write("completions/_envtool", try Self.script(workspace, "zsh"))
        // An interactive zsh in a pseudo-terminal: compinit loads _envtool, the line is typed with
        // a TAB once zle is reading (it has drawn the prompt and turned on bracketed paste), and
        // zsh lists what it offers; DONE (typed as DO''NE, so that its echo does not match) marks
        // the end of the listing.
        let capture = """
            zmodload zsh/zpty
            zpty z zsh -f -i
            zpty -w z "PROMPT='> '; fpath=(${0:h}/completions \\$fpath); autoload -U compinit; compinit -u -D; setopt autolist nolistambiguous; print REA''DY"
            zpty -r z ready '*READY*2004h*'
            zpty -n -w z "$1"$'\\t'$'\\x15'"print DO''NE"$'\\n'
            zpty -r z output '*DONE*'
            print -r -- "$output"
            zpty -d z
            """
        let file = try workspace.write("capture.zsh", capture)
        let result = try EnvtoolProcess.run(
            ["-f", file, test.line], in: workspace.path, environment: ["PATH": bin + ":/usr/bin:/bin"],
            executable: try Self.shell("zsh"), killingAfter: 120)
        #expect(!result.wasKilled, "zsh did not finish the completion")
        // The line typed and what zsh lists or completes: no expected word is in the line itself.
        let listing = result.stdout
        for word in test.expected { #expect(listing.contains(word), "zsh offered:\n\(listing)") }
    }

    @Test("fish", arguments: cases + [documentCase])
    func fish(_ test: Case) throws {
        let (workspace, bin) = try Self.prepared()
        let script = try workspace.write("envtool.fish", try Self.script(workspace, "fish"))
        // An interactive fish in a pseudo-terminal (fish 3.6 refuses `commandline`, which the
        // script's custom completions call, in `fish -c 'complete -C …'`): the line is typed with a
        // TAB once the reader is drawing the prompt, and fish lists what it offers (or inserts
        // the only candidate). DONE, printed by a key binding typed after the TAB, marks the end of
        // the listing: fish handles keys in order and draws the pager before it runs a bound
        // function. Escape sequences become spaces, carriage returns new lines; what is left is
        // the words on the screen.
        let capture = #"""
            import fcntl, os, pty, re, struct, sys, termios
            fish, script, line = sys.argv[1:4]
            pid, terminal = pty.fork()
            if pid == 0:
                # Wide and tall enough that the pager shows every candidate on one page.
                fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 100, 250, 0, 0))
                os.execv(fish, [fish, "--no-config", "--private", "--interactive"])
            output = b""
            def read_until(marker):
                global output
                while marker not in output:
                    try:
                        chunk = os.read(terminal, 65536)
                    except OSError:
                        chunk = b""
                    if not chunk:
                        sys.exit("fish ended before it printed " + marker.decode())
                    output += chunk
            # REA''DY and DO''NE: their echo as typed does not match the markers.
            os.write(terminal, b"function fish_prompt; echo REA''DY'> '; end; function __done; echo DO''NE; end; "
                     + b"bind \\cx __done; source '" + script.encode() + b"'\r")
            read_until(b"READY> ")
            start = len(output)
            os.write(terminal, line.encode() + b"\t\x18")
            read_until(b"DONE")
            screen = output[start:output.index(b"DONE", start)]
            screen = re.sub(rb"\x1b(\[[0-9;?]*[A-Za-z]|\][^\x07]*\x07|[()][A-Z0-9])", b" ", screen)
            sys.stdout.buffer.write(screen.replace(b"\r", b"\n"))
            os.kill(pid, 9)
            """#
        let file = try workspace.write("capture.py", capture)
        let result = try EnvtoolProcess.run(
            [file, try Self.shell("fish"), script, test.line], in: workspace.path,
            environment: ["PATH": bin + ":/usr/bin:/bin", "TERM": "xterm"],
            executable: try Self.shell("python3"), killingAfter: 120)
        #expect(!result.wasKilled, "fish did not finish the completion")
        #expect(result.status == 0, "\(result.stderr)")
        let offered = result.stdout.split(whereSeparator: \.isWhitespace).map { String($0).trimmingCharacters(in: CharacterSet(charactersIn: "/")) }
        for word in test.expected { #expect(offered.contains(word), "fish offered:\n\(result.stdout)") }
    }
}
