import Foundation
import Testing

/// `envtool guard` (issue #25, item 4) in real git repositories: the pre-commit hook refuses a
/// commit that adds a plaintext environments document meant to be encrypted, a secret key, or a
/// decrypted copy left by `edit`, naming the file and the fix; what is staged is what is checked.
@Suite("envtool guard: a pre-commit guard in real git repositories")
struct GuardTests {
    static let json = "environments/environments.json"

    /// A workspace with the sample, made a git repository with a pre-commit hook that runs the
    /// built envtool as the README's hook line does.
    static func repository(hook: Bool = true) throws -> Workspace {
        let workspace = try Workspace()
        #expect(try git(["init", "-q"], in: workspace).status == 0)
        if hook {
            try workspace.write(".git/hooks/pre-commit", "#!/bin/sh\nexec \"\(EnvtoolProcess.executable)\" guard\n")
            chmod(workspace.path + "/.git/hooks/pre-commit", 0o755)
        }
        return workspace
    }

    /// Runs git in `workspace` with no user or system configuration but a name to commit with.
    @discardableResult
    static func git(_ arguments: [String], in workspace: Workspace) throws -> EnvtoolProcess.Result {
        try EnvtoolProcess.run(
            ["-c", "user.name=Test", "-c", "user.email=test@example.com", "-c", "init.defaultBranch=main", "-c", "commit.gpgsign=false"] + arguments,
            in: workspace.path, environment: ["GIT_CONFIG_NOSYSTEM": "1", "XDG_CONFIG_HOME": workspace.configHome],
            executable: "/usr/bin/git")
    }

    static func commits(_ workspace: Workspace) throws -> Int {
        Int(try git(["rev-list", "--count", "--all"], in: workspace).stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
    }

    @Test("the hook refuses a commit that adds environments.json beside its environments.bin, naming the file and the fix; the fix commits")
    func plaintextBesideEncrypted() throws {
        let workspace = try Self.repository()
        let keys = try AgeCommandTests.keys(workspace, ["me.key"])
        #expect(try workspace.run(["encrypt", Self.json, "-o", "environments/environments.bin", "--recipient", keys[0].recipient]).status == 0)
        try workspace.write(".gitignore", "*.key\n")
        try Self.git(["add", "."], in: workspace)
        let commit = try Self.git(["commit", "-q", "-m", "environments"], in: workspace)
        #expect(commit.status != 0)
        #expect(
            commit.stderr.contains("environments/environments.json: error: a plaintext environments document beside environments/environments.bin"),
            "\(commit.stderr)")
        #expect(commit.stderr.contains("git rm --cached -- 'environments/environments.json'"), "\(commit.stderr)")
        #expect(commit.stderr.contains("envtool guard: the commit is refused: 1 file holds a secret"), "\(commit.stderr)")
        #expect(try Self.commits(workspace) == 0)

        // The fix the message gives: out of the commit, into .gitignore.
        try Self.git(["rm", "-q", "--cached", Self.json], in: workspace)
        try workspace.write("environments/.gitignore", "environments.json\n")
        try Self.git(["add", "environments/.gitignore"], in: workspace)
        let fixed = try Self.git(["commit", "-q", "-m", "environments, encrypted"], in: workspace)
        #expect(fixed.status == 0, "\(fixed.stderr)")
        #expect(try Self.commits(workspace) == 1)
        #expect(try Self.git(["ls-files"], in: workspace).stdout.contains("environments/environments.bin\n"))

        // Once tracked, the .bin alone makes a later plaintext copy refused as well.
        try Self.git(["add", "-f", Self.json], in: workspace)
        #expect(try Self.git(["commit", "-q", "-m", "again"], in: workspace).status != 0)
    }

