// libc's names reach only the files that import LibC; Platform's wrappers (system calls made again
// after EINTR, directories, C formatting) are what other targets call instead.
package import LibC

/// The signals whose default action ends the process and that a process may catch, but for
/// the faults of the program itself (SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT), which cannot be
/// handled safely: what a command must handle to clean up whatever way it is asked to stop.
/// SIGPIPE is not among them: a command that must not die of a closed pipe ignores it.
package let terminatingSignals: [Int32] = {
    var signals = [SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU, SIGXFSZ, SIGTRAP, SIGSYS]
    #if os(Linux)
    signals += [SIGPWR, SIGSTKFLT, SIGIO]
    #endif
    return signals
}()

#if canImport(Glibc)
private let coreLimit = __rlimit_resource_t(RLIMIT_CORE.rawValue)
#else
private let coreLimit = RLIMIT_CORE
#endif

/// Keeps this process's memory out of core files, for a process that holds keys: the soft
/// core-file limit becomes 0. Returns the limit it had, which a program the process executes
/// should get back (children inherit the limit).
package func forbidCoreDumps() -> rlimit {
    var before = rlimit()
    _ = getrlimit(coreLimit, &before)
    var none = before
    none.rlim_cur = 0
    _ = setrlimit(coreLimit, &none)
    return before
}

/// Gives the process the core-file limit `limit` again (see ``forbidCoreDumps()``).
package func restoreCoreLimit(_ limit: rlimit) {
    var limit = limit
    _ = setrlimit(coreLimit, &limit)
}

/// The process's environment block (`environ`), for passing it unchanged to a child process;
/// Darwin keeps `environ` out of Swift's reach.
package var processEnvironment: UnsafePointer<UnsafeMutablePointer<CChar>?>? {
    #if canImport(Darwin)
    UnsafePointer(_NSGetEnviron().pointee)
    #else
    UnsafePointer(environ)
    #endif
}

/// What a path names, following symbolic links as `stat(2)` does.
package enum PathKind: Sendable {
    case directory
    /// A regular file, a FIFO, a device: anything that is not a directory.
    case file
}

/// The kind of file at `path`, or `nil` when nothing is there (or it cannot be reached).
///
/// Foundation's `fileExists(atPath:isDirectory:)` takes an `ObjCBool` on Darwin and a `Bool` in
/// FoundationEssentials; one libc call here keeps the callers free of that difference.
package func pathKind(_ path: String) -> PathKind? {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    return (status.st_mode & S_IFMT) == S_IFDIR ? .directory : .file
}

/// The names in the directory at `path`, without `.` and `..`, in the order the file system
/// gives them; `nil` when it cannot be opened.
///
/// One `opendir`/`readdir` loop: FoundationEssentials' `contentsOfDirectory(atPath:)` joins
/// paths generically, which makes the Swift runtime scan every conformance record of the binary
/// the first time, a cost paid at the start of every `envtool t`.
package func directoryEntries(_ path: String) -> [String]? {
    let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    return names(inDirectoryTaking: descriptor)
}

/// Opens the directory `path` (relative to the directory `anchor`, or to the working directory)
/// as the anchor of `openat`, `renameat` and the other `*at` calls: for reading when that is
/// allowed, else, on Linux, with `O_PATH`, which needs only search permission, as creating a file
/// in a write-only directory does. With `followingLinks: false` a symbolic link is not opened.
/// Returns the descriptor, or -1 with `errno` set.
package func openDirectory(_ path: String, relativeTo anchor: Int32 = AT_FDCWD, followingLinks: Bool = true) -> Int32 {
    let flags = O_DIRECTORY | O_CLOEXEC | (followingLinks ? 0 : O_NOFOLLOW)
    let descriptor = openat(anchor, path, O_RDONLY | flags)
    #if os(Linux)
    // O_PATH is behind _GNU_SOURCE, which Swift's Glibc module does not define; its value is
    // 010000000 on every Linux architecture Swift runs on (x86, ARM, RISC-V, PowerPC, s390).
    if descriptor < 0, errno == EACCES { return openat(anchor, path, 0o10000000 | flags) }
    #endif
    return descriptor
}

