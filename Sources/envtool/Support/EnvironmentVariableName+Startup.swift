extension EnvironmentVariableName {
    /// Variables that change what a program loads or runs before its own code: the dynamic
    /// loader's, the shells' start-up files and options, the interpreters' start-up code, and
    /// `PATH`. A document (or a `.bin` a teammate changed) that sets one would take over every
    /// command `envtool run` starts, so `run` sets one only when the user names it with
    /// `--allow-variable`.
    static func changesStartup(_ name: String) -> Bool {
        if name.hasPrefix("LD_") || name.hasPrefix("DYLD_") { return true }
        return startupVariables.contains(name)
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