    @Test(
        "secret keys are refused by their content whatever the file is called; text that only shows a prefix is not",
        arguments: [
            ("an age identity", "notes/deploy.txt"), ("an age identity", "config/.env"), ("an envtool key", "ci/app.key.txt"), ("an envtool identity", "id"),
        ])
    func keysByContent(kind: String, path: String) throws {
        let workspace = try Self.repository()
        let content: String
        switch kind {
        case "an age identity":
            #expect(try workspace.run(["keygen", "--age", "-o", "k"]).status == 0)
            content =
                "# deploy\nBASE_URL=https://example.com\nAGE_KEY="
                + (String(decoding: workspace.read("k") ?? Data(), as: UTF8.self).split(separator: "\n").last.map(String.init) ?? "") + "\n"
        case "an envtool key":
            #expect(try workspace.run(["keygen", "-o", "k"]).status == 0)
            content = String(decoding: workspace.read("k") ?? Data(), as: UTF8.self)
        default:
            #expect(try workspace.run(["keygen", "--public", "-o", "k"]).status == 0)
            content = "\n\n" + String(decoding: workspace.read("k") ?? Data(), as: UTF8.self)
        }
        try workspace.write(path, content)
        try Self.git(["add", path], in: workspace)
        let commit = try Self.git(["commit", "-q", "-m", "oops"], in: workspace)
        #expect(commit.status != 0)
        let line = kind == "an age identity" ? 3 : kind == "an envtool key" ? 1 : 3
        #expect(commit.stderr.contains("\(path):\(line): error: holds \(kind)"), "\(commit.stderr)")
        #expect(commit.stderr.contains("git rm --cached -- '\(path)'"), "\(commit.stderr)")
        #expect(!commit.stderr.contains(content.split(separator: "\n").last.map { String($0.suffix(20)) } ?? "-"), "the key was printed")
        #expect(try Self.commits(workspace) == 0)
    }

    @Test("documentation and examples pass: a prefix with an ellipsis, a made-up identity, a mangled checksum, a recipient, a .pub file")
    func lookalikesPass() throws {
        let workspace = try Self.repository()
        #expect(try workspace.run(["keygen", "--age", "-o", "real.key"]).status == 0)
        #expect(try workspace.run(["keygen", "--public", "-o", "id"]).status == 0)
        let real = String(decoding: workspace.read("real.key") ?? Data(), as: UTF8.self).split(separator: "\n").last.map(String.init) ?? ""
        // One character changed: the bech32 checksum no longer holds.
        let mangled = String(real.dropLast()) + (real.hasSuffix("Q") ? "P" : "Q")
        try workspace.write(
            "README.md",
            """
            Decrypt with `--identity me.key`, a file with one AGE-SECRET-KEY-1… line.
            An identity looks like AGE-SECRET-KEY-1QQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQ.
            Mistyped: \(mangled)
            Keys are envtool-key-1:<base64>; recipients are age1… and envtool-recipient-1:….

            """)
        try Self.git(["add", "README.md", "id.pub"], in: workspace)
        let commit = try Self.git(["commit", "-q", "-m", "docs"], in: workspace)
        #expect(commit.status == 0, "\(commit.stderr)")
        #expect(commit.stderr.isEmpty, "\(commit.stderr)")
    }

