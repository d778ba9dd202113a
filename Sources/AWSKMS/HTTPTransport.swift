import Dispatch
import Foundation
import Synchronization

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One HTTP request and its answer: the seam between the AWS clients (KMS, STS, the credential
/// endpoints) and the network, so that their retries and error mapping are tested without one.
package protocol HTTPTransport: Sendable {
    /// Sends `body` to `url` with `method` and `headers`; the status and body of the answer.
    ///
    /// - Throws: ``TransportFailure`` when no answer came (refused, reset, timed out, DNS, TLS),
    ///   or the answer broke a bound (too large, too slow, a redirect).
    func send(_ method: String, _ url: String, headers: [(name: String, value: String)], body: [UInt8]) throws(TransportFailure) -> (status: Int, body: [UInt8])
}

extension HTTPTransport {
    /// A `POST`.
    package func post(_ url: String, headers: [(name: String, value: String)], body: [UInt8]) throws(TransportFailure) -> (status: Int, body: [UInt8]) {
        try send("POST", url, headers: headers, body: body)
    }
}

/// Why a request got no answer.
package struct TransportFailure: Error, Sendable {
    /// Whether trying again may help (a reset connection, a timeout) rather than not (a bad URL).
    package let isTransient: Bool
    /// What happened, in words fixed here: never text from the answer or the request.
    package let reason: String
    /// Whether the whole-request deadline ended it (no answer in time, or one too slow).
    package let isDeadline: Bool

    package init(isTransient: Bool, reason: String, isDeadline: Bool = false) {
        self.isTransient = isTransient
        self.reason = reason
        self.isDeadline = isDeadline
    }
}

/// ``HTTPTransport`` over `URLSession` (libcurl on Linux): only the plugin links it.
///
/// Every request is bounded, whatever the server does (issue #33, item 3):
/// - **size**: an answer declared or grown past ``maximumResponseLength`` is abandoned as it
///   arrives, never held;
/// - **time**: the whole request (connecting, sending, and every byte of the answer) ends at
///   ``timeout``; a server that trickles one byte a second does not reset it;
/// - **redirects**: none is followed (the signed headers, session token among them, would go
///   wherever a `Location` says); the request fails saying so.
package struct URLSessionTransport: HTTPTransport {
    /// The whole request's deadline, in seconds.
    package let timeout: Double
    /// The largest answer body kept, in bytes.
    package let maximumResponseLength: Int

    /// The default deadline: 15 s.
    package static let defaultTimeout = 15.0
    /// The default answer budget: 64 KiB. The answers of KMS (`Encrypt`, `Decrypt`), STS and
    /// the credential endpoints are a few KiB at most.
    package static let defaultMaximumResponseLength = 64 * 1024

    package init(timeout: Double = defaultTimeout, maximumResponseLength: Int = defaultMaximumResponseLength) {
        self.timeout = timeout
        self.maximumResponseLength = maximumResponseLength
    }

    package func send(_ method: String, _ url: String, headers: [(name: String, value: String)], body: [UInt8]) throws(TransportFailure) -> (
        status: Int, body: [UInt8]
    ) {
        guard let address = URL(string: url), let scheme = address.scheme, scheme == "https" || scheme == "http", address.host != nil else {
            throw TransportFailure(isTransient: false, reason: "'\(url)' is not an http(s) URL")
        }
        var request = URLRequest(url: address, cachePolicy: .reloadIgnoringLocalAndRemoteCacheData, timeoutInterval: timeout)
        request.httpMethod = method
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        if method != "GET" { request.httpBody = Data(body) }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        configuration.httpShouldSetCookies = false
        configuration.urlCache = nil
        let collector = BoundedCollector(maximumLength: maximumResponseLength)
        let session = URLSession(configuration: configuration, delegate: collector, delegateQueue: nil)
        defer { session.invalidateAndCancel() }
        let task = session.dataTask(with: request)
        task.resume()
        // The deadline is ours, not libcurl's: its timers count silence, and on Linux
        // timeoutIntervalForResource does not end a transfer that keeps trickling.
        if collector.done.wait(timeout: .now() + timeout) == .timedOut {
            collector.fail(
                TransportFailure(isTransient: false, reason: "the answer took longer than \(Self.seconds(timeout)) in all and was abandoned", isDeadline: true))
            task.cancel()
            _ = collector.done.wait(timeout: .now() + 5)
        }
        return try collector.outcome()
    }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }

    fileprivate static func failure(_ error: any Error) -> TransportFailure {
        let code = (error as? URLError)?.code
        let reason: String
        switch code {
        case .cannotConnectToHost?: reason = "connection refused"
        case .cannotFindHost?, .dnsLookupFailed?: reason = "the host name does not resolve"
        case .timedOut?: reason = "timed out"
        case .networkConnectionLost?: reason = "the connection was reset"
        case .notConnectedToInternet?: reason = "no network"
        case .secureConnectionFailed?, .serverCertificateUntrusted?, .serverCertificateHasBadDate?, .serverCertificateNotYetValid?:
            reason = "the TLS connection failed"
        default: reason = (error as? URLError).map { "network error \($0.code.rawValue)" } ?? "network error"
        }
        let permanent: Set<URLError.Code> = [.badURL, .unsupportedURL, .cannotFindHost, .dnsLookupFailed]
        return TransportFailure(isTransient: code.map { !permanent.contains($0) } ?? true, reason: reason)
    }
}

