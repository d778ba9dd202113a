internal import LibC
import Platform

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The user's explicit language choice for one app, saved under `$XDG_CONFIG_HOME` so that it
/// wins at the next start, from any process (the app itself, or `envtool set-language`).
///
/// The file is `$XDG_CONFIG_HOME/envtool/<app-id>/preferences.json` (`~/.config` when
/// `XDG_CONFIG_HOME` is unset or not absolute, as the XDG spec says), holding
/// `{"language": "es"}`. Writers take an exclusive `flock` on a sibling lock file and replace the
/// file atomically, so concurrent writers never leave it corrupt; readers need no lock.
public struct LanguagePreferenceStore: Sendable {
    /// The preferences file.
    public let path: String

    /// A store for `appID` in the XDG config directory given by `environment`.
    public init(appID: String, environment: [String: String] = AppEnvironment.Options.processVariables()) {
        var base = environment["XDG_CONFIG_HOME"] ?? ""
        if !base.hasPrefix("/") {
            let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? FileManager.default.homeDirectoryForCurrentUser.path
            base = home + "/.config"
        }
        self.path = "\(base)/envtool/\(appID)/preferences.json"
    }

    /// Checks that `appID` can name an app's preferences directory: 1 to 200 letters, digits,
    /// `.`, `_` and `-`, not starting with `.` (so `../x` cannot escape the config directory).
    ///
    /// - Throws: ``/Environments/EnvironmentError`` of kind
    ///   ``/Environments/EnvironmentError/Kind/malformedDocument`` saying what is wrong with it: the
    ///   character that is not allowed, or its length and the limit.
    public static func validate(appID: String) throws(EnvironmentError) {
        if let problem = AppIdentifier.problem(with: appID) { throw EnvironmentError(.malformedDocument, message: problem) }
    }

    /// A store whose file is `path`.
    public init(path: String) {
        self.path = path
    }

    /// What the file says.
    public enum Reading: Sendable {
        /// No choice is saved.
        case unset
        /// The saved language code.
        case language(String)
        /// The file exists but cannot be used; it is treated as unset.
        case corrupt(EnvironmentError)
    }

    /// Reads the saved choice. Never throws: a corrupt or unreadable file is reported as ``Reading/corrupt(_:)``.
    public func read() -> Reading {
        // Read with one open and read: this runs at the start of every command that reads the
        // language, and Foundation's way builds a URL and a FileManager first.
        let data: Data
        do throws(UnreadableFile) {
            // Not through a link: writes refuse links here, and a planted link to another file
            // made its first word appear in the parse error (issue #33).
            data = try RegularFile.read(path, followingLinks: false)
        } catch {
            // No file is no choice; anything else (a link, a directory, no permission, a FIFO,
            // which is never opened: this runs at every start) is a file that cannot be used.
            return error.isMissing ? .unset : .corrupt(EnvironmentError(error))
        }
        let value: JSONValue
        do {
            value = try JSONValue(parsing: data, path: path)
        } catch {
            return .corrupt(
                EnvironmentError(
                    .malformedDocument, file: error.file, line: error.line, column: error.column,
                    message: error.message + "; the saved language is ignored until `envtool set-language` or `reset-language` rewrites it"))
        }
        guard case .object(let object) = value else {
            return .corrupt(
                EnvironmentError(.malformedDocument, file: path, message: "the preferences file must be a JSON object; the saved language is ignored"))
        }
        switch object["language"] {
        case nil, .null?: return .unset
        case .string(let code)?: return .language(code)
        case let other?:
            return .corrupt(
                EnvironmentError(
                    .malformedDocument, file: path, message: "\"language\" must be a string, found \(other.typeName); the saved language is ignored"))
        }
    }

    /// Saves `language` as the user's choice, or removes the choice when `language` is `nil`.
    /// A file that already says exactly that is left untouched.
    ///
    /// - Throws: ``/Environments/EnvironmentError`` of kind
    ///   ``/Environments/EnvironmentError/Kind/writeFailed``; the previous file is then unchanged.
    public func write(language: String?) throws(EnvironmentError) {
        // The app folder and both files are state of envtool's own: none is written through a
        // symbolic link (a link planted at preferences.json or preferences.lock, or an app
        // folder that is a link, would turn `set-language` into a write elsewhere). The config
        // directory above the app folder is the user's and may be a link.
        let appFolder = PathText.deletingLastComponent(path)
        let root = PathText.deletingLastComponent(appFolder)
        let relative = PathText.lastComponent(appFolder) + "/" + PathText.lastComponent(path)
        let lockPath = appFolder + "/preferences.lock"
        var object = JSONObject()
        object["language"] = language.map(JSONValue.string) ?? .null
        let bytes = Array((JSONValue.object(object).jsonText(pretty: true) + "\n").utf8)
        try AtomicFile.withDirectory(of: relative, under: root.isEmpty ? "/" : root, directoryPermissions: 0o700) {
            (directoryFD, name) throws(EnvironmentError) in
            let lock = openat(directoryFD, "preferences.lock", O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
            guard lock >= 0 else {
                if AtomicFile.isLink("preferences.lock", in: directoryFD) { throw AtomicFile.linkFailure(lockPath, lockPath) }
                throw EnvironmentError(.writeFailed, file: lockPath, message: "cannot open the lock file: \(String(cString: strerror(errno)).lowercased())")
            }
            defer { close(lock) }
            guard retryingOnInterrupt({ flock(lock, LOCK_EX) }) == 0 else {
                throw EnvironmentError(.writeFailed, file: lockPath, message: "cannot lock the preferences: \(String(cString: strerror(errno)).lowercased())")
            }
            defer { flock(lock, LOCK_UN) }
            // A choice already saved is not written again: the file, its modification time and
            // anyone watching it stay as they are, and the command costs no disk flush.
            if let current = try? AtomicFile.contents(named: name, in: directoryFD, display: path), current.elementsEqual(bytes) { return }
            // Atomic without a disk flush: a choice lost to a power failure is set again, and a
            // file left empty reads as unset (see AtomicFile.Durability.atomic).
            try AtomicFile.write(bytes, named: name, in: directoryFD, display: path, permissions: 0o600, durability: .atomic)
        }
    }
}