    @Test("a decrypted copy in an envtool edit folder, a document listing secrets with values, and plaintext in a .bin are refused")
    func otherPlaintext() throws {
        let workspace = try Self.repository()
        let sample = String(decoding: workspace.read(Self.json) ?? Data(), as: UTF8.self)
        try workspace.write("tmp/envtool-edit-4242-AbCdEf/environments.json", sample)
        var commit = try addAndCommit(["tmp"], in: workspace)
        #expect(commit.stderr.contains("tmp/envtool-edit-4242-AbCdEf/environments.json: error: a decrypted copy left by `envtool edit`"), "\(commit.stderr)")
        try Self.git(["rm", "-q", "-r", "--cached", "tmp"], in: workspace)

        let withSecrets = sample.replacingOccurrences(of: "\"languages\"", with: "\"secrets\": [\"api.keys.maps\"],\n  \"languages\"")
        try workspace.write("app/environments.json", withSecrets)
        commit = try addAndCommit(["app"], in: workspace)
        #expect(
            commit.stderr.contains(
                "app/environments.json: error: lists \"secrets\" and holds a value for api.keys.maps in the configuration Debug in plaintext"),
            "\(commit.stderr)")
        // The same document with the listed values empty is a template, and passes.
        let template = withSecrets.replacingOccurrences(of: #""maps": "[^"]*""#, with: #""maps": """#, options: .regularExpression)
        try workspace.write("app/environments.json", template)
        try Self.git(["add", "app"], in: workspace)
        #expect(try Self.git(["diff", "--cached", "--name-only"], in: workspace).stdout == "app/environments.json\n")
        let guarded = try workspace.run(["guard"])
        #expect(guarded.status == 0, "\(guarded.stderr)")
        try Self.git(["rm", "-q", "-r", "--cached", "app"], in: workspace)

        try workspace.write("prod/environments.bin", sample)
        commit = try addAndCommit(["prod"], in: workspace)
        #expect(
            commit.stderr.contains("prod/environments.bin: error: holds a plaintext environments document where its encrypted file belongs"), "\(commit.stderr)"
        )
        #expect(try Self.commits(workspace) == 0)
    }

    private func addAndCommit(_ paths: [String], in workspace: Workspace) throws -> EnvtoolProcess.Result {
        try Self.git(["add", "-f"] + paths, in: workspace)
        let commit = try Self.git(["commit", "-q", "-m", "change"], in: workspace)
        #expect(commit.status != 0)
        return commit
    }

    @Test("the sample alone passes, and so does environments.json beside an environments.bin that git ignores (a build product)")
    func legitimateDocuments() throws {
        let workspace = try Self.repository()
        #expect(try workspace.run(["keygen", "-o", "k.key"]).status == 0)
        #expect(try workspace.run(["encrypt", Self.json, "-o", "environments/environments.bin", "--key-file", "k.key"]).status == 0)
        try workspace.write(".gitignore", "*.key\n/environments/environments.bin\n")
        try Self.git(["add", "."], in: workspace)
        let commit = try Self.git(["commit", "-q", "-m", "sample"], in: workspace)
        #expect(commit.status == 0, "\(commit.stderr)")
        #expect(try Self.commits(workspace) == 1)
    }

    @Test("what is staged is checked, not the working tree: a key staged and then overwritten on disk is still refused")
    func stagedContent() throws {
        let workspace = try Self.repository()
        #expect(try workspace.run(["keygen", "-o", "secret.txt"]).status == 0)
        try Self.git(["add", "secret.txt"], in: workspace)
        try workspace.write("secret.txt", "nothing to see\n")
        let commit = try Self.git(["commit", "-q", "-m", "sneaky"], in: workspace)
        #expect(commit.status != 0)
        #expect(commit.stderr.contains("secret.txt:1: error: holds an envtool key"), "\(commit.stderr)")
        // And the other way round: a harmless file staged, the key only on disk, commits.
        try Self.git(["add", "secret.txt"], in: workspace)
        #expect(try workspace.run(["keygen", "--force", "-o", "secret.txt"]).status == 0)
        #expect(try Self.git(["commit", "-q", "-m", "fine"], in: workspace).status == 0)
    }

    @Test("files given as arguments (the pre-commit framework), --allow, and the exit statuses 0, 1, 64, 66 and 72")
    func argumentsAndStatuses() throws {
        let workspace = try Self.repository(hook: false)
        #expect(try workspace.run(["keygen", "--age", "-o", "fixtures/test.key"]).status == 0)
        let refused = try workspace.run(["guard", "fixtures/test.key", Self.json])
        #expect(refused.status == 1)
        #expect(refused.stderr.hasPrefix("fixtures/test.key:3: error: holds an age identity"), "\(refused.stderr)")
        #expect(try workspace.run(["guard", "fixtures/test.key", "--allow", "fixtures/*.key"]).status == 0)
        #expect(try workspace.run(["guard", Self.json]).status == 0)
        #expect(try workspace.run(["guard"]).status == 0, "nothing staged")
        let missing = try workspace.run(["guard", "gone.json"])
        #expect(missing.status == 66 && missing.stderr.contains("gone.json"), "\(missing.stderr)")
        let outside = try Workspace(copySample: false)
        let notRepository = try outside.run(["guard"], environment: ["GIT_CEILING_DIRECTORIES": NSTemporaryDirectory()])
        #expect(notRepository.status == 64 && notRepository.stderr.contains("not in a git work tree"), "\(notRepository.stderr)")
        let noGit = try EnvtoolProcess.run(["guard"], in: workspace.path, environment: ["PATH": "/nonexistent"])
        #expect(noGit.status == 72 && noGit.stderr.contains("git is not installed"), "\(noGit.stderr)")
        // Outside a repository, files given are checked against the file system.
        #expect(try outside.run(["keygen", "-o", "plain.bin"]).status == 0)
        try FileManager.default.copyItem(atPath: EnvtoolProcess.repositoryRoot + "/" + Self.json, toPath: outside.path + "/plain.json")
        let beside = try outside.run(["guard", "plain.json"], environment: ["GIT_CEILING_DIRECTORIES": NSTemporaryDirectory()])
        #expect(beside.status == 1 && beside.stderr.contains("beside plain.bin"), "\(beside.stderr)")
    }

    @Test(
        "the pre-commit framework runs the envtool-guard hook of .pre-commit-hooks.yaml and refuses the commit",
        .enabled(
            if: FileManager.default.isExecutableFile(atPath: EnvtoolProcess.repositoryRoot + "/.venv-test/bin/pre-commit"), "run scripts/dependencies test"))
    func preCommitFramework() throws {
        let workspace = try Self.repository(hook: false)
        #expect(try workspace.run(["keygen", "--age", "-o", "deploy.txt"]).status == 0)
        try Self.git(["add", "deploy.txt"], in: workspace)
        let binDirectory = (EnvtoolProcess.executable as NSString).deletingLastPathComponent
        let environment = [
            "PATH": "\(binDirectory):/usr/bin:/bin", "PRE_COMMIT_HOME": workspace.path + "/.cache-pre-commit",
            "GIT_CONFIG_NOSYSTEM": "1", "XDG_CONFIG_HOME": workspace.configHome,
        ]
        // try-repo reads the hooks of this repository as a project's `repo:` line would.
        let run = try EnvtoolProcess.run(
            ["try-repo", EnvtoolProcess.repositoryRoot, "envtool-guard"], in: workspace.path, environment: environment,
            executable: EnvtoolProcess.repositoryRoot + "/.venv-test/bin/pre-commit")
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("deploy.txt:3: error: holds an age identity"), "\(run.stdout)")
        try Self.git(["rm", "-q", "--cached", "deploy.txt"], in: workspace)
        try workspace.write("notes.txt", "nothing secret\n")
        try Self.git(["add", "notes.txt"], in: workspace)
        let clean = try EnvtoolProcess.run(
            ["try-repo", EnvtoolProcess.repositoryRoot, "envtool-guard"], in: workspace.path, environment: environment,
            executable: EnvtoolProcess.repositoryRoot + "/.venv-test/bin/pre-commit")
        #expect(clean.status == 0, "\(clean.stdout)\(clean.stderr)")
    }

    @Test(
        "a staged name is shown with its terminal escapes escaped, the command suggested is quoted for the shell and works, and a FIFO is refused, not waited on (issue #33)"
    )
    func hostileNames() throws {
        let workspace = try Self.repository(hook: false)
        #expect(try workspace.run(["keygen", "-o", "plain.key"]).status == 0)
        let key = String(decoding: workspace.read("plain.key") ?? Data(), as: UTF8.self)
        let name = "evil\u{1B}[31mred'; touch pwned.key"
        try workspace.write(name, key)
        try Self.git(["add", "--", name], in: workspace)
        let guarded = try workspace.run(["guard"])
        #expect(guarded.status != 0)
        #expect(!guarded.stderr.contains("\u{1B}"), "a raw escape reached the terminal: \(guarded.stderr.debugDescription)")
        #expect(guarded.stderr.contains("evil\\u{1b}[31mred'; touch pwned.key:1: error: holds"), "\(guarded.stderr)")
        let suggested = try #require(
            guarded.stderr.firstRange(of: "git rm --cached -- ").map { range in
                String(guarded.stderr[range.upperBound...].prefix { $0 != "`" })
            })
        #expect(suggested == "$'evil\\x1B[31mred\\x27; touch pwned.key'", "\(suggested)")
        // The suggestion, run by a shell, unstages that one file and runs nothing else.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", "git rm -q --cached -- " + suggested]
        process.currentDirectoryURL = URL(fileURLWithPath: workspace.path)
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(try Self.git(["diff", "--cached", "--name-only"], in: workspace).stdout.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: workspace.path + "/pwned.key"))

        #expect(mkfifo(workspace.path + "/pipe", 0o600) == 0)
        let fifo = try workspace.run(["guard", "pipe"], killingAfter: 20)
        #expect(!fifo.wasKilled)
        #expect(fifo.status == 66, "\(fifo.stderr)")
        #expect(fifo.stderr.contains("pipe"), "\(fifo.stderr)")
    }
}
