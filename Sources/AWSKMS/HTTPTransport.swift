import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Dispatch
import Synchronization

/// One HTTP POST and its answer: the seam between the KMS client and the network, so that the
/// client's retries and error mapping are tested without one.
package protocol HTTPTransport: Sendable {
    /// Sends `body` to `url` with `headers`; the status and body of the answer.
    ///
    /// - Throws: ``TransportFailure`` when no answer came (refused, reset, timed out, DNS, TLS).
    func post(_ url: String, headers: [(name: String, value: String)], body: [UInt8]) throws(TransportFailure) -> (status: Int, body: [UInt8])
}

/// Why a request got no answer.
package struct TransportFailure: Error, Sendable {
    /// Whether trying again may help (a reset connection, a timeout) rather than not (a bad URL).
    package let isTransient: Bool
    package let reason: String

    package init(isTransient: Bool, reason: String) {
        self.isTransient = isTransient
        self.reason = reason
    }
}

/// ``HTTPTransport`` over `URLSession` (libcurl on Linux): only the plugin links it.
package struct URLSessionTransport: HTTPTransport {
    package let timeout: Double

    package init(timeout: Double = 15) {
        self.timeout = timeout
    }

    package func post(_ url: String, headers: [(name: String, value: String)], body: [UInt8]) throws(TransportFailure) -> (status: Int, body: [UInt8]) {
        guard let address = URL(string: url), let scheme = address.scheme, scheme == "https" || scheme == "http", address.host != nil else {
            throw TransportFailure(isTransient: false, reason: "'\(url)' is not an http(s) URL")
        }
        var request = URLRequest(url: address, cachePolicy: .reloadIgnoringLocalAndRemoteCacheData, timeoutInterval: timeout)
        request.httpMethod = "POST"
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        request.httpBody = Data(body)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        let session = URLSession(configuration: configuration)
        defer { session.finishTasksAndInvalidate() }
        let outcome = Mutex<Result<(Int, [UInt8]), TransportFailure>?>(nil)
        let done = DispatchSemaphore(value: 0)
        session.dataTask(with: request) { data, response, error in
            let result: Result<(Int, [UInt8]), TransportFailure>
            if let error {
                result = .failure(Self.failure(error))
            } else if let response = response as? HTTPURLResponse {
                result = .success((response.statusCode, data.map { Array($0) } ?? []))
            } else {
                result = .failure(TransportFailure(isTransient: true, reason: "the answer was not HTTP"))
            }
            outcome.withLock { $0 = result }
            done.signal()
        }.resume()
        done.wait()
        switch outcome.withLock({ $0 }) {
        case .success(let answer): return (status: answer.0, body: answer.1)
        case .failure(let failure): throw failure
        case nil: throw TransportFailure(isTransient: true, reason: "no answer")
        }
    }

    private static func failure(_ error: any Error) -> TransportFailure {
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
