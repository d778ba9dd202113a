import EnvironmentKit
import LibC

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A private directory for plaintext: memory-backed where possible, 0700, wiped on destroy.
///
/// Its name carries the owner's pid (`envtool-edit-<pid>-XXXXXX`), so that a workspace left by
/// an envtool that was killed (`kill -9`, a crash, a power cut of a tmpfs-less /tmp) is removed
/// by the next one that starts.
struct PrivateWorkspace: Sendable {
    static let namePrefix = "envtool-edit-"

    let path: String

    init() throws {
        let environment = ProcessInfo.processInfo.environment
        let candidates = [environment["XDG_RUNTIME_DIR"], "/dev/shm", environment["TMPDIR"], "/tmp"].compactMap { $0 }.filter { !$0.isEmpty }
        for base in candidates { Self.removeAbandoned(in: base) }
        for base in candidates {
            var template = Array("\(base)/\(Self.namePrefix)\(getpid())-XXXXXX".utf8CString)
            if template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil {
                path = String(decoding: template.map { UInt8(bitPattern: $0) }.prefix { $0 != 0 }, as: UTF8.self)
                chmod(path, 0o700)
                return
            }
        }
        throw EnvironmentError(.writeFailed, message: "cannot create a private temporary directory for editing")
    }

    private init(existing path: String) {
        self.path = path
    }

    /// Destroys the workspaces in `base` of envtool processes that no longer run. Only this user's
    /// directories are touched (the others cannot be removed anyway, and are not ours to judge).
    static func removeAbandoned(in base: String) {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: base) else { return }
        for entry in entries where entry.hasPrefix(namePrefix) {
            let rest = entry.dropFirst(namePrefix.count)
            guard let dash = rest.firstIndex(of: "-"), let pid = pid_t(rest[..<dash]), AtomicFile.processIsGone(pid) else { continue }
            let directory = base + "/" + entry
            var status = stat()
            guard lstat(directory, &status) == 0, status.st_mode & S_IFMT == S_IFDIR, status.st_uid == getuid() else { continue }
            PrivateWorkspace(existing: directory).destroy()
        }
    }

    /// Overwrites every file with zeros, then removes them and the directory.
    func destroy() {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] {
            let file = path + "/" + name
            let fd = open(file, O_WRONLY | O_NOFOLLOW | O_CLOEXEC)
            if fd >= 0 {
                var status = stat()
                if fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFREG {
                    let zeros = [UInt8](repeating: 0, count: 65_536)
                    var remaining = Int(status.st_size)
                    while remaining > 0 {
                        let written = write(fd, zeros, min(remaining, zeros.count))
                        if written <= 0 { break }
                        remaining -= written
                    }
                    fsync(fd)
                }
                close(fd)
            }
            unlink(file)
        }
        rmdir(path)
    }
}
