import Foundation
import Testing

@Suite("envtool edit and rekey: no plaintext left, no change lost")
struct EditSafetyTests {
    static let bin = "environments/environments.bin"

    /// A workspace with the sample encrypted with a key, editor scripts and a private runtime
    /// directory (where edit puts its plaintext copy).
    func prepared() throws -> Workspace {
        let workspace = try Workspace()
        #expect(try workspace.run(["keygen", "-o", "secret.key"]).status == 0)
        #expect(try workspace.run(["encrypt", "environments/environments.json", "-o", Self.bin, "--key-file", "secret.key"]).status == 0)
        try FileManager.default.createDirectory(atPath: workspace.path + "/run", withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let scripts = [
            "edit-ok.sh": "sed -i 's/dev-api.example.com/edited.example.com/' \"$1\"",
            // Tells the test where the copy is, then waits to be stopped.
            // `started` appears whole (renamed into place): the test reads it as soon as it exists.
            "edit-wait.sh": "echo $$ > \"$PWD/editor.pid\"\necho \"$1\" > \"$PWD/started.tmp\"\nmv \"$PWD/started.tmp\" \"$PWD/started\"\nexec sleep 30",
            "edit-remove.sh": "rm \"$1\"",
            // Edits, while "another program" replaces the .bin in place.
            "edit-race.sh": "sed -i 's/dev-api.example.com/edited.example.com/' \"$1\"\ncat other.bin > \(Self.bin)",
        ]
        for (name, body) in scripts {
            try workspace.write(name, "#!/bin/sh\n" + body + "\n")
            chmod(workspace.path + "/" + name, 0o755)
        }
        return workspace
    }

    func environment(_ workspace: Workspace, editor: String) -> [String: String] {
        ["ENVTOOL_KEY_FILE": "secret.key", "EDITOR": workspace.path + "/" + editor, "XDG_RUNTIME_DIR": workspace.path + "/run"]
    }

    func mode(_ path: String) throws -> Int {
        try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int ?? -1
    }

    /// Starts `envtool edit` with the waiting editor and returns once the editor has the copy.
    func startWaitingEdit(_ workspace: Workspace) throws -> (process: Process, copy: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: EnvtoolProcess.executable)
        process.arguments = ["edit", Self.bin]
        process.currentDirectoryURL = URL(fileURLWithPath: workspace.path)
        process.environment = ["PATH": "/usr/bin:/bin", "HOME": workspace.path].merging(environment(workspace, editor: "edit-wait.sh")) { $1 }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(30)
        while workspace.read("started") == nil, process.isRunning, Date() < deadline { usleep(20_000) }
        let copy = try #require(workspace.read("started").map { String(decoding: $0, as: UTF8.self).trimmingCharacters(in: .newlines) })
        return (process, copy)
    }

    @Test(
        "a signal during edit removes the plaintext copy and leaves the .bin unchanged",
        arguments: [SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGXCPU, SIGPWR])
    func signal(_ signal: Int32) throws {
        let workspace = try prepared()
        let before = workspace.read(Self.bin)
        let (process, copy) = try startWaitingEdit(workspace)
        #expect(FileManager.default.fileExists(atPath: copy))
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        #expect(process.terminationStatus == 128 + signal)
        #expect(!FileManager.default.fileExists(atPath: copy))
        #expect(try FileManager.default.contentsOfDirectory(atPath: workspace.path + "/run") == [])
        #expect(workspace.read(Self.bin) == before)
        let editor = try #require(workspace.read("editor.pid").flatMap { Int32(String(decoding: $0, as: UTF8.self).trimmingCharacters(in: .newlines)) })
        let deadline = Date().addingTimeInterval(10)
        while isRunning(editor), Date() < deadline { usleep(20_000) }
        #expect(!isRunning(editor), "the editor is stopped too")
    }

