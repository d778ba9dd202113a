import EnvironmentKit
import LibC
import Platform

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The identity file every command reads when none is given, and that `keygen --age` (and
/// `keygen --export-age`) write when no `-o` is given: `$XDG_CONFIG_HOME/envtool/keys.txt`, else
/// `~/.config/envtool/keys.txt` (the XDG rule the saved language follows). An age identity file,
/// which may hold several identities (one `AGE-SECRET-KEY-1…` a line), as sops's
/// `~/.config/sops/age/keys.txt` does; `age -d -i` reads it as it is.
///
/// It is read only when no identity is given on the line or in the environment (`--identity`,
/// `ENVTOOL_IDENTITY_FILE`, `ENVTOOL_IDENTITY`) and it exists: a missing default is not an error.
enum DefaultIdentity {
    static let fileName = "keys.txt"

    /// The path, from the process environment.
    static var path: String {
        var base = EnvironmentSelection.environmentValue("XDG_CONFIG_HOME") ?? ""
        if !base.hasPrefix("/") {
            let home =
                EnvironmentSelection.environmentValue("HOME").flatMap { $0.isEmpty ? nil : $0 }
                ?? FileManager.default.homeDirectoryForCurrentUser.path
            base = home + "/.config"
        }
        return base + "/envtool/" + fileName
    }

    /// How help texts name it.
    static let documented = "$XDG_CONFIG_HOME/envtool/\(fileName), else ~/.config/envtool/\(fileName)"

    /// Whether something (a file, or anything else: reading it will say what is wrong) is at `path`.
    static func exists(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0
    }
}

/// Folders for secret files: what does not exist yet is made with mode 0700, as `age-keygen`
/// users expect of `~/.config/…/keys.txt`, and folders that exist are left as they are.
enum PrivateFolder {
    /// Makes the missing folders above `file`, each 0700.
    ///
    /// - Returns: The top folder made, to report, or `nil` when all existed.
    /// - Throws: ``EnvironmentError`` of kind ``EnvironmentError/Kind/writeFailed`` naming the folder.
    @discardableResult
    static func create(above file: String) throws -> String? {
        let directory = PathText.deletingLastComponent(file)
        guard !directory.isEmpty, directory != "/" else { return nil }
        var missing: [String] = []
        var current = directory
        while !current.isEmpty, current != "/", current != "." {
            var status = stat()
            if stat(current, &status) == 0 {
                guard status.st_mode & S_IFMT == S_IFDIR else {
                    throw EnvironmentError(.writeFailed, file: file, message: "cannot write the file: \(current) is not a folder")
                }
                break
            }
            missing.append(current)
            let parent = PathText.deletingLastComponent(current)
            if parent == current { break }
            current = parent
        }
        for folder in missing.reversed() {
            guard mkdir(folder, 0o700) == 0 || errno == EEXIST else {
                throw EnvironmentError(
                    .writeFailed, file: file, message: "cannot create the folder \(folder): \(String(cString: strerror(errno)).lowercased())")
            }
            chmod(folder, 0o700)
        }
        return missing.last
    }
}