/// The names in the directory open as `descriptor`, without `.` and `..`; `nil` when it cannot be
/// read. The descriptor stays open and owned by the caller (a duplicate is read), so a directory
/// reached with `openat` and `O_NOFOLLOW` is listed without naming its path again.
package func directoryEntries(descriptor: Int32) -> [String]? {
    let duplicate = dup(descriptor)
    guard duplicate >= 0 else { return nil }
    return names(inDirectoryTaking: duplicate)
}

/// The one `readdir` loop: the names in the directory open as `descriptor`, which it takes over
/// and closes.
private func names(inDirectoryTaking descriptor: Int32) -> [String]? {
    guard let directory = fdopendir(descriptor) else {
        close(descriptor)
        return nil
    }
    defer { closedir(directory) }
    rewinddir(directory)
    var names: [String] = []
    while let entry = readdir(directory) {
        // Read in place up to its NUL: the record may be shorter than the declared `d_name` array.
        let name = withUnsafePointer(to: &entry.pointee.d_name) { field in
            field.withMemoryRebound(to: CChar.self, capacity: 1) { String(cString: $0) }
        }
        if name != ".", name != ".." { names.append(name) }
    }
    return names
}

/// C's `printf` formatting, for the conversions that JavaScript's sprintf, Apple's format strings
/// and i18next's number rules share with C (`%lld`, `%.3f`, `%.17e`, `%02x`).
///
/// `String(format:)` lives in full Foundation, which the CLI does not link; the callers build
/// `format` themselves from a parsed, well-formed conversion, never from input text.
package func cFormat(_ format: String, _ arguments: CVarArg...) -> String {
    // In the C locale whatever the host app set with setlocale: i18next and Apple's formats
    // write "1.5", never "1,5". uselocale changes this thread only.
    let previous = uselocale(cLocale)
    defer { uselocale(previous) }
    // A va_list is spent by one call on some ABIs, so each call gets its own.
    let length = withVaList(arguments) { vsnprintf(nil, 0, format, $0) }
    guard length > 0 else { return "" }
    var buffer = [CChar](repeating: 0, count: Int(length) + 1)
    _ = buffer.withUnsafeMutableBufferPointer { output in
        withVaList(arguments) { vsnprintf(output.baseAddress, output.count, format, $0) }
    }
    return String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

/// Why `path` cannot be read, in the words people know from the shell: "no such file",
/// "permission denied", "it is a directory".
///
/// Asked of the file system after a read failed, so the reason does not depend on how the
/// failing API wraps `errno` (Foundation and FoundationEssentials wrap it differently). Asked
/// without waiting: a FIFO is named as one, never opened (see ``RegularFile``).
package func unreadableReason(_ path: String) -> String {
    var status = stat()
    guard stat(path, &status) == 0 else { return UnreadableFile(path, errno: errno).reason }
    do throws(UnreadableFile) { try UnreadableFile.check(status, path) } catch { return error.reason }
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else { return UnreadableFile(path, errno: errno).reason }
    close(descriptor)
    return "read error"
}

/// The running executable, symbolic links resolved; `nil` where the system does not say.
package func executablePath() -> String? {
    #if canImport(Darwin)
    var size: UInt32 = 0
    _ = _NSGetExecutablePath(nil, &size)
    var buffer = [CChar](repeating: 0, count: Int(size) + 1)
    guard _NSGetExecutablePath(&buffer, &size) == 0 else { return nil }
    let path = String(cString: buffer)
    #else
    let path = "/proc/self/exe"
    #endif
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
}

/// The C locale's numbers, made once (`newlocale` allocates); `nil` only if the C library cannot make it,
/// and `uselocale(nil)` then leaves the thread's locale as it is.
nonisolated(unsafe) private let cLocale = newlocale(LC_NUMERIC_MASK, "C", nil)
