extension EnvironmentVariableName {
    /// Variables that change what a program loads or runs before its own code: the dynamic
    /// loader's, the shells' start-up files and options, the interpreters' start-up code, and
    /// `PATH`. A document (or a `.bin` a teammate changed) that sets one would take over every
    /// command `envtool run` starts, so `run` sets one only when the user names it with
    /// `--allow-variable`.
    ///
    /// The tools a command starts in turn (git, pagers, editors, askpass helpers) read commands
    /// from their own variables (`GIT_SSH_COMMAND`, `GIT_CONFIG_*`, `LESSOPEN`, `PAGER`,
    /// `EDITOR`, `*_ASKPASS`…); there a plain program name (`less`, `vim`, `ssh`, found on the
    /// PATH the document cannot set) is fine, anything else (a path, arguments, a pipe) changes
    /// what runs and is refused like the others.
    static func changesStartup(_ name: String, value: String) -> Bool {
        if name.hasPrefix("LD_") || name.hasPrefix("DYLD_") { return true }
        if startupVariables.contains(name) { return true }
        return runsToolCommands(name) && !isPlainName(value)
    }

    /// Whether `name` is a variable of a tool start-up family: git's, less's, the pagers', the
    /// editors' and the askpass helpers'.
    static func runsToolCommands(_ name: String) -> Bool {
        name.hasPrefix("GIT_") || name.hasPrefix("LESS") || name.hasSuffix("_ASKPASS") || name.hasSuffix("PAGER")
            || name.hasSuffix("EDITOR") || ["VISUAL", "SSH_ASKPASS_REQUIRE", "BROWSER", "MANOPT"].contains(name)
    }

    /// A word of letters, digits and `.`, `_`, `+`, `-` (not starting with `-`): a program or
    /// setting name, nothing a shell or git would run or read as a path.
    static func isPlainName(_ value: String) -> Bool {
        guard let first = value.utf8.first, first != UInt8(ascii: "-") else { return false }
        return value.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || [UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "+"), UInt8(ascii: "-")].contains(byte)
        }
    }

    private static let startupVariables: Set<String> = [
        // glibc's loader and locale machinery (modules loaded from these paths).
        "GCONV_PATH", "LOCPATH", "NLSPATH", "HOSTALIASES", "RESOLV_HOST_CONF",
        // Shells: files read and commands run at start, option sets, word splitting.
        "BASH_ENV", "ENV", "SHELLOPTS", "BASHOPTS", "PS4", "PROMPT_COMMAND", "IFS", "CDPATH", "ZDOTDIR",
        // Interpreters' start-up code and module paths.
        "PERL5OPT", "PERL5LIB", "PERLLIB", "PYTHONSTARTUP", "PYTHONPATH", "PYTHONHOME", "PYTHONINSPECT",
        "NODE_OPTIONS", "NODE_PATH", "RUBYOPT", "RUBYLIB", "JAVA_TOOL_OPTIONS", "_JAVA_OPTIONS", "JDK_JAVA_OPTIONS",
        // Where commands are found.
        "PATH",
    ]
}
