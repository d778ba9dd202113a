import ArgumentParser
import Diagnostics
import EnvironmentCrypto
import EnvironmentKit
import LibC
import Platform

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

struct Guard: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "guard",
        abstract:
            "Refuse a commit that adds a secret: a plaintext environments document meant to be encrypted, a key or identity, or a decrypted copy left by edit.",
        discussion: """
            Without FILE it checks what `git commit` would commit: the files staged in the index \
            (added, copied, modified, renamed), as staged. With FILEs it checks those files as they \
            are on disk (what the pre-commit framework passes).

            Refused, each named with the fix:
            - a plaintext environments document (JSON with "languages" and "configurations") that \
            is meant to be encrypted: an encrypted twin sits beside it (X.json beside X.bin or \
            X.bin.recipients, in the index or on disk and not ignored), it is named *.bin, or it \
            lists "secrets" and holds a value for one of them;
            - a secret key, by content, whatever the file is called: an age identity \
            (AGE-SECRET-KEY-1…, AGE-SECRET-KEY-PQ-1…, AGE-PLUGIN-…) or an envtool key or identity \
            (envtool-key-1:…, envtool-identity-1:…) whose checksum or length holds, anywhere in \
            the file;
            - anything in a folder `envtool edit` keeps its decrypted copy in (envtool-edit-<pid>-…).

            --allow GLOB lets matching paths through (test fixtures that are keys on purpose).

            Exit status: 0 nothing refused; 1 the commit is refused (the files are named on \
            stderr); 64 not in a git work tree without FILE, or a bad option; 66 a FILE cannot be \
            read; 72 git cannot be run.

            Plain git: printf '#!/bin/sh\\nexec envtool guard\\n' > .git/hooks/pre-commit && \
            chmod +x .git/hooks/pre-commit. The pre-commit framework: the hook envtool-guard of \
            this repository (.pre-commit-hooks.yaml).
            """)

    @Argument(help: "Files to check (default: the files staged in git).", completion: .file())
    var files: [String] = []

    @Option(name: .customLong("allow"), help: ArgumentHelp("Let paths that match this glob through (fnmatch, '*' crosses '/'); repeatable.", valueName: "glob"))
    var allowed: [String] = []

    func run() throws {
        let checked: [GuardedFile]
        let siblings: Siblings
        do {
            if files.isEmpty {
                (checked, siblings) = try Self.staged()
            } else {
                (checked, siblings) = try Self.given(files)
            }
        } catch let failure as GuardFailure {
            Console.error("envtool guard: error: \(failure.message)")
            throw ExitCode(failure.status.rawValue)
        }
        var findings: [String] = []
        var refused = Set<String>()
        for file in checked where !allowed.contains(where: { fnmatch($0, file.path, 0) == 0 }) {
            let found = GuardRules.findings(for: file, siblings: siblings)
            if !found.isEmpty { refused.insert(file.path) }
            findings += found
        }
        guard !findings.isEmpty else { return }
        for finding in findings { Console.error(finding) }
        let count = refused.count == 1 ? "1 file holds" : "\(refused.count) files hold"
        Console.error(
            "envtool guard: the commit is refused: \(count) a secret that must not be committed (above, each with its fix). A file that is meant to be committed anyway: --allow GLOB."
        )
        throw ExitCode(1)
    }

    /// Why the guard could not look.
    struct GuardFailure: Error {
        let status: ExitStatus
        let message: String
    }

    private static func git(_ arguments: [String], input: Data? = nil) throws -> GitProcess.Result {
        do throws(GitProcess.Unavailable) {
            return try GitProcess.run(arguments, input: input)
        } catch {
            throw GuardFailure(status: .helperUnavailable, message: error.reason)
        }
    }

    /// The files staged in the index, with their staged content, and the index's paths.
    private static func staged() throws -> ([GuardedFile], Siblings) {
        let top = try git(["rev-parse", "--show-toplevel"])
        guard top.status == 0 else {
            throw GuardFailure(status: .usage, message: "not in a git work tree (\(top.error)); run it in the repository, or pass the files to check")
        }
        let root = String(decoding: top.output, as: UTF8.self).trimmingWhitespaceAndNewlines()
        let diff = try git(["-C", root, "diff", "--cached", "--raw", "-z", "--no-abbrev", "--no-renames", "--diff-filter=ACMRT"])
        guard diff.status == 0 else { throw GuardFailure(status: .usage, message: "git diff --cached failed: \(diff.error)") }
        // `:old-mode new-mode old-object new-object status` NUL path NUL, for each file.
        let fields = diff.output.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        var entries: [(path: String, object: String)] = []
        var index = 0
        while index + 1 < fields.count {
            let meta = fields[index].split(separator: " ")
            let path = fields[index + 1]
            index += 2
            guard meta.count >= 5 else { continue }
            // Regular files only: not a submodule (160000) or a symbolic link (120000).
            guard meta[1].hasPrefix("100") else { continue }
            entries.append((path, String(meta[3])))
        }
        var files: [GuardedFile] = []
        if !entries.isEmpty {
            let request = Data(entries.map { $0.object + "\n" }.joined().utf8)
            let batch = try git(["-C", root, "cat-file", "--batch"], input: request)
            guard batch.status == 0 else { throw GuardFailure(status: .usage, message: "git cat-file failed: \(batch.error)") }
            let contents = parseBatch(batch.output)
            for (position, entry) in entries.enumerated() where position < contents.count {
                files.append(GuardedFile(path: entry.path, content: contents[position]))
            }
        }
        let listed = try git(["-C", root, "ls-files", "-z"])
        let tracked = Set(listed.output.split(separator: 0).map { String(decoding: $0, as: UTF8.self) })
        return (files, Siblings(tracked: tracked, root: root))
    }

    /// The objects of `git cat-file --batch` output (`<object> blob <size>\n<content>\n` each).
    private static func parseBatch(_ output: Data) -> [Data] {
        var contents: [Data] = []
        var position = output.startIndex
        while position < output.endIndex {
            guard let newline = output[position...].firstIndex(of: 0x0A) else { break }
            let header = String(decoding: output[position..<newline], as: UTF8.self).split(separator: " ")
            position = newline + 1
            guard header.count == 3, let size = Int(header[2]) else {
                contents.append(Data())
                continue
            }
            let end = min(position + size, output.endIndex)
            contents.append(Data(output[position..<end]))
            position = end + 1
        }
        return contents
    }

    /// The files given, as they are on disk; siblings from git's index where there is one.
    private static func given(_ paths: [String]) throws -> ([GuardedFile], Siblings) {
        var files: [GuardedFile] = []
        for path in paths {
            var status = stat()
            // As for staged files: git commits a link's target path, not what it points to.
            if lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFLNK { continue }
            if stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR { continue }
            // A regular file only, never waited on: git stores no FIFO, and reading one blocked.
            do throws(UnreadableFile) {
                files.append(GuardedFile(path: path, content: try RegularFile.read(path)))
            } catch {
                throw GuardFailure(status: .unreadableInput, message: Diagnostic(error).description)
            }
        }
        var tracked: Set<String>? = nil
        if let listed = try? GitProcess.run(["ls-files", "-z"]), listed.status == 0 {
            tracked = Set(listed.output.split(separator: 0).map { String(decoding: $0, as: UTF8.self) })
        }
        return (files, Siblings(tracked: tracked, root: nil))
    }
}

