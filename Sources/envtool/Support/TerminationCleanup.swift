import Dispatch
import LibC
import Platform
import Synchronization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Destroys a ``PrivateWorkspace`` when envtool is asked to stop, by any signal that would end it
/// and can be caught (SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGUSR1, SIGALRM… see
/// `terminatingSignals`), so that the plaintext of an edit does not outlive an interrupted
/// `envtool edit`. SIGPIPE is ignored meanwhile: `envtool edit … 2>&1 | true` must not die on its
/// first message with the copy still on disk.
///
/// A signal handler may only call async-signal-safe functions, and removing a directory of files
/// is not one; so the handler only writes the signal number to a pipe, and a thread waiting on
/// the pipe stops the editor, destroys the workspace and exits with 128 + the signal.
enum TerminationCleanup {
    static var signals: [Int32] { terminatingSignals }

    /// The pipe's write end, read by the signal handler (a lock-free atomic is safe there).
    private static let pipeWriteEnd = Atomic<Int32>(-1)

    /// Set once a signal's cleanup has begun, before the editor is stopped.
    private static let terminating = Atomic<Bool>(false)
    /// The workspace to destroy and the editor to stop, once they exist.
    private static let state = Mutex<(workspace: PrivateWorkspace?, editor: pid_t)>((nil, 0))

    /// Installs the handlers; call before creating the workspace, so that no signal falls in between.
    static func install() {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return }
        // Not inherited by the editor, which must not be able to trigger the cleanup.
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        pipeWriteEnd.store(ends[1], ordering: .sequentiallyConsistent)
        let readEnd = ends[0]
        // A thread of its own that waits on the pipe: the signal handler may only write to it.
        DispatchQueue(label: "envtool.termination-cleanup").async {
            var signal: Int32 = 0
            _ = retryingOnInterrupt { read(readEnd, &signal, MemoryLayout<Int32>.size) }
            terminating.store(true, ordering: .sequentiallyConsistent)
            let (workspace, editor) = state.withLock { ($0.workspace, $0.editor) }
            // The editor (and the shell running it) would otherwise keep the file open, or write it back.
            if editor > 0 { kill(editor, signal == SIGINT ? SIGTERM : signal) }
            workspace?.destroy()
            Console.error("envtool: interrupted; the decrypted copy was removed")
            _exit(128 + signal)
        }
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { signal in
            var number = signal
            _ = write(TerminationCleanup.pipeWriteEnd.load(ordering: .sequentiallyConsistent), &number, MemoryLayout<Int32>.size)
        }
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
        var handled = sigset_t()
        sigemptyset(&handled)
        for signal in signals {
            sigaction(signal, &action, nil)
            sigaddset(&handled, signal)
        }
        // A write to a closed pipe (standard error piped into a command that has ended) is then
        // an error the write reports, not the end of envtool with the copy left behind.
        signal(SIGPIPE, SIG_IGN)
        // A parent may start envtool with these signals blocked (Foundation's Process passes on
        // the mask of the thread that spawns); blocked, they would stay pending and never clean up.
        pthread_sigmask(SIG_UNBLOCK, &handled, nil)
    }

    /// The workspace to destroy on a signal.
    static func protect(_ workspace: PrivateWorkspace) {
        state.withLock { $0.workspace = workspace }
    }

    /// Waits for the exit of a cleanup in progress: once the editor has been stopped by it, the
    /// thread that waited for the editor must not go on to report the editor's end as a failure
    /// of its own (the exit status is 128 + the signal, set by the cleanup).
    static func waitIfTerminating() {
        guard terminating.load(ordering: .sequentiallyConsistent) else { return }
        while true { pause() }
    }

    /// The running editor to stop on a signal (0: none).
    static func editorRunning(_ pid: pid_t) {
        state.withLock { $0.editor = pid }
    }
}
