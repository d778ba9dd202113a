import Foundation
import PackagePlugin

/// Generates typed accessors for a target at build time: `envtool generate swift` on the
/// target's `environments.json` and the translations next to it.
///
/// The document is the first `environments.json` among the target's files, else the package's
/// `environments/environments.json`. The command's inputs are the document and every translation
/// file next to it, so the build reruns it only when one of them changes (and `envtool` writes
/// its output only when the content changes). Its diagnostics are printed in the compiler's
/// `file:line:col: error:` form, which `swift build` and Xcode show at the place in the file.
@main
struct EnvtoolGenerate: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let fromTarget = target.sourceFiles.map(\.url).filter { $0.lastPathComponent == "environments.json" }
            .sorted { $0.path < $1.path }.first
        let fromPackage = context.package.directoryURL.appending(path: "environments/environments.json")
        guard let document = fromTarget ?? (FileManager.default.fileExists(atPath: fromPackage.path) ? fromPackage : nil) else {
            Diagnostics.error(
                "EnvtoolGenerate: target '\(target.name)' has no environments.json: add one to the target's directory or to environments/ at the package root")
            return []
        }
        let output = context.pluginWorkDirectoryURL.appending(path: "EnvtoolAccessors.swift")
        return [
            .buildCommand(
                displayName: "Generating typed accessors for \(target.name) from \(document.lastPathComponent)",
                executable: try context.tool(named: "envtool").url,
                arguments: ["generate", "swift", "--environments", document.path, "--output", output.path],
                inputFiles: [document] + Self.translationFiles(next: document),
                outputFiles: [output]
            )
        ]
    }

    /// The files `envtool generate swift` reads besides the document: i18next resources
    /// (`locales/<lng>/*.json`), `.strings` and `.stringsdict` tables (`<lng>.lproj/*`,
    /// `<LNG>.strings`) in every language, and String Catalogs (`*.xcstrings`) below the
    /// document's folder, so a change to any of them reruns the command.
    ///
    /// Catalogs are searched as envtool searches them (``catalogs(under:)``), except that a
    /// `.gitignore` is not read: a catalog in an ignored folder only makes the command rerun
    /// when it changes, which costs a regeneration, never a stale accessor.
    static func translationFiles(next document: URL) -> [URL] {
        let directory = document.deletingLastPathComponent()
        let manager = FileManager.default
        var files: [URL] = []
        let names = (try? manager.contentsOfDirectory(atPath: directory.path)) ?? []
        for name in names.sorted() {
            let entry = directory.appending(path: name)
            if name.hasSuffix(".strings") { files.append(entry) }
            if name.hasSuffix(".lproj") {
                for table in ((try? manager.contentsOfDirectory(atPath: entry.path)) ?? []).sorted()
                where table.hasSuffix(".strings") || table.hasSuffix(".stringsdict") {
                    files.append(entry.appending(path: table))
                }
            }
        }
        files += catalogs(under: directory)
        let locales = directory.appending(path: "locales")
        for language in ((try? manager.contentsOfDirectory(atPath: locales.path)) ?? []).sorted() {
            let folder = locales.appending(path: language)
            for namespace in ((try? manager.contentsOfDirectory(atPath: folder.path)) ?? []).sorted() where namespace.hasSuffix(".json") {
                files.append(folder.appending(path: namespace))
            }
        }
        return files
    }

    /// Folders envtool's table search leaves out (as `AppleTableDirectory` does).
    static let skippedFolders: Set<String> = ["node_modules", "Pods", "Carthage", "DerivedData", "build", ".build"]

    /// `.xcstrings` files below `directory`, breadth first, at most 8 folders deep and 20,000
    /// entries, without hidden entries, symbolic links or ``skippedFolders``.
    static func catalogs(under directory: URL) -> [URL] {
        let manager = FileManager.default
        var found: [URL] = []
        var pending: [(URL, Int)] = [(directory, 0)]
        var examined = 0
        while !pending.isEmpty, examined < 20_000 {
            let (folder, depth) = pending.removeFirst()
            for name in ((try? manager.contentsOfDirectory(atPath: folder.path)) ?? []).sorted() where !name.hasPrefix(".") {
                examined += 1
                let entry = folder.appending(path: name)
                if (try? manager.destinationOfSymbolicLink(atPath: entry.path)) != nil { continue }
                var isFolder: ObjCBool = false
                guard manager.fileExists(atPath: entry.path, isDirectory: &isFolder) else { continue }
                if isFolder.boolValue {
                    if depth < 8, !skippedFolders.contains(name) { pending.append((entry, depth + 1)) }
                } else if name.hasSuffix(".xcstrings") {
                    found.append(entry)
                }
            }
        }
        return found
    }
}
