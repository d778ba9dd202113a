#if Configuration
import Configuration
import Foundation
import Synchronization

/// A fresh temporary directory, removed when the value is released.
final class TemporaryDirectory: Sendable {
    let path: String

    init() {
        path = NSTemporaryDirectory() + "envtool-provider-tests-" + UUID().uuidString
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// Writes `data` to `name` atomically (a new file renamed over the old one), as editors and
    /// deploy tools do, and returns the full path.
    ///
    /// The modification time is set explicitly, one second later per `version`, because the
    /// reloading provider notices a change by its timestamp, and two writes within the file
    /// system's timestamp granularity would otherwise look the same.
    @discardableResult
    func write(_ name: String, _ data: Data, version: Int = 0) throws -> String {
        let full = path + "/" + name
        try data.write(to: URL(fileURLWithPath: full), options: .atomic)
        let modified = Date(timeIntervalSince1970: 1_700_000_000 + Double(version))
        try FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: full)
        return full
    }

    @discardableResult
    func write(_ name: String, _ text: String, version: Int = 0) throws -> String {
        try write(name, Data(text.utf8), version: version)
    }
}

/// A document with every JSON type the provider serves, two configurations and secrets.
let sampleJSON = """
    {
      "app_id": "com.example.app",
      "languages": ["en", "es"],
      "secrets": ["api.token", "database"],
      "configurations": {
        "Debug": {
          "base_url": "https://dev.example.com",
          "retries": 3, "ratio": 0.5, "whole": 2.0, "enabled": true, "nothing": null,
          "api": {"timeout": 60, "token": "dev-token-123", "deep": {"level": "three"}},
          "database": {"password": "hunter2-debug"},
          "hosts": ["a.example.com", "b.example.com"], "ports": [80, 443], "weights": [0.25, 1],
          "flags": [true, false], "none": [], "mixed": [1, "two"],
          "blob": "aGVsbG8=", "blobs": ["aGk=", "eW8="]
        },
        "Release": {
          "base_url": "https://example.com", "retries": 1,
          "api": {"timeout": 30, "token": "release-token-456"},
          "database": {"password": "hunter2-release"}
        }
      }
    }
    """

/// The document of `sampleJSON` with `base_url` in Debug set to `baseURL`.
func document(baseURL: String) -> String {
    """
    {"languages": ["en"], "configurations": {"Debug": {"base_url": "\(baseURL)", "api": {"token": "t-\(baseURL)"}}}}
    """
}

/// Collects the events a `ConfigReader` reports.
final class CollectingReporter: AccessReporter {
    private let events = Mutex<[AccessEvent]>([])

    func report(_ event: AccessEvent) {
        events.withLock { $0.append(event) }
    }

    var reported: [AccessEvent] { events.withLock { $0 } }
}

/// Values appended from any thread, such as the errors a handler is called with.
final class Collected<Element: Sendable>: Sendable {
    private let elements = Mutex<[Element]>([])

    func append(_ element: Element) { elements.withLock { $0.append(element) } }

    var all: [Element] { elements.withLock { $0 } }
}

struct TimedOut: Error, CustomStringConvertible {
    var description: String { "the operation did not finish within the bound" }
}

/// Runs `operation`, failing with ``TimedOut`` if it takes longer than `seconds`: a bound on a
/// wait for an asynchronous event, so a broken reload fails the test instead of hanging it. Generous
/// (a loaded 2-core machine once took over 20 s to schedule the watcher): a hang guard, not a timing.
func withBound<T: Sendable>(seconds: Double = 120, _ operation: @escaping @Sendable () async throws -> T) async throws -> T {
    try await withThrowingTaskGroup(of: T?.self) { group in
        group.addTask { try await operation() }
        group.addTask {
            try await Task.sleep(for: .seconds(seconds))
            return nil
        }
        defer { group.cancelAll() }
        guard let first = try await group.next(), let result = first else { throw TimedOut() }
        return result
    }
}
#endif
