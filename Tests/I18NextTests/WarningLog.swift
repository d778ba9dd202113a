import Synchronization

@testable import I18Next

/// Collects what the engine warns about, for tests that expect (or rule out) a warning.
final class WarningLog: Sendable {
    private let messages = Mutex<[String]>([])

    var all: [String] { messages.withLock { $0 } }

    var handler: I18NextOptions.WarningHandler {
        { message in self.messages.withLock { $0.append(message) } }
    }
}