/// A file the guard looks at: its path as shown (relative to the repository's top for staged
/// files) and its content (as staged, or as on disk).
struct GuardedFile {
    let path: String
    let content: Data
}

/// Whether a file is "beside" another: in git's index, or on disk and not ignored by git.
struct Siblings {
    /// The index's paths (relative to `root`, or to the current directory without one); `nil`
    /// outside a git work tree.
    let tracked: Set<String>?
    /// The repository's top, for staged paths.
    let root: String?

    func exists(_ path: String) -> Bool {
        let normalized = path.hasPrefix("./") ? String(path.dropFirst(2)) : path
        if tracked?.contains(normalized) == true { return true }
        let onDisk = root.map { $0 + "/" + normalized } ?? normalized
        var status = stat()
        guard stat(onDisk, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return false }
        guard tracked != nil else { return true }
        // On disk and not ignored: about to be added.
        let ignored = (try? GitProcess.run((root.map { ["-C", $0] } ?? []) + ["check-ignore", "-q", "--", normalized]))?.status == 0
        return !ignored
    }
}

/// The rules of `envtool guard`, on one file.
enum GuardRules {
    /// The messages for what `file` must not bring into a commit, each `path[:line]: error: …`.
    static func findings(for file: GuardedFile, siblings: Siblings) -> [String] {
        // A staged name is anyone's: shown with its controls escaped, so that it cannot restyle
        // the terminal or fake a line, and quoted for the shell in the command suggested.
        let path = Diagnostic.escapingDisplayControls(file.path)
        let unstage = "take it out of the commit (`git rm --cached -- \(shellWord(file.path))`, which keeps the file on disk)"
        var findings: [String] = []
        if let folder = path.split(separator: "/").dropLast().first(where: { $0.hasPrefix(PrivateWorkspace.namePrefix) }) {
            findings.append(
                "\(path): error: a decrypted copy left by `envtool edit` (its private folder \(folder)); it holds the plaintext of an encrypted file: \(unstage) and delete the folder"
            )
            return findings
        }
        let keys = file.content.withUnsafeBytes { SecretKeyScan.finds(in: $0) }
        for key in keys {
            findings.append(
                "\(path):\(key.line): error: holds \(key.kind.description), a secret key that must never be committed: \(unstage), keep it out of git (add it to .gitignore), and if it was ever pushed, make a new one (`envtool keygen`) and rekey every file it opens"
            )
        }
        if let document = document(in: file.content, path: path) {
            findings += documentFindings(document, path: path, siblings: siblings, unstage: unstage)
        }
        return findings
    }

