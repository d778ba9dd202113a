internal import LibC

/// Why a file cannot be read, in the words people know from the shell: the one reason and the one
/// message (`cannot read the file: …`) that every reader's error carries, whatever its type.
package struct UnreadableFile: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is at the path, for callers that decide by it (never by the reason's text).
    package enum Kind: Sendable, Hashable {
        /// Nothing: to some callers "none" (no saved language, a catalog to create) rather than an error.
        case missing
        /// A directory.
        case directory
        /// A symbolic link, where links are refused.
        case symbolicLink
        /// A FIFO, a socket or a device.
        case notRegular
        /// A regular file that could not be opened or read (no permission, an I/O error).
        case failed
    }

    /// The file.
    package let path: String
    /// "no such file", "permission denied", "it is a directory", "it is a FIFO, not a regular file; …".
    package let reason: String
    /// What is at the path.
    package let kind: Kind

    package init(_ path: String, reason: String, kind: Kind) {
        self.path = path
        self.reason = reason
        self.kind = kind
    }

    /// The failure of a call that set `errno` to `code`.
    package init(_ path: String, errno code: Int32) {
        switch code {
        case ENOENT: self.init(path, reason: "no such file", kind: .missing)
        default: self.init(path, reason: String(cString: strerror(code)).lowercased(), kind: .failed)
        }
    }

    /// Whether nothing is at the path.
    package var isMissing: Bool { kind == .missing }

    /// `cannot read the file: reason`, the message of every error made from this one.
    package var message: String { "cannot read the file: " + reason }

    /// `path: cannot read the file: reason`.
    package var description: String { path + ": " + message }

    /// A link where links are refused.
    static func symbolicLink(_ path: String) -> UnreadableFile {
        UnreadableFile(path, reason: "it is a symbolic link", kind: .symbolicLink)
    }

    /// Refuses anything but a regular file, naming what it is.
    static func check(_ status: stat, _ path: String) throws(UnreadableFile) {
        let what: String
        switch status.st_mode & S_IFMT {
        case S_IFREG: return
        case S_IFDIR: throw UnreadableFile(path, reason: "it is a directory", kind: .directory)
        case S_IFLNK: throw symbolicLink(path)
        case S_IFIFO: what = "a FIFO"
        case S_IFSOCK: what = "a socket"
        case S_IFCHR: what = "a character device"
        case S_IFBLK: what = "a block device"
        default: what = "a special file"
        }
        throw UnreadableFile(path, reason: "it is \(what), not a regular file; remove it or give it another name", kind: .notRegular)
    }
}
