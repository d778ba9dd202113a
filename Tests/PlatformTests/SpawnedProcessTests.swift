import Foundation
import Platform
import Testing

@Suite("SpawnedProcess: children started as a shell starts them")
struct SpawnedProcessTests {
    /// A fresh private folder for one test's files.
    private func scratch() throws -> String {
        let path = NSTemporaryDirectory() + "spawned-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        return path
    }

    @Test("exit codes, deaths by signal and a shell's $? for each")
    func terminations() throws {
        let exited = try SpawnedProcess(["/bin/sh", "-c", "exit 7"]).wait()
        #expect(exited == .exited(7))
        #expect(exited?.shellStatus == 7)
        #expect(exited?.description == "exited with status 7")
        let killed = try SpawnedProcess(["/bin/sh", "-c", "kill -9 $$"]).wait()
        #expect(killed == .signaled(SIGKILL))
        #expect(killed?.shellStatus == 128 + SIGKILL)
        #expect(killed?.description.hasPrefix("was killed by signal 9 (") == true, "\(killed?.description ?? "nil")")
    }

    @Test("a child in a process group of its own: signalGroup reaches what it left running after it was reaped")
    func processGroup() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // The child starts a grandchild that outlives it, and exits.
        let child = try SpawnedProcess(["/bin/sh", "-c", "sleep 3600 & echo $! > \(folder)/pid; exit 0"], newProcessGroup: true)
        #expect(child.wait() == .exited(0))
        let pid = try #require(Int32(try String(contentsOfFile: folder + "/pid", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(getpgid(pid) == child.pid, "the grandchild is in the child's group")
        #expect(child.signalGroup(SIGKILL))
        // Killed: gone, or a zombie until its new parent reaps it.
        var ended = false
        for _ in 0..<100 where !ended {
            let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
            ended = stat.map { $0[$0.lastIndex(of: ")")!...].dropFirst(2).first == "Z" } ?? true
            if !ended { usleep(20_000) }
        }
        #expect(ended)
        // Without the option the child stays in this process's group.
        let plain = try SpawnedProcess(["/bin/sh", "-c", "exit 0"])
        #expect(getpgid(plain.pid) == getpgrp())
        _ = plain.wait()
    }

    @Test("a program that is not there is a failure that says so, found on PATH or by path")
    func notFound() {
        for name in ["envtool-no-such-program", "/nonexistent/envtool-no-such-program"] {
            #expect(throws: SpawnedProcess.Failure.self) { try SpawnedProcess([name]) }
            do {
                _ = try SpawnedProcess([name])
            } catch {
                #expect(error.isNotFound, "\(name): \(error.code)")
                #expect(error.reason == "no such file or directory")
            }
        }
    }

    @Test("standard streams from a file, to a file and to a descriptor; the environment as given")
    func streams() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let input = folder + "/in"
        let output = folder + "/out"
        try Data("from the file\n".utf8).write(to: URL(fileURLWithPath: input))
        var ends: [Int32] = [-1, -1]
        #expect(pipe(&ends) == 0)
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        let child = try SpawnedProcess(
            ["/bin/sh", "-c", "cat; echo \"$ONLY\" >&2; printf p"],
            standardInput: .file(input, flags: O_RDONLY),
            standardOutput: .file(output, flags: O_WRONLY | O_CREAT | O_TRUNC),
            standardError: .descriptor(ends[1]),
            environment: ["ONLY=this", "PATH=/usr/bin:/bin"])
        close(ends[1])
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 256)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(ends[0], $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count <= 0 { break }
            received += buffer[0..<count]
        }
        close(ends[0])
        #expect(child.wait() == .exited(0))
        #expect(String(decoding: received, as: UTF8.self) == "this\n")
        #expect(try String(contentsOfFile: output, encoding: .utf8) == "from the file\np")
        var status = stat()
        #expect(stat(output, &status) == 0 && status.st_mode & 0o777 == 0o600, "\(String(status.st_mode & 0o777, radix: 8))")
    }

    #if os(Linux)
    @Test("a child starts with no signal blocked and SIGPIPE at its default, whatever this process set")
    func signals() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // Blocked and ignored on this thread and process while the child starts, as `edit`
        // ignores SIGPIPE and a signal-handling thread may block SIGTERM.
        let previous = signal(SIGPIPE, SIG_IGN)
        defer { signal(SIGPIPE, previous) }
        var blocked = sigset_t()
        var old = sigset_t()
        sigemptyset(&blocked)
        sigaddset(&blocked, SIGTERM)
        pthread_sigmask(SIG_BLOCK, &blocked, &old)
        defer { pthread_sigmask(SIG_SETMASK, &old, nil) }
        let report = folder + "/status"
        let child = try SpawnedProcess(
            ["/bin/sh", "-c", "grep -E '^Sig(Blk|Ign):' /proc/self/status"],
            standardOutput: .file(report, flags: O_WRONLY | O_CREAT | O_TRUNC))
        #expect(child.wait() == .exited(0))
        let lines = try String(contentsOfFile: report, encoding: .utf8).split(separator: "\n")
        func mask(_ name: String) -> UInt64? {
            lines.first { $0.hasPrefix(name + ":") }.flatMap { UInt64($0.dropFirst(name.count + 1).trimmingCharacters(in: .whitespaces), radix: 16) }
        }
        // Bit N-1 stands for signal N.
        #expect(mask("SigBlk") == 0, "\(lines)")
        #expect(mask("SigIgn").map { $0 & (1 << UInt64(SIGPIPE - 1)) } == 0, "\(lines)")
    }
    #endif
}
