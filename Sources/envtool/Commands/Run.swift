import ArgumentParser
import EnvironmentKit
import LibC
import Platform

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run a command with the current configuration's variables in its environment.",
        discussion: """
            Every value of the configuration becomes an environment variable: nested objects are flattened and the keys joined with '_', ASCII letters are upper-cased and any other character than letters, digits and '_' becomes '_', so api.timeout and a dotted key "api.timeout" both give API_TIMEOUT. Strings are passed as they are, null as an empty string, and numbers, booleans, arrays and empty objects as their compact JSON text.

            Variables already set in envtool's environment win unless --override is given. The passphrase variable that opened an environments.bin ($ENVTOOL_PASSPHRASE, or the one named by --passphrase-env) is not passed on, and envtool prints no value, on success or failure.

            A document does not get to change how the command starts: a value that would set the dynamic loader's variables (LD_*, DYLD_*, GCONV_PATH…), a shell's start-up variables (BASH_ENV, ENV, SHELLOPTS, PS4, IFS…), an interpreter's (PERL5OPT, PYTHONSTARTUP, NODE_OPTIONS, RUBYOPT, JAVA_TOOL_OPTIONS…) or PATH is an error (exit 65) naming it and its JSON path, unless you allow that name with --allow-variable NAME; so is a variable of the tools a command starts (GIT_*, LESS*, *PAGER, *EDITOR, VISUAL, *_ASKPASS) whose value is more than a plain program or setting name (PAGER=less passes, PAGER='sh -c …' or a path does not).

            Two values that give the same name, a name that is empty or starts with a digit, and a value that holds a NUL character are errors that name the JSON paths involved (exit 65), reported before the command runs.

            envtool replaces itself with the command (exec), so the exit status, signals, standard input and output are the command's own and nothing of envtool is left running. As in a shell, a command that cannot be found exits 127 and one that cannot be executed 126. The command is looked up in the PATH of the environment it gets.

            Examples:
              envtool run -- sh -c 'echo "$BASE_URL $API_TIMEOUT"'
              envtool run -c Release --prefix APP_ -- ./server
              envtool run -e environments.bin --key-file app.key -- ./deploy.sh
            """)

    @Option(
        help: ArgumentHelp(
            "Put this in front of every name, such as APP_ (ASCII letters, digits and '_', not starting with a digit).",
            valueName: "prefix"))
    var prefix: String?

    @Flag(help: "Let the configuration's values replace variables already set in the environment.")
    var override = false

    @Option(
        name: .customLong("allow-variable"),
        help: ArgumentHelp(
            "Let the configuration set this loader, shell or interpreter start-up variable (LD_PRELOAD, BASH_ENV, PATH…); repeatable.",
            valueName: "name"))
    var allowedVariables: [String] = []

    @OptionGroup var options: EnvironmentOptions

    @Argument(
        parsing: .postTerminator,
        help: ArgumentHelp(
            "The command and its arguments, after --.", valueName: "command"))
    var command: [String] = []

    /// The variables holding secrets (passphrases, the identity text) that must not reach the
    /// command: the secret that opened the document is for envtool, not for what it runs.
    private var secretVariables: Set<String> {
        SecretProviders.secretVariables(given: options.secrets.values)
    }

    func validate() throws {
        if command.isEmpty { throw ValidationError("name the command to run after --: envtool run -- COMMAND [ARGUMENTS…]") }
        if let prefix, let problem = EnvironmentVariableName.problem(withPrefix: prefix) { throw ValidationError("--prefix: \(problem)") }
    }

    func run() throws {
        var variables: [EnvironmentVariableName.Variable] = []
        try reportingFailures {
            let document = try options.selection.loadDocument()
            let configuration = try EnvironmentSelection.currentConfiguration(options.configuration, of: document)
            do throws(EnvironmentVariableName.Problem) {
                variables = try EnvironmentVariableName.variables(
                    of: configuration.variables, prefix: prefix ?? "",
                    location: EnvironmentVariableName.jsonPath(["configurations", configuration.name]))
            } catch {
                throw EnvironmentError(.malformedDocument, file: document.source, message: error.description)
            }
        }
        let existing = ProcessInfo.processInfo.environment
        for variable in variables
        where EnvironmentVariableName.changesStartup(variable.name, value: variable.value) && !allowedVariables.contains(variable.name)
            && (override || existing[variable.name] == nil)
        {
            Console.error(
                "envtool: error: run: the configuration sets \(variable.name) (at \(variable.path)), which changes how the command starts; allow it with --allow-variable \(variable.name) if you mean it. Nothing was run"
            )
            throw ExitCode(ExitStatus.invalidInput.rawValue)
        }
        let failure = Self.execute(command, environment: environment(with: variables, existing: existing))
        Console.error("envtool: error: run: \(command[0]): \(failure.reason)")
        throw ExitCode(failure.status)
    }

    /// envtool's environment without the secret variables, with `variables` added; an existing
    /// variable keeps its value unless --override.
    private func environment(with variables: [EnvironmentVariableName.Variable], existing: [String: String]) -> [(name: String, value: String)] {
        var environment = existing
        for name in secretVariables { environment[name] = nil }
        for variable in variables where override || environment[variable.name] == nil {
            environment[variable.name] = variable.value
        }
        return environment.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }
}