    @Test("edit with standard error piped into a command that has ended (… 2>&1 | true) finishes and leaves no plaintext")
    func closedPipe() throws {
        let workspace = try prepared()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: EnvtoolProcess.executable)
        process.arguments = ["edit", Self.bin]
        process.currentDirectoryURL = URL(fileURLWithPath: workspace.path)
        process.environment = ["PATH": "/usr/bin:/bin", "HOME": workspace.path].merging(environment(workspace, editor: "edit-ok.sh")) { $1 }
        let closed = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = closed
        process.standardError = closed
        try closed.fileHandleForReading.close()
        try process.run()
        try closed.fileHandleForWriting.close()
        process.waitUntilExit()
        #expect(process.terminationReason == .exit, "envtool died of a signal")
        #expect(try FileManager.default.contentsOfDirectory(atPath: workspace.path + "/run") == [])
        #expect(try workspace.run(["get", "base_url", "-e", Self.bin], environment: ["ENVTOOL_KEY_FILE": "secret.key"]).stdout.contains("edited.example.com"))
    }

    /// Whether `pid` runs (a zombie that nobody reaped yet does not).
    func isRunning(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return false }
        return !stat[stat.index(after: close)...].hasPrefix(" Z")
    }

    @Test("edit removes the workspaces of dead envtool processes and keeps those of live ones")
    func staleWorkspaces() throws {
        let workspace = try prepared()
        let finished = Process()
        finished.executableURL = URL(fileURLWithPath: "/bin/true")
        try finished.run()
        finished.waitUntilExit()
        let dead = "run/envtool-edit-\(finished.processIdentifier)-Ab12Cd"
        let live = "run/envtool-edit-\(getpid())-Ef34Gh"
        try workspace.write(dead + "/environments.json", "{\"plaintext\": \"left by kill -9\"}")
        try workspace.write(live + "/environments.json", "{\"plaintext\": \"being edited\"}")
        let result = try workspace.run(["edit", Self.bin], environment: environment(workspace, editor: "edit-ok.sh"))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: workspace.path + "/" + dead))
        #expect(workspace.read(live + "/environments.json") != nil)
    }

    @Test("edit, rekey and encrypt -o keep the file's mode and write through a symbolic link")
    func modeAndLink() throws {
        let workspace = try prepared()
        let target = workspace.path + "/" + Self.bin
        chmod(target, 0o600)
        try FileManager.default.createSymbolicLink(atPath: workspace.path + "/link.bin", withDestinationPath: Self.bin)
        let edit = try workspace.run(["edit", "link.bin"], environment: environment(workspace, editor: "edit-ok.sh"))
        #expect(edit.status == 0, "\(edit.stderr)")
        #expect(try mode(target) == 0o600)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: workspace.path + "/link.bin") == Self.bin)
        #expect(
            try workspace.run(["get", "base_url", "-e", Self.bin], environment: ["ENVTOOL_KEY_FILE": "secret.key"]).stdout == "https://edited.example.com/v1\n")

        let rekey = try workspace.run(["rekey", "link.bin", "--key-file", "secret.key", "--new-passphrase-env", "NEW"], environment: ["NEW": "fresh"])
        #expect(rekey.status == 0, "\(rekey.stderr)")
        #expect(try mode(target) == 0o600)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: workspace.path + "/link.bin") == Self.bin)
        #expect(try workspace.run(["get", "base_url", "-e", Self.bin], environment: ["ENVTOOL_PASSPHRASE": "fresh"]).status == 0)

        chmod(target, 0o640)
        let encrypt = try workspace.run(["encrypt", "environments/environments.json", "-o", "link.bin", "--key-file", "secret.key"])
        #expect(encrypt.status == 0, "\(encrypt.stderr)")
        #expect(try mode(target) == 0o640)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: workspace.path + "/link.bin") == Self.bin)
        #expect(try workspace.run(["get", "base_url", "-e", Self.bin], environment: ["ENVTOOL_KEY_FILE": "secret.key"]).status == 0)
        // A new file gets the default mode.
        #expect(try workspace.run(["encrypt", "environments/environments.json", "-o", "new.bin", "--key-file", "secret.key"]).status == 0)
        #expect(try mode(workspace.path + "/new.bin") == 0o644)
    }

    @Test("a second edit or rekey while one edit runs is refused; the lock ends with the edit")
    func concurrent() throws {
        let workspace = try prepared()
        let before = workspace.read(Self.bin)
        let (first, _) = try startWaitingEdit(workspace)
        defer { if first.isRunning { first.terminate(); first.waitUntilExit() } }
        let second = try workspace.run(["edit", Self.bin], environment: environment(workspace, editor: "edit-ok.sh"))
        #expect(second.status == 73)
        #expect(second.stderr.contains("another envtool is editing or re-encrypting this file"), "\(second.stderr)")
        let rekey = try workspace.run(["rekey", Self.bin, "--key-file", "secret.key", "--new-key-file", "secret.key"])
        #expect(rekey.status == 73)
        #expect(workspace.read(Self.bin) == before)
        first.terminate()
        first.waitUntilExit()
        let after = try workspace.run(["edit", Self.bin], environment: environment(workspace, editor: "edit-ok.sh"))
        #expect(after.status == 0, "the lock is released when the first edit ends: \(after.stderr)")
    }

    @Test("a .bin changed by another program during the edit is kept; the edit is saved beside it")
    func changedMeanwhile() throws {
        let workspace = try prepared()
        #expect(try workspace.run(["encrypt", "environments/environments.json", "-o", "other.bin", "--key-file", "secret.key"]).status == 0)
        let other = workspace.read("other.bin")
        let result = try workspace.run(["edit", Self.bin], environment: environment(workspace, editor: "edit-race.sh"))
        #expect(result.status == 73)
        #expect(result.stderr.contains("the file changed while it was being edited"), "\(result.stderr)")
        #expect(workspace.read(Self.bin) == other, "the other program's change is kept")
        let saved = try workspace.run(["get", "base_url", "-e", Self.bin + ".edited"], environment: ["ENVTOOL_KEY_FILE": "secret.key"])
        #expect(saved.stdout == "https://edited.example.com/v1\n", "the edit is not lost: \(saved.stderr)")
        #expect(try mode(workspace.path + "/" + Self.bin + ".edited") == 0o600)
    }

    @Test("an editor that deletes the copy aborts the edit (75) and leaves the .bin unchanged")
    func editorRemovesCopy() throws {
        let workspace = try prepared()
        let before = workspace.read(Self.bin)
        let result = try workspace.run(["edit", Self.bin], environment: environment(workspace, editor: "edit-remove.sh"))
        #expect(result.status == 75)
        #expect(result.stderr.contains("the editor removed the edited copy; the edit is aborted and the file is unchanged"), "\(result.stderr)")
        #expect(workspace.read(Self.bin) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: workspace.path + "/run") == [])
    }

    @Test("set-language removes temporary files of dead writers and keeps those of live ones")
    func staleTemporaries() throws {
        let workspace = try Workspace()
        let finished = Process()
        finished.executableURL = URL(fileURLWithPath: "/bin/true")
        try finished.run()
        finished.waitUntilExit()
        let directory = "config/envtool/com.example.envtool-demo/"
        let dead = directory + ".preferences.json.tmp-\(finished.processIdentifier)-Ab12Cd"
        let live = directory + ".preferences.json.tmp-\(getpid())-Ef34Gh"
        try workspace.write(dead, "{\"language\": \"ca\"")
        try workspace.write(live, "{\"language\": \"ca\"")
        let result = try workspace.run(["set-language", "es"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(workspace.read(dead) == nil)
        #expect(workspace.read(live) != nil)
        #expect(workspace.read(directory + "preferences.json") != nil)
    }
}
