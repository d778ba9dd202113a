import Foundation
import I18Next
import Platform
import Synchronization

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Loads resources over HTTP with a `loadPath` template (`https://cdn.example.com/locales/{{lng}}/{{ns}}.json`),
/// keeping an on-disk cache that is revalidated with `ETag`/`If-None-Match` and used when the server
/// cannot be reached, as i18next-http-backend with a chained cache backend.
///
/// - A download replaces the cached copy only once it is complete and valid JSON; the cache is
///   written atomically, so a failed or partial download never corrupts it.
/// - `404` means the resource does not exist: an error, the cache is not used.
/// - Other failures (`5xx`, timeouts, refused connections, malformed JSON) fall back to the cached
///   copy if there is one, else they are errors naming the URL.
/// - With `allowMultiLoading`, one request fetches several languages and namespaces
///   (`?lng=en-US+en+dev&ns=common+app`), answered with `{lng: {ns: {…}}}`.
public struct HTTPBackend: ResourceBackend {
    /// The URL template.
    public let loadPath: String
    /// Where cached copies live; `nil` for no cache.
    public let cacheDirectory: String?
    /// How long a request may take.
    public let timeout: TimeInterval
    /// Whether ``loadMany(languages:namespaces:)`` asks for everything in one request.
    public let allowMultiLoading: Bool

    /// The longest ``timeout`` accepted; longer (or not finite) values are clamped to it, so that a
    /// timeout read from a configuration file can never overflow the time arithmetic.
    public static let maximumTimeout: TimeInterval = 3600

    /// A backend for `loadPath`. A `timeout` that is not positive and finite becomes 10 s; one
    /// above ``maximumTimeout`` becomes that.
    public init(loadPath: String, cacheDirectory: String? = nil, timeout: TimeInterval = 10, allowMultiLoading: Bool = false) {
        self.loadPath = loadPath
        self.cacheDirectory = cacheDirectory
        self.timeout = timeout.isFinite && timeout > 0 ? min(timeout, Self.maximumTimeout) : (timeout == .infinity ? Self.maximumTimeout : 10)
        self.allowMultiLoading = allowMultiLoading
    }

    public func load(language: String, namespace: String) throws(I18NextError) -> I18nObject {
        let url = LoadPath.fill(loadPath, language: language, namespace: namespace)
        let value = try fetch(url)
        guard case .object(let object) = value else {
            throw I18NextError(.malformedResource, source: url, message: "a namespace must be a JSON object of keys")
        }
        return object
    }

    public func loadMany(languages: [String], namespaces: [String]) throws(I18NextError) -> [String: [String: I18nObject]] {
        guard allowMultiLoading else { return try loadEach(languages: languages, namespaces: namespaces) }
        let url = LoadPath.fill(loadPath, language: languages.joined(separator: "+"), namespace: namespaces.joined(separator: "+"))
        guard case .object(let root) = try fetch(url) else {
            throw I18NextError(.malformedResource, source: url, message: "a multi-load response must be {\"<lng>\": {\"<ns>\": {…}}}")
        }
        var result: [String: [String: I18nObject]] = [:]
        for (language, value) in root.members {
            guard case .object(let spaces) = value else { continue }
            for (namespace, keys) in spaces.members {
                if case .object(let object) = keys { result[language, default: [:]][namespace] = object }
            }
        }
        return result
    }

    // MARK: - HTTP with cache

    private struct Response {
        let status: Int
        let data: Data
        let etag: String?
    }

    private enum Failure: Error {
        case unreachable(String)
    }

    private func fetch(_ address: String) throws(I18NextError) -> I18nValue {
        guard let url = URL(string: address) else {
            throw I18NextError(.loadFailed, source: address, message: "not a valid URL")
        }
        let cached = readCache(address)
        let response: Response
        do {
            response = try request(url, etag: cached?.etag)
        } catch {
            guard let cached else {
                throw I18NextError(.loadFailed, source: address, message: "the server cannot be reached (\(error)) and there is no cached copy")
            }
            return cached.value
        }
        switch response.status {
        case 304:
            if let cached { return cached.value }
            throw I18NextError(.loadFailed, source: address, message: "the server answered 304 Not Modified but there is no cached copy")
        case 200..<300:
            do throws(I18NextError) {
                let value = try I18nValue(jsonData: response.data, source: address)
                writeCache(address, data: response.data, etag: response.etag)
                return value
            } catch {
                if let cached { return cached.value }
                throw error
            }
        case 404:
            throw I18NextError(.loadFailed, source: address, message: "404 Not Found")
        default:
            if let cached { return cached.value }
            throw I18NextError(.loadFailed, source: address, message: "the server answered \(response.status)")
        }
    }

    private func request(_ url: URL, etag: String?) throws -> Response {
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        if let etag { request.setValue(etag, forHTTPHeaderField: "If-None-Match") }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        configuration.urlCache = nil
        let session = URLSession(configuration: configuration)
        defer { session.finishTasksAndInvalidate() }
        let outcome = Mutex<Result<Response, Error>?>(nil)
        let done = DispatchSemaphore(value: 0)
        session.dataTask(with: request) { data, response, error in
            let result: Result<Response, Error>
            if let error {
                result = .failure(Failure.unreachable(error.localizedDescription))
            } else if let http = response as? HTTPURLResponse {
                result = .success(Response(status: http.statusCode, data: data ?? Data(), etag: http.value(forHTTPHeaderField: "ETag")))
            } else {
                result = .failure(Failure.unreachable("no HTTP response"))
            }
            outcome.withLock { $0 = result }
            done.signal()
        }.resume()
        if done.wait(timeout: .now() + timeout + 5) == .timedOut {
            throw Failure.unreachable("timed out after \(timeout.formatted()) s")
        }
        return try outcome.withLock { $0! }.get()
    }

    // MARK: - Cache files

    /// A stable file name for a URL (FNV-1a, 64 bit).
    private func cacheName(_ address: String) -> String {
        var hash: UInt64 = 0xcbf29ce484222325
        for byte in address.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100000001b3
        }
        return String(hash, radix: 16)
    }

    private func readCache(_ address: String) -> (value: I18nValue, etag: String?)? {
        guard let directory = cacheDirectory else { return nil }
        let base = directory + "/" + cacheName(address)
        // Regular files only: a FIFO put in the cache folder must not hold up the app's translations.
        guard let data = RegularFile.contents(atPath: base + ".json"),
            let value = try? I18nValue(jsonData: data, source: base + ".json")
        else { return nil }
        let etag = RegularFile.contents(atPath: base + ".etag").flatMap { String(data: $0, encoding: .utf8) }
        return (value, etag?.isEmpty == false ? etag : nil)
    }

    private func writeCache(_ address: String, data: Data, etag: String?) {
        guard let directory = cacheDirectory else { return }
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let base = directory + "/" + cacheName(address)
        // The ETag goes first and the body last: if the body write fails, the old body stays and
        // its next revalidation simply downloads again.
        try? Data((etag ?? "").utf8).write(to: URL(fileURLWithPath: base + ".etag"), options: .atomic)
        try? data.write(to: URL(fileURLWithPath: base + ".json"), options: .atomic)
    }
}
