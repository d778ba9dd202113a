import Diagnostics
import Foundation

/// The `.swift` files under the paths given to `extract`, in a stable order.
///
/// Directories are searched recursively; hidden entries (`.git`, `.build`, `.swiftpm`) and
/// SwiftPM's build folders are skipped, as are symbolic links to directories, so a link cycle
/// cannot make the walk endless. A path that is a file is taken whatever its extension.
package enum SwiftSourceFiles {
    /// Directories deeper than this are not searched: a bound on the walk, far beyond real source trees.
    static let maximumDepth = 64
    /// Folder names that hold build products, not sources.
    static let skippedFolders: Set<String> = [".build", ".swiftpm", "DerivedData", "Pods", "Carthage"]

    /// The Swift files under `paths`, each path's files sorted, duplicates removed.
    ///
    /// - Returns: The files, and an error diagnostic for each path that does not exist or cannot be read.
    package static func find(in paths: [String]) -> (files: [String], problems: [Diagnostic]) {
        let manager = FileManager.default
        var files: [String] = []
        var seen: Set<String> = []
        var problems: [Diagnostic] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else {
                problems.append(Diagnostic(file: path, message: "no such file or directory; give the folder of your Swift sources"))
                continue
            }
            if !isDirectory.boolValue {
                if seen.insert(path).inserted { files.append(path) }
                continue
            }
            var found: [String] = []
            walk(path, depth: 0, into: &found, problems: &problems)
            for file in found.sorted() where seen.insert(file).inserted { files.append(file) }
        }
        return (files, problems)
    }

    private static func walk(_ folder: String, depth: Int, into found: inout [String], problems: inout [Diagnostic]) {
        let manager = FileManager.default
        guard let entries = try? manager.contentsOfDirectory(atPath: folder) else {
            problems.append(Diagnostic(file: folder, message: "cannot read the directory: permission denied or not a directory"))
            return
        }
        let base = folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        for entry in entries.sorted() where !entry.hasPrefix(".") && !skippedFolders.contains(entry) {
            let path = base + "/" + entry
            if (try? manager.destinationOfSymbolicLink(atPath: path)) != nil {
                // A link to a file is read; a link to a folder is not followed.
                var isDirectory: ObjCBool = false
                if entry.hasSuffix(".swift"), manager.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
                    found.append(path)
                }
                continue
            }
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
            if isDirectory.boolValue {
                if depth < maximumDepth { walk(path, depth: depth + 1, into: &found, problems: &problems) }
            } else if entry.hasSuffix(".swift") {
                found.append(path)
            }
        }
    }
}
