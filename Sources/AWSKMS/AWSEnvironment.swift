import CSodium
import EnvironmentCrypto
internal import LibC
import Platform

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where the AWS settings come from: environment variables, files, and the network the
/// credential sources ask (STS, the container and instance endpoints). The process's own reads
/// `getenv` (a secret variable is copied straight into ``SecretBytes``), the file system and
/// ``URLSessionTransport``; tests give fixed values.
package struct AWSEnvironment: Sendable {
    let variable: @Sendable (String) -> String?
    let secretVariable: @Sendable (String) -> SecretBytes?
    let file: @Sendable (String) throws(UnreadableFile) -> Data?
    /// A transport with this deadline (seconds) and answer budget (bytes).
    let transport: @Sendable (Double, Int) -> any HTTPTransport
    /// Whether a profile's `credential_process` is run.
    let runsCommands: Bool

    /// An environment of these variables and files that, unless given a `transport` and
    /// `runsCommands`, asks no network (every request fails as if nothing answered) and runs no
    /// `credential_process`: what a fuzzer or a unit test wants.
    package init(
        variable: @escaping @Sendable (String) -> String?,
        secretVariable: @escaping @Sendable (String) -> SecretBytes?,
        file: @escaping @Sendable (String) throws(UnreadableFile) -> Data?,
        transport: @escaping @Sendable (Double, Int) -> any HTTPTransport = { _, _ in NoNetwork() },
        runsCommands: Bool = false
    ) {
        self.variable = variable
        self.secretVariable = secretVariable
        self.file = file
        self.transport = transport
        self.runsCommands = runsCommands
    }

    /// This process's environment and files.
    package static let process = AWSEnvironment(
        variable: { name in getenv(name).map { String(cString: $0) } },
        secretVariable: { name in
            guard let value = getenv(name) else { return nil }
            let length = strlen(value)
            return SecretBytes(count: length) { $0.copyMemory(from: UnsafeRawBufferPointer(start: value, count: length)) }
        },
        file: { path throws(UnreadableFile) in try RegularFile.readIfPresent(path) },
        transport: { timeout, maximum in URLSessionTransport(timeout: timeout, maximumResponseLength: maximum) },
        runsCommands: true
    )

    /// Fixed variables (secrets among them) and files, for tests. The credential sources that ask
    /// the network or run a `credential_process` get to only with `network` (a test's server on
    /// 127.0.0.1); otherwise every request fails as if nothing answered, so that no test reaches
    /// 169.254.169.254.
    package static func fixed(_ variables: [String: String], files: [String: String] = [:], network: Bool = false) -> AWSEnvironment {
        AWSEnvironment(
            variable: { variables[$0] },
            secretVariable: { name in variables[name].map { SecretBytes(copying: Array($0.utf8)) } },
            file: { path in files[path].map { Data($0.utf8) } },
            transport: { timeout, maximum in
                network ? URLSessionTransport(timeout: timeout, maximumResponseLength: maximum) as any HTTPTransport : NoNetwork()
            },
            runsCommands: network
        )
    }

    /// The transport of ``fixed(_:files:network:)`` without a network.
    private struct NoNetwork: HTTPTransport {
        func send(_ method: String, _ url: String, headers: [(name: String, value: String)], body: [UInt8]) throws(TransportFailure) -> (
            status: Int, body: [UInt8]
        ) {
            throw TransportFailure(isTransient: true, reason: "connection refused")
        }
    }

    /// The most of a secret file (a web identity or authorization token) read.
    static let maximumSecretFileLength = 64 * 1024

    /// The bytes of the secret file at `path` (a token); `nil` when it does not exist.
    func secretFile(_ path: String) throws(KMSError) -> SecretBytes? {
        try withFile(path) { bytes throws(KMSError) in
            guard bytes.count <= Self.maximumSecretFileLength else {
                throw KMSError(.configuration, "\(path) is larger than \(Self.maximumSecretFileLength / 1024) KiB: not a token")
            }
            // Without the line break a file written by `echo` ends with.
            var count = bytes.count
            while count > 0, bytes[count - 1] == 0x0A || bytes[count - 1] == 0x0D { count -= 1 }
            return SecretBytes(count: count) { $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[0..<count])) }
        }
    }

    /// A non-empty variable's value.
    func value(_ name: String) -> String? {
        guard let value = variable(name), !value.isEmpty else { return nil }
        return value
    }

    /// Reads and parses the shared file at `path`; `nil` when it does not exist.
    func sharedFile(_ path: String) throws(KMSError) -> SharedConfigFile? {
        try withFile(path) { bytes throws(KMSError) in
            do throws(SharedConfigFile.Failure) {
                return try SharedConfigFile(parsing: bytes)
            } catch {
                throw KMSError(.configuration, "\(path):\(error.line): \(error.reason)")
            }
        }
    }

    /// `body` over the bytes of the file at `path`, which are zeroed afterwards (a credentials
    /// file holds keys); `nil` when the file does not exist.
    private func withFile<Value>(_ path: String, _ body: (UnsafeRawBufferPointer) throws(KMSError) -> Value) throws(KMSError) -> Value? {
        let read: Data?
        do throws(UnreadableFile) {
            read = try file(path)
        } catch {
            throw KMSError(.configuration, "cannot read \(path): \(error.reason)")
        }
        guard var data = read else { return nil }
        defer { data.withUnsafeMutableBytes { if let base = $0.baseAddress { sodium_memzero(base, $0.count) } } }
        // `withUnsafeBytes` rethrows untyped: the typed error goes through a Result.
        let result: Result<Value, KMSError> = data.withUnsafeBytes { bytes in
            do throws(KMSError) { return .success(try body(bytes)) } catch { return .failure(error) }
        }
        return try result.get()
    }
}
