internal import LibC

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// How much memory a new allocation can get without swapping or being killed: the system's
/// available memory, and on Linux also what the process's cgroup still allows.
enum AvailableMemory {
    /// The available bytes, or `nil` when the platform does not say.
    static func bytes() -> UInt64? {
        #if os(Linux)
        let candidates = [meminfoAvailable(), cgroupRemaining()].compactMap { $0 }
        if let smallest = candidates.min() { return smallest }
        #endif
        let pages = sysconf(Int32(_SC_AVPHYS_PAGES))
        let pageSize = sysconf(Int32(_SC_PAGESIZE))
        guard pages > 0, pageSize > 0 else { return nil }
        return UInt64(pages).multipliedReportingOverflow(by: UInt64(pageSize)).partialValue
    }

    #if os(Linux)
    /// `MemAvailable` of /proc/meminfo: free memory plus what the kernel can reclaim (page cache),
    /// which `_SC_AVPHYS_PAGES` leaves out.
    private static func meminfoAvailable() -> UInt64? {
        guard let text = try? String(contentsOfFile: "/proc/meminfo", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix("MemAvailable:") {
            let fields = line.split(separator: " ")
            guard fields.count >= 2, let kib = UInt64(fields[1]) else { return nil }
            return kib.multipliedReportingOverflow(by: 1024).partialValue
        }
        return nil
    }

    /// `memory.max` minus `memory.current` of the process's cgroup (v2), when it has a limit.
    private static func cgroupRemaining() -> UInt64? {
        guard let membership = try? String(contentsOfFile: "/proc/self/cgroup", encoding: .utf8),
            let line = membership.split(separator: "\n").first(where: { $0.hasPrefix("0::") })
        else { return nil }
        let directory = "/sys/fs/cgroup" + line.dropFirst(3)
        func read(_ name: String) -> UInt64? {
            (try? String(contentsOfFile: directory + "/" + name, encoding: .utf8))
                .flatMap { UInt64($0.filter { !$0.isWhitespace }) }
        }
        guard let limit = read("memory.max"), let current = read("memory.current") else { return nil }
        return limit > current ? limit - current : 0
    }
    #endif
}
