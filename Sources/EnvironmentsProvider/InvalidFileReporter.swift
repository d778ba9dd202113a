#if Configuration
import Environments
import Synchronization

/// Tells the app when a watched file stops being a valid document.
///
/// swift-configuration's reloading provider keeps the last good snapshot when a reload fails
/// and only logs the failure at debug level, at every check. This reporter sees every parse
/// and reports each distinct failure once, until the file is valid again, so a broken file is
/// reported once rather than at every poll.
final class InvalidFileReporter: Sendable {
    private struct State {
        /// Off until the provider exists: a failure at creation is thrown, not reported.
        var isArmed = false
        /// The failure reported last, so the same broken file is not reported at every check.
        var lastReported: String?
    }

    private let state = Mutex(State())
    private let report: @Sendable (EnvironmentError) -> Void

    init(report: @escaping @Sendable (EnvironmentError) -> Void) {
        self.report = report
    }

    /// Starts reporting; called once the provider has loaded the file.
    func arm() {
        state.withLock { $0.isArmed = true }
    }

    /// Records the outcome of one parse: `nil` when the file was valid.
    func parsed(_ error: EnvironmentError?) {
        let shouldReport = state.withLock { state -> Bool in
            guard let error else {
                state.lastReported = nil
                return false
            }
            guard state.isArmed, state.lastReported != error.description else { return false }
            state.lastReported = error.description
            return true
        }
        // Outside the lock: the handler is the app's code.
        if shouldReport, let error { report(error) }
    }
}
#endif
