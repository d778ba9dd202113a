/// Why a file cannot be read, in the words people know from the shell: the one reason and the one
/// message (`cannot read the file: …`) that every reader's error carries, whatever its type.
package struct UnreadableFile: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file.
    package let path: String
    /// "no such file", "permission denied", "it is a directory", "it is a FIFO, not a regular file".
    package let reason: String
    /// Whether nothing is at the path: for callers to whom a missing file means "none" (no saved
    /// language, an optional namespace) rather than an error.
    package let isMissing: Bool

    package init(_ path: String, reason: String, isMissing: Bool = false) {
        self.path = path
        self.reason = reason
        self.isMissing = isMissing
    }

    /// The failure of a call that set `errno` to `code`.
    package init(_ path: String, errno code: Int32) {
        let reason = switch code {
        case ENOENT: "no such file"
        case ELOOP: "it is a symbolic link"
        default: String(cString: strerror(code)).lowercased()
        }
        self.init(path, reason: reason, isMissing: code == ENOENT)
    }

    /// `cannot read the file: reason`, the message of every error made from this one.
    package var message: String { "cannot read the file: " + reason }

    /// `path: cannot read the file: reason`.
    package var description: String { path + ": " + message }

    /// Refuses anything but a regular file, naming what it is.
    static func check(_ status: stat, _ path: String) throws(UnreadableFile) {
        let kind: String
        switch status.st_mode & S_IFMT {
        case S_IFREG: return
        case S_IFDIR: throw UnreadableFile(path, reason: "it is a directory")
        case S_IFIFO: kind = "a FIFO"
        case S_IFSOCK: kind = "a socket"
        case S_IFCHR: kind = "a character device"
        case S_IFBLK: kind = "a block device"
        case S_IFLNK: throw UnreadableFile(path, reason: "it is a symbolic link")
        default: kind = "a special file"
        }
        throw UnreadableFile(path, reason: "it is \(kind), not a regular file; remove it or give it another name")
    }
}
