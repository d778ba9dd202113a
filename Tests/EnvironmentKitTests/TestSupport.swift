import Foundation

@testable import EnvironmentKit
@testable import Environments

/// A fresh temporary directory, removed when the value is released.
final class TemporaryDirectory: @unchecked Sendable {
    // @unchecked: the only stored property is an immutable String.
    let path: String

    init() {
        path = NSTemporaryDirectory() + "envtool-tests-" + UUID().uuidString
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    @discardableResult
    func write(_ name: String, _ text: String) -> String {
        let full = path + "/" + name
        try! FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try! Data(text.utf8).write(to: URL(fileURLWithPath: full))
        return full
    }

    func read(_ name: String) -> String? {
        try? String(contentsOfFile: path + "/" + name, encoding: .utf8)
    }
}

let sampleJSON = """
    {
      "languages": ["en", "es", "ca", "pt-BR"],
      "configurations": {
        "Debug": {"base_url": "https://dev.example.com", "retries": 3, "ratio": 0.5, "enabled": true,
                  "api": {"timeout": 60, "name": "dev"}, "list": [1, 2]},
        "Release": {"base_url": "https://example.com", "retries": 1, "ratio": 1, "enabled": false,
                    "api": {"timeout": 30, "name": "prod"}, "list": []}
      }
    }
    """

func document(_ text: String = sampleJSON) throws -> EnvironmentsDocument {
    try EnvironmentsDocument(data: Data(text.utf8), source: "environments.json")
}

func malformed(_ text: String) -> EnvironmentError? {
    do {
        _ = try document(text)
        return nil
    } catch {
        return error as? EnvironmentError
    }
}
