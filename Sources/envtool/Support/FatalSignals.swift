import LibC
import Platform
import Synchronization

/// Ends envtool at once, by the same signal and without a word, on the signals Swift's runtime
/// answers with a crash report (SIGQUIT, SIGSEGV, SIGABRT, SIGBUS, SIGILL, SIGTRAP, SIGFPE,
/// SIGSYS).
///
/// That report prints 16 bytes of memory at each register, which in envtool may be a key or a
/// derived key, and after a SIGQUIT sent by another process the runtime let the command carry on
/// and print the secret anyway. So envtool replaces the runtime's handlers before it reads
/// anything, and forbids core dumps (``forbidCoreDumps()``) so that the default action leaves no
/// image of its memory either. A crash is then a death by its signal (`$?` 128 + N), as from a C program
/// without a handler; `ENVTOOL_CRASH_REPORTS=1` keeps the runtime's reports for debugging a
/// crash, at the cost of what they print.
enum FatalSignals {
    static let signals: [Int32] = [SIGQUIT, SIGSEGV, SIGABRT, SIGBUS, SIGILL, SIGTRAP, SIGFPE, SIGSYS]

    /// The variable that keeps Swift's crash reports.
    static let reportsVariable = "ENVTOOL_CRASH_REPORTS"

    /// The core-file limit envtool was started with, which `run` gives back to its command.
    static let startingCoreLimit = Mutex<rlimit?>(nil)

    static func install() {
        if let value = getenv(reportsVariable), String(cString: value) == "1" { return }
        let before = forbidCoreDumps()
        startingCoreLimit.withLock { $0 = before }
        var action = sigaction()
        // Only async-signal-safe calls: back to the default action, and the signal again, which
        // is delivered (and ends the process) once the handler returns.
        action.__sigaction_handler.sa_handler = { signal in
            var defaultAction = sigaction()
            defaultAction.__sigaction_handler.sa_handler = SIG_DFL
            sigemptyset(&defaultAction.sa_mask)
            _ = sigaction(signal, &defaultAction, nil)
            _ = raise(signal)
        }
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        var handled = sigset_t()
        sigemptyset(&handled)
        for signal in signals {
            _ = sigaction(signal, &action, nil)
            sigaddset(&handled, signal)
        }
        // A parent may start envtool with some of them blocked; blocked, a SIGQUIT would wait.
        pthread_sigmask(SIG_UNBLOCK, &handled, nil)
        // A write past `ulimit -f` is then EFBIG, an error the writer reports and cleans up
        // after (its temporary file removed, the target untouched), instead of a silent death
        // by SIGXFSZ (153) that left the temporary file behind, plaintext for `decrypt -o`.
        signal(SIGXFSZ, SIG_IGN)
    }
}