/// The delegate of one request: keeps the answer up to the budget, refuses redirects, and
/// signals when the task ends. The first failure recorded wins over the cancellation it causes.
private final class BoundedCollector: NSObject, URLSessionDataDelegate, Sendable {
    private struct State {
        var status: Int?
        var body: [UInt8] = []
        var failure: TransportFailure?
        var finished = false
    }

    let maximumLength: Int
    let done = DispatchSemaphore(value: 0)
    private let state = Mutex(State())

    init(maximumLength: Int) {
        self.maximumLength = maximumLength
    }

    func fail(_ failure: TransportFailure) {
        state.withLock { if $0.failure == nil && !$0.finished { $0.failure = failure } }
    }

    private var tooLarge: TransportFailure {
        TransportFailure(isTransient: false, reason: "the answer is larger than \(maximumLength / 1024) KiB and was abandoned")
    }

    func outcome() throws(TransportFailure) -> (status: Int, body: [UInt8]) {
        let result: Result<(status: Int, body: [UInt8]), TransportFailure> = state.withLock { state in
            if let failure = state.failure { return .failure(failure) }
            guard let status = state.status else { return .failure(TransportFailure(isTransient: true, reason: "no answer")) }
            // Moved out, not copied: the caller zeroes the one buffer that holds the answer.
            var body: [UInt8] = []
            swap(&body, &state.body)
            return .success((status, body))
        }
        return try result.get()
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        guard let response = response as? HTTPURLResponse else {
            fail(TransportFailure(isTransient: true, reason: "the answer was not HTTP"))
            completionHandler(.cancel)
            return
        }
        if response.expectedContentLength > Int64(maximumLength) {
            fail(tooLarge)
            completionHandler(.cancel)
            return
        }
        state.withLock {
            $0.status = response.statusCode
            // Reserved once, so the body is never reallocated (and left behind unzeroed) as it grows.
            $0.body.reserveCapacity(maximumLength)
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let overflow = state.withLock { state -> Bool in
            guard state.failure == nil else { return false }
            guard state.body.count + data.count <= maximumLength else { return true }
            state.body.append(contentsOf: data)
            return false
        }
        if overflow {
            fail(tooLarge)
            dataTask.cancel()
        }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        fail(
            TransportFailure(
                isTransient: false,
                reason: "the server answered with a redirect (HTTP \(response.statusCode)), which is not followed: the request's credentials would go with it"))
        completionHandler(nil)
        task.cancel()
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        state.withLock { state in
            if let error, state.failure == nil { state.failure = URLSessionTransport.failure(error) }
            if error == nil, state.status == nil, state.failure == nil {
                state.failure = TransportFailure(isTransient: true, reason: "the answer was not HTTP")
            }
            state.finished = true
        }
        done.signal()
    }
}
