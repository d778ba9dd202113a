import Foundation

/// The short reason people know from the shell; Foundation's own messages on Linux are generic.
enum FileReason {
    static func unreadable(_ path: String) -> String {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return "no such file" }
        if isDirectory.boolValue { return "it is a directory" }
        return FileManager.default.isReadableFile(atPath: path) ? "read error" : "permission denied"
    }
}
