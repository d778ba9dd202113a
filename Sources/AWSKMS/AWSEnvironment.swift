#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import CSodium
import EnvironmentCrypto
import Platform

/// Where the AWS settings come from: environment variables and files. The process's own reads
/// `getenv` (a secret variable is copied straight into ``SecretBytes``) and the file system;
/// tests give fixed values.
package struct AWSEnvironment: Sendable {
    let variable: @Sendable (String) -> String?
    let secretVariable: @Sendable (String) -> SecretBytes?
    let file: @Sendable (String) throws(UnreadableFile) -> Data?

    package init(variable: @escaping @Sendable (String) -> String?,
                 secretVariable: @escaping @Sendable (String) -> SecretBytes?,
                 file: @escaping @Sendable (String) throws(UnreadableFile) -> Data?) {
        self.variable = variable
        self.secretVariable = secretVariable
        self.file = file
    }

    /// This process's environment and files.
    package static let process = AWSEnvironment(
        variable: { name in getenv(name).map { String(cString: $0) } },
        secretVariable: { name in
            guard let value = getenv(name) else { return nil }
            let length = strlen(value)
            return SecretBytes(count: length) { $0.copyMemory(from: UnsafeRawBufferPointer(start: value, count: length)) }
        },
        file: { path throws(UnreadableFile) in try RegularFile.readIfPresent(path) }
    )

    /// Fixed variables (secrets among them) and files, for tests.
    package static func fixed(_ variables: [String: String], files: [String: String] = [:]) -> AWSEnvironment {
        AWSEnvironment(
            variable: { variables[$0] },
            secretVariable: { name in variables[name].map { SecretBytes(copying: Array($0.utf8)) } },
            file: { path in files[path].map { Data($0.utf8) } }
        )
    }

    /// A non-empty variable's value.
    func value(_ name: String) -> String? {
        guard let value = variable(name), !value.isEmpty else { return nil }
        return value
    }

    /// Reads and parses the shared file at `path`, zeroing the bytes read; `nil` when it does not exist.
    func sharedFile(_ path: String) throws(KMSError) -> SharedConfigFile? {
        let read: Data?
        do throws(UnreadableFile) {
            read = try file(path)
        } catch {
            throw KMSError(.configuration, "cannot read \(path): \(error.reason)")
        }
        guard var data = read else { return nil }
        defer { data.withUnsafeMutableBytes { if let base = $0.baseAddress { sodium_memzero(base, $0.count) } } }
        let parsed: Result<SharedConfigFile, SharedConfigFile.Failure> = data.withUnsafeBytes { bytes in
            do throws(SharedConfigFile.Failure) { return .success(try SharedConfigFile(parsing: bytes)) } catch { return .failure(error) }
        }
        switch parsed {
        case .success(let file): return file
        case .failure(let error): throw KMSError(.configuration, "\(path):\(error.line): \(error.reason)")
        }
    }
}