extension Run {
    /// Why the command did not start, with the status a shell gives for it.
    struct LaunchFailure {
        let status: Int32
        let reason: String
    }

    /// Replaces envtool with `arguments[0]`, found as a shell finds it; returns only when that fails.
    ///
    /// exec rather than spawn-and-wait: the command then is the process that envtool's parent
    /// started, so its exit status and a death by signal reach the parent unchanged (a shell
    /// sees SIGTERM, not an exit status made up by envtool), signals sent to envtool's process
    /// id reach the command, and no envtool is left holding the decrypted document in memory
    /// while the command runs.
    static func execute(_ arguments: [String], environment: [(name: String, value: String)]) -> LaunchFailure {
        let name = arguments[0]
        let searchPath = environment.first { $0.name == "PATH" }?.value ?? "/usr/bin:/bin"
        let candidates: [String]
        if name.contains("/") {
            candidates = [name]
        } else if name.isEmpty {
            candidates = []
        } else {
            // An empty PATH entry means the current directory, as in POSIX shells.
            candidates = searchPath.split(separator: ":", omittingEmptySubsequences: false)
                .map { $0.isEmpty ? name : "\($0)/\(name)" }
        }
        let environmentStrings = environment.map { "\($0.name)=\($0.value)" }
        let cEnvironment = CStrings(environmentStrings)
        defer { cEnvironment.release(zeroing: true) }

        // The command inherits what envtool was given, not what the Swift runtime set up:
        // SIGPIPE back to its default, so `envtool run -- yes | head` ends like `yes | head`.
        signal(SIGPIPE, SIG_DFL)
        signal(SIGXFSZ, SIG_DFL)
        // …and the core-file limit envtool was started with (FatalSignals set it to 0 for itself).
        if let limit = FatalSignals.startingCoreLimit.withLock({ $0 }) { restoreCoreLimit(limit) }
        fflush(nil)

        // argv[0] is the name as given, as shells pass it.
        let cArguments = CStrings(arguments)
        defer { cArguments.release(zeroing: false) }
        var denied: String? = nil
        for candidate in candidates {
            execve(candidate, cArguments.pointers, cEnvironment.pointers)
            let error = errno
            switch error {
            case ENOEXEC:
                // A script without a #! line: run it with the shell, as execvp and shells do.
                let shell = CStrings(["sh", candidate] + arguments.dropFirst())
                defer { shell.release(zeroing: false) }
                execve("/bin/sh", shell.pointers, cEnvironment.pointers)
                return LaunchFailure(status: 126, reason: describe(errno))
            case EACCES, EPERM:
                denied = isDirectory(candidate) ? "is a directory" : describe(error)
            case ENOENT, ENOTDIR, ELOOP, ENAMETOOLONG:
                continue
            default:
                return LaunchFailure(status: 126, reason: describe(error))
            }
        }
        if let denied { return LaunchFailure(status: 126, reason: denied) }
        return LaunchFailure(status: 127, reason: name.contains("/") ? "no such file" : "command not found")
    }

    private static func describe(_ error: Int32) -> String {
        String(cString: strerror(error)).lowercased()
    }

    private static func isDirectory(_ path: String) -> Bool {
        pathKind(path) == .directory
    }
}

/// A NULL-terminated array of C strings for execve, owned until ``release(zeroing:)``.
private struct CStrings {
    let pointers: [UnsafeMutablePointer<CChar>?]

    init(_ strings: [String]) {
        pointers = strings.map { strdup($0) } + [nil]
    }

    /// Frees the strings; `zeroing` first overwrites them, for environment strings that hold
    /// configuration values (which may be secrets) when the command did not start.
    func release(zeroing: Bool) {
        for pointer in pointers {
            guard let pointer else { continue }
            if zeroing { memset(pointer, 0, strlen(pointer)) }
            free(pointer)
        }
    }
}
