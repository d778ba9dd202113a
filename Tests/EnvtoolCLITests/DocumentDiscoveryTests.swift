import Foundation
import Testing

/// Which environments document a command reads when no option or variable names one: the
/// current folder's `environments.json`, then its `environments/environments.json`, then the same
/// in each folder above, up to the git repository's root (issue #36).
@Suite("envtool: finding environments.json")
struct DocumentDiscoveryTests {
    static let document = #"{"languages": ["en"], "configurations": {"Debug": {"where": "WHERE"}}}"#

    static func document(_ marker: String) -> String {
        document.replacingOccurrences(of: "WHERE", with: marker)
    }

    /// Runs envtool in `folder` (relative to the workspace).
    static func run(_ workspace: Workspace, in folder: String, _ arguments: [String]) throws -> EnvtoolProcess.Result {
        let directory = workspace.path + "/" + folder
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        return try EnvtoolProcess.run(arguments, in: directory, environment: ["XDG_CONFIG_HOME": workspace.configHome])
    }

    @Test("environments.json in the current folder is read, and validate names it")
    func currentFolder() throws {
        let workspace = try Workspace(copySample: false)
        try workspace.write("environments.json", Self.document("here"))
        let validate = try workspace.run(["validate"])
        #expect(validate.status == 0, "\(validate.stderr)")
        #expect(validate.stdout.hasPrefix("environments.json: valid"), "\(validate.stdout)")
        #expect(try workspace.run(["get", "where"]).stdout == "here\n")
    }

    @Test("the current folder's environments.json comes before its environments/environments.json")
    func currentFolderFirst() throws {
        let workspace = try Workspace(copySample: false)
        try workspace.write("environments.json", Self.document("top"))
        try workspace.write("environments/environments.json", Self.document("nested"))
        #expect(try workspace.run(["get", "where"]).stdout == "top\n")
        #expect(try workspace.run(["validate"]).stdout.hasPrefix("environments.json: valid"))
    }

    @Test("from a folder deep in a repository, the document at its root is found and named by its relative path")
    func upwardToRepositoryRoot() throws {
        let workspace = try Workspace(copySample: false)
        try FileManager.default.createDirectory(atPath: workspace.path + "/.git", withIntermediateDirectories: true)
        try workspace.write("environments/environments.json", Self.document("root"))
        let validate = try Self.run(workspace, in: "Sources/App", ["validate"])
        #expect(validate.status == 0, "\(validate.stderr)")
        #expect(validate.stdout.hasPrefix("../../environments/environments.json: valid"), "\(validate.stdout)")
        #expect(try Self.run(workspace, in: "Sources/App", ["get", "where"]).stdout == "root\n")
        // The nearest folder wins over the root.
        try workspace.write("Sources/environments.json", Self.document("nearer"))
        #expect(try Self.run(workspace, in: "Sources/App", ["get", "where"]).stdout == "nearer\n")
    }

    @Test("the walk stops at the repository root: a document above it is not read")
    func stopsAtRepositoryRoot() throws {
        let workspace = try Workspace(copySample: false)
        try workspace.write("environments.json", Self.document("outside"))
        try FileManager.default.createDirectory(atPath: workspace.path + "/repo/.git", withIntermediateDirectories: true)
        let result = try Self.run(workspace, in: "repo/sub", ["get", "where"])
        #expect(result.status == 66)
        #expect(result.stderr.contains("environments/environments.json: error: cannot read the file"), "\(result.stderr)")
        #expect(result.stderr.contains("up to the root of its git repository"), "the error says where envtool looked: \(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test("outside a repository only the current folder is looked at")
    func outsideRepository() throws {
        let workspace = try Workspace(copySample: false)
        try workspace.write("environments.json", Self.document("parent"))
        let result = try Self.run(workspace, in: "child", ["get", "where"])
        #expect(result.status == 66, "\(result.stdout)")
        #expect(result.stderr.contains("pass --environments PATH or set ENVTOOL_ENVIRONMENTS"), "\(result.stderr)")
    }

    @Test("--environments and $ENVTOOL_ENVIRONMENTS still come first")
    func namedDocumentFirst() throws {
        let workspace = try Workspace(copySample: false)
        try workspace.write("environments.json", Self.document("found"))
        try workspace.write("other.json", Self.document("named"))
        #expect(try workspace.run(["get", "where", "-e", "other.json"]).stdout == "named\n")
        #expect(try workspace.run(["get", "where"], environment: ["ENVTOOL_ENVIRONMENTS": "other.json"]).stdout == "named\n")
    }
}
