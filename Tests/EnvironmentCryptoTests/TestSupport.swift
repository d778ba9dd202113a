import Foundation

@testable import EnvironmentCrypto

/// A temporary directory removed on release.
final class Scratch: @unchecked Sendable {
    // @unchecked: only an immutable String is stored.
    let path = NSTemporaryDirectory() + "envtool-crypto-" + UUID().uuidString

    init() { try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// Writes `bytes` as `name` with `mode`.
    func write(_ name: String, _ bytes: some Collection<UInt8>, mode: Int = 0o600) -> String {
        let full = path + "/" + name
        _ = FileManager.default.createFile(atPath: full, contents: Data(bytes), attributes: [.posixPermissions: mode])
        chmod(full, mode_t(mode))
        return full
    }

    /// Copies a fixture here with mode 0600 (git does not keep the mode of key files).
    func fixture(_ name: String) -> String {
        let data = try! Data(contentsOf: Fixtures.url(name))
        return write(name, data)
    }
}

enum Fixtures {
    static func url(_ name: String) -> URL {
        Bundle.module.url(forResource: "Fixtures/" + name, withExtension: nil)!
    }

    static func data(_ name: String) -> Data {
        try! Data(contentsOf: url(name))
    }
}

let document = Data(#"{"languages": ["en"], "configurations": {"Debug": {"base_url": "https://x.example"}}}"#.utf8)
/// The cheapest Argon2id libsodium allows, so exhaustive tests stay fast; the default is interactive.
let cheapKDF = try! KDFParameters(operations: 1, memoryBytes: 8 * 1024)

extension SecretBytes {
    var data: Data { withUnsafeBytes { Data($0) } }
}
