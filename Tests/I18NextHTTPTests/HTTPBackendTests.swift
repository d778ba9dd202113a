import Foundation
import I18Next
import I18NextHTTP
import Testing

/// A real HTTP server on 127.0.0.1 (Fixtures/i18n_test_server.py), started and stopped by the test.
final class TestServer: @unchecked Sendable {
    // @unchecked: the process and pipe are only touched from the test that owns the server.
    let port: Int
    private let process: Process
    private let input: Pipe

    init(root: String, port requested: Int = 0) throws {
        let script = Bundle.module.url(forResource: "Fixtures/i18n_test_server", withExtension: "py")!.path
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script, root, String(requested)]
        input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        var line = Data()
        while true {
            let byte = output.fileHandleForReading.readData(ofLength: 1)
            if byte.isEmpty || byte == Data("\n".utf8) { break }
            line.append(byte)
        }
        guard let port = Int(String(decoding: line, as: UTF8.self)) else {
            process.terminate()
            throw I18NextError(.loadFailed, source: script, message: "the test server did not start")
        }
        self.port = port
    }

    var base: String { "http://127.0.0.1:\(port)" }

    func stop() {
        try? input.fileHandleForWriting.close()
        process.terminate()
        process.waitUntilExit()
    }

    deinit { if process.isRunning { stop() } }

    func stats() throws -> [String: Int] {
        let data = try Data(contentsOf: URL(string: base + "/stats")!)
        return (try JSONSerialization.jsonObject(with: data) as? [String: Int]) ?? [:]
    }
}

@Suite("HTTP backend against a real server", .serialized)
struct HTTPBackendTests {
    let resources = ResourceDirectory()
    let cache = ResourceDirectory()

    init() {
        resources.write("en/translation.json", #"{"hello": "Hello"}"#)
        resources.write("de/translation.json", #"{"hello": "Hallo"}"#)
        resources.write("en/common.json", #"{"ok": "OK"}"#)
    }

    @Test("loads, revalidates with ETag (304), and serves the cache while the server is down, also across a restart")
    func cacheAndRestart() throws {
        let server = try TestServer(root: resources.path)
        let backend = HTTPBackend(loadPath: server.base + "/{{lng}}/{{ns}}.json", cacheDirectory: cache.path, timeout: 2)
        #expect(try backend.load(language: "en", namespace: "translation")["hello"] == "Hello")
        #expect(try backend.load(language: "en", namespace: "translation")["hello"] == "Hello")
        #expect(try server.stats() == ["200": 1, "304": 1])
        let port = server.port
        server.stop()
        #expect(try backend.load(language: "en", namespace: "translation")["hello"] == "Hello", "offline: from the cache")
        #expect(throws: I18NextError.self) { try backend.load(language: "de", namespace: "translation") }
        resources.write("en/translation.json", #"{"hello": "Hello again"}"#)
        let restarted = try TestServer(root: resources.path, port: port)
        defer { restarted.stop() }
        #expect(try backend.load(language: "en", namespace: "translation")["hello"] == "Hello again")
    }

    @Test("404 is an error naming the URL; 500 and malformed JSON fall back to the cache, else are errors")
    func failures() throws {
        let server = try TestServer(root: resources.path)
        defer { server.stop() }
        let backend = HTTPBackend(loadPath: server.base + "/{{lng}}/{{ns}}.json", cacheDirectory: cache.path, timeout: 2)
        do {
            _ = try backend.load(language: "fr", namespace: "translation")
            Issue.record("expected an error")
        } catch {
            #expect(error.description == server.base + "/fr/translation.json: error: 404 Not Found")
        }
        let broken = HTTPBackend(loadPath: server.base + "/status/500/{{lng}}/{{ns}}.json", timeout: 2)
        #expect(throws: I18NextError.self) { try broken.load(language: "en", namespace: "translation") }
        let malformed = HTTPBackend(loadPath: server.base + "/malformed/{{lng}}/{{ns}}.json", cacheDirectory: cache.path, timeout: 2)
        do {
            _ = try malformed.load(language: "en", namespace: "translation")
            Issue.record("expected an error")
        } catch {
            #expect(error.kind == .malformedResource)
            #expect(error.source.hasSuffix("/malformed/en/translation.json"))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: cache.path).isEmpty, "nothing bad was cached")
    }

    @Test("a timeout falls back to the cache, or is an error")
    func timeout() throws {
        let server = try TestServer(root: resources.path)
        defer { server.stop() }
        let slow = HTTPBackend(loadPath: server.base + "/slow/{{lng}}/{{ns}}.json", cacheDirectory: cache.path, timeout: 1)
        let started = Date()
        #expect(throws: I18NextError.self) { try slow.load(language: "en", namespace: "translation") }
        #expect(Date().timeIntervalSince(started) < 10)
    }

    @Test("multi-loading fetches every language and namespace in one request")
    func multiLoading() throws {
        let server = try TestServer(root: resources.path)
        defer { server.stop() }
        var options = I18NextOptions()
        options.lng = "de"
        options.fallbackLng = .list(["en"])
        options.ns = ["translation", "common"]
        let i18n = I18Next(options: options)
        try i18n.loadAll(from: HTTPBackend(loadPath: server.base + "/multi?lng={{lng}}&ns={{ns}}", timeout: 2, allowMultiLoading: true))
        #expect(i18n.t("hello") == "Hallo")
        #expect(i18n.t("common:ok") == "OK")
        #expect(try server.stats() == ["200": 1])
    }
}

/// A temporary directory of resource files, removed when the test ends.
final class ResourceDirectory: @unchecked Sendable {
    // @unchecked: only an immutable String is stored.
    let path = NSTemporaryDirectory() + "envtool-http-" + UUID().uuidString
    init() { try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
    deinit { try? FileManager.default.removeItem(atPath: path) }

    func write(_ name: String, _ text: String) {
        let full = path + "/" + name
        try! FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try! Data(text.utf8).write(to: URL(fileURLWithPath: full))
    }
}

@Suite("HTTP backend options")
struct HTTPBackendOptionTests {
    @Test(
        "a timeout that is not finite, not positive or too large is clamped, never trapped on",
        arguments: [
            (Double.nan, 10.0), (-1, 10), (0, 10), (.infinity, 3600), (1e300, 3600), (2.5, 2.5),
        ])
    func clampedTimeout(given: Double, expected: Double) {
        #expect(HTTPBackend(loadPath: "http://127.0.0.1:1/{{lng}}/{{ns}}.json", timeout: given).timeout == expected)
    }
}