    /// `text` as one shell word: in single quotes (a `'` as `'\\''`), or, when it has a
    /// character a terminal would act on, in `$'…'` with those characters as `\\xHH`.
    static func shellWord(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: Diagnostic.isDisplayControl) else {
            return "'" + text.replacing("'", with: "'\\''") + "'"
        }
        var word = "$'"
        for scalar in text.unicodeScalars {
            if Diagnostic.isDisplayControl(scalar) || scalar == "'" || scalar == "\\" {
                for byte in String(scalar).utf8 {
                    let hex = String(byte, radix: 16, uppercase: true)
                    word += "\\x" + (hex.count == 1 ? "0" + hex : hex)
                }
            } else {
                word.unicodeScalars.append(scalar)
            }
        }
        return word + "'"
    }

    /// The environments document `content` holds, if it is one in plaintext.
    private static func document(in content: Data, path: String) -> EnvironmentsDocument? {
        guard let first = content.first(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 && $0 != 0xEF && $0 != 0xBB && $0 != 0xBF }),
            first == UInt8(ascii: "{")
        else { return nil }
        // A sops file is JSON whose values are encrypted: what belongs in git, whatever its name.
        guard !SopsFile.isSopsFile(content) else { return nil }
        return try? EnvironmentsDocument(data: content, source: path)
    }

    private static func documentFindings(_ document: EnvironmentsDocument, path: String, siblings: Siblings, unstage: String) -> [String] {
        let name = PathText.lastComponent(path)
        let directory = PathText.deletingLastComponent(path)
        func beside(_ file: String) -> String { directory.isEmpty ? file : directory + "/" + file }
        if PathText.pathExtension(path).lowercased() == "bin" {
            return [
                "\(path): error: holds a plaintext environments document where its encrypted file belongs (decrypted over itself with `decrypt --force`?): \(unstage), put the encrypted file back (`git checkout HEAD -- \(path)`, or `envtool encrypt`), and change it with `envtool set` or `envtool edit`"
            ]
        }
        let stem = PathText.deletingExtension(name)
        for candidate in [stem + ".bin", stem + ".bin.recipients"] where siblings.exists(beside(candidate)) {
            let bin = beside(stem + ".bin")
            return [
                "\(path): error: a plaintext environments document beside \(beside(candidate)), so it is meant to be encrypted as \(bin); committing it publishes every value in it: \(unstage), keep it out of git (`echo \(name) >> \(directory.isEmpty ? "" : directory + "/").gitignore`), and change the encrypted file instead (`envtool set KEY - -e \(bin)`, `envtool edit \(bin)`)"
            ]
        }
        if let (configuration, key) = plaintextSecret(in: document) {
            return [
                "\(path): error: lists \"secrets\" and holds a value for \(key) in the configuration \(configuration) in plaintext: \(unstage), then commit it encrypted (`envtool encrypt \(path) -o \(beside(stem + ".bin"))`, and keep \(name) out of git) or with the secret values empty"
            ]
        }
        return []
    }

    /// The first variable listed in the document's `"secrets"` that holds a value (not null,
    /// not an empty string, not an object or array of only those) in some configuration.
    private static func plaintextSecret(in document: EnvironmentsDocument) -> (configuration: String, key: String)? {
        let listed = document.secretVariables
        guard !listed.isEmpty else { return nil }
        for name in document.configurationNames {
            guard let configuration = try? document.configuration(named: name) else { continue }
            for key in listed {
                if let value = try? configuration.value(key), holdsValue(value) { return (name, key) }
            }
        }
        return nil
    }

    private static func holdsValue(_ value: JSONValue) -> Bool {
        switch value {
        case .null: return false
        case .string(let text): return !text.isEmpty
        case .object(let object): return object.members.contains { holdsValue($0.1) }
        case .array(let array): return array.contains(where: holdsValue)
        default: return true
        }
    }
}
