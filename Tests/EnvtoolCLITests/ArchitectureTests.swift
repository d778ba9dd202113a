import Foundation
import Testing

/// The target graph keeps the promises docs/architecture.md makes: a variables-only app links no
/// translation machinery, and the leaves stay leaves. Read from the manifest itself
/// (`swift package dump-package`), so a dependency added in Package.swift is caught here.
@Suite("The target graph")
struct ArchitectureTests {
    /// Target name → the targets and products it depends on directly, from the manifest.
    static func graph() throws -> (dependencies: [String: [String]], linked: [String: [String]]) {
        let (dependencies, linked, _) = try manifest()
        return (dependencies, linked)
    }

    /// The graph, and each product's targets.
    static func manifest() throws -> (dependencies: [String: [String]], linked: [String: [String]], products: [String: [String]]) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // A scratch path of its own: the suite runs while `swift test` holds the package's .build lock.
        let scratch = NSTemporaryDirectory() + "envtool-dump-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        process.arguments = ["swift", "package", "--scratch-path", scratch, "dump-package"]
        process.currentDirectoryURL = URL(fileURLWithPath: EnvtoolProcess.repositoryRoot)
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        var dependencies: [String: [String]] = [:]
        var linked: [String: [String]] = [:]
        for target in root["targets"] as? [[String: Any]] ?? [] {
            guard let name = target["name"] as? String else { continue }
            dependencies[name] = (target["dependencies"] as? [[String: Any]] ?? []).compactMap { dependency in
                for kind in ["byName", "target", "product"] {
                    if let value = dependency[kind] as? [Any], let first = value.first as? String { return kind == "product" ? "product:" + first : first }
                }
                return nil
            }
            linked[name] = (target["settings"] as? [[String: Any]] ?? []).compactMap { setting in
                ((setting["kind"] as? [String: Any])?["linkedLibrary"] as? [String: Any])?["_0"] as? String
            }
        }
        var products: [String: [String]] = [:]
        for product in root["products"] as? [[String: Any]] ?? [] {
            if let name = product["name"] as? String { products[name] = product["targets"] as? [String] ?? [] }
        }
        return (dependencies, linked, products)
    }

    static func closure(of target: String, in dependencies: [String: [String]]) -> Set<String> {
        var seen: Set<String> = []
        var pending = dependencies[target] ?? []
        while let next = pending.popLast() {
            if seen.insert(next).inserted { pending += dependencies[next] ?? [] }
        }
        return seen
    }

    @Test("the provider and the document core link no translation machinery and no ICU")
    func variablesOnly() throws {
        let (dependencies, linked, products) = try Self.manifest()
        // An app depends on products: the variables-only core is one of its own (issue #34, item 8).
        #expect(products["Environments"] == ["Environments"], "\(products)")
        for target in ["Environments", "EnvironmentsProvider"] {
            let closure = Self.closure(of: target, in: dependencies)
            #expect(closure.contains("EnvironmentCrypto"), "\(target)")
            for heavy in ["I18Next", "AppleLocalization", "TranslationFormats", "StringsFile", "EnvironmentKit", "CLDRPlurals"] {
                #expect(!closure.contains(heavy), "\(target) depends on \(heavy)")
            }
            #expect(!closure.union([target]).contains { linked[$0]?.contains("_FoundationICU") == true }, "\(target) links ICU")
        }
    }

    @Test("the leaves stay leaves: plural rules and printf over Platform; the Apple runtime and i18next apart; formats without the engine")
    func leaves() throws {
        let (dependencies, _) = try Self.graph()
        #expect(dependencies["CLDRPlurals"] == ["Platform"])
        #expect(dependencies["PrintfFormat"] == ["Platform"])
        #expect(dependencies["Platform"] == ["LibC"])
        #expect(dependencies["LibC"] == [])
        #expect(!Self.closure(of: "AppleLocalization", in: dependencies).contains("I18Next"))
        #expect(!Self.closure(of: "I18Next", in: dependencies).contains("AppleLocalization"))
        #expect(!Self.closure(of: "TranslationFormats", in: dependencies).contains("I18Next"))
        #expect(!Self.closure(of: "TranslationFormats", in: dependencies).contains("EnvironmentKit"))
    }

    @Test("the CLI reaches KMS through age-plugin-awskms and links none of its HTTP stack")
    func kmsStaysInThePlugin() throws {
        let (dependencies, _) = try Self.graph()
        for target in ["envtool", "EnvironmentKit", "Environments", "EnvironmentCrypto", "EnvironmentsProvider"] {
            #expect(!Self.closure(of: target, in: dependencies).contains("AWSKMS"), "\(target) depends on AWSKMS")
        }
        #expect(Self.closure(of: "age-plugin-awskms", in: dependencies).contains("AWSKMS"))
    }

    @Test(
        "docs/architecture.md names every target of the manifest and draws each edge between them, but those to Platform, Diagnostics and (but Platform's) LibC"
    )
    func documented() throws {
        let (dependencies, _) = try Self.graph()
        let document = try String(contentsOfFile: EnvtoolProcess.repositoryRoot + "/docs/architecture.md", encoding: .utf8)
        // `  from[label] --> to`, the mermaid lines of the picture.
        let drawn = Set(
            document.split(separator: "\n").compactMap { line -> String? in
                let parts = line.trimmingCharacters(in: .whitespaces).components(separatedBy: " --> ")
                guard parts.count == 2 else { return nil }
                return (parts[0].components(separatedBy: "[").first ?? parts[0]) + " --> " + parts[1]
            })
        var edges: Set<String> = []
        for (target, targetDependencies) in dependencies where !target.hasSuffix("Tests") {
            #expect(document.contains(target), "docs/architecture.md does not mention \(target)")
            for dependency in targetDependencies
            where dependencies[dependency] != nil && !["Platform", "Diagnostics"].contains(dependency)
                && (dependency != "LibC" || target == "Platform")
            {
                edges.insert(target + " --> " + dependency)
            }
        }
        #expect(edges.subtracting(drawn).sorted() == [], "edges the picture lacks")
        #expect(drawn.subtracting(edges).sorted() == [], "edges the manifest lacks")
    }

    /// Every Swift file under Sources/ and Fuzz/, by its path from the repository root.
    static func swiftFiles() throws -> [(path: String, text: String)] {
        let root = EnvtoolProcess.repositoryRoot
        return try ["Sources", "Fuzz"].flatMap { folder in
            try (FileManager.default.subpathsOfDirectory(atPath: root + "/" + folder)).filter { $0.hasSuffix(".swift") }.map { path in
                (folder + "/" + path, try String(contentsOfFile: root + "/" + folder + "/" + path, encoding: .utf8))
            }
        }
    }

    @Test("the C library is named in one file, Sources/LibC/LibC.swift, and re-exported by nothing else")
    func oneLibCImport() throws {
        let files = try Self.swiftFiles()
        #expect(files.count > 100)
        for (path, text) in files where path != "Sources/LibC/LibC.swift" {
            for line in text.split(separator: "\n") where line.contains("import ") {
                for module in ["Glibc", "Musl", "Darwin", "ucrt"] {
                    #expect(!line.hasSuffix("import " + module) && !line.contains("import \(module)."), "\(path): \(line)")
                }
                #expect(!(line.contains("@_exported") && line.hasSuffix("import LibC")), "\(path) re-exports libc: \(line)")
                #expect(!(line.contains("@_exported") && line.hasSuffix("import Platform")), "\(path) re-exports Platform: \(line)")
            }
        }
    }

    @Test("interrupted system calls are made again only by Platform's helpers: no EINTR outside Sources/Platform")
    func oneRetryHelper() throws {
        for (path, text) in try Self.swiftFiles() where !path.hasPrefix("Sources/Platform/") {
            #expect(!text.contains("EINTR"), "\(path) handles EINTR itself; call retryingOnInterrupt, readFully, readToEnd or writeAll")
        }
    }
}
