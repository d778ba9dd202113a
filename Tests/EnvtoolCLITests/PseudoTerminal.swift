import Foundation

/// Runs a program on a pseudo-terminal (python3's `pty`), as a person at a terminal would: the
/// one driver of the tests that need a terminal (age's and envtool's passphrase prompts, an age
/// plugin's questions, RNCryptor's password).
enum PseudoTerminal {
    /// What to type once the terminal has shown `cue` (case-sensitive): once, or each time it
    /// is shown (age asks for a new passphrase twice).
    struct Answer {
        var cue: String
        var text: String
        var everyTime = false
    }

    /// Runs `program arguments…` in `workspace` on a terminal, typing each answer after its cue.
    /// The answers travel in the environment, never in argv. What the terminal showed (the
    /// program's stdout and stderr together, prompts included) is the result's `stdout`.
    static func run(
        _ program: String, _ arguments: [String], answering answers: [Answer], in workspace: Workspace,
        environment: [String: String] = [:]
    ) throws -> EnvtoolProcess.Result {
        let driver = """
            import os, pty, sys
            answers = [(os.environb[b"PTY_CUE_%d" % i], os.environb[b"PTY_TEXT_%d" % i] + b"\\n", os.environ["PTY_EVERY_%d" % i] == "1")
                       for i in range(int(os.environ["PTY_ANSWERS"]))]
            pid, fd = pty.fork()
            if pid == 0:
                os.execv(sys.argv[1], sys.argv[1:])
            seen, typed = b"", [0] * len(answers)
            while True:
                try:
                    data = os.read(fd, 1024)
                except OSError:
                    break
                if not data:
                    break
                seen += data
                for i, (cue, text, every) in enumerate(answers):
                    while typed[i] < (seen.count(cue) if every else min(1, seen.count(cue))):
                        os.write(fd, text)
                        typed[i] += 1
            sys.stdout.buffer.write(seen)
            sys.exit(os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1]))
            """
        var variables = environment
        variables["PTY_ANSWERS"] = String(answers.count)
        for (index, answer) in answers.enumerated() {
            variables["PTY_CUE_\(index)"] = answer.cue
            variables["PTY_TEXT_\(index)"] = answer.text
            variables["PTY_EVERY_\(index)"] = answer.everyTime ? "1" : "0"
        }
        return try EnvtoolProcess.run(
            ["-c", driver, program] + arguments, in: workspace.path, environment: variables,
            executable: "/usr/bin/python3", killingAfter: 120)
    }
}
