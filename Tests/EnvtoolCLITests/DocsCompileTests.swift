import Foundation
import Testing

/// Every complete Swift block of `README.md`, `docs/*.md` and the DocC catalogs' articles
/// (`Sources/<Target>/<Target>.docc/*.md`) compiles against this package, as an
/// app that depends on it would build it (issue #36): one executable target per block (its code is
/// the target's `main.swift`), in a package made in a temporary folder that depends on this one by
/// path, built once with `swift build`. A block that elides code is marked by the line
/// `<!-- not compiled: fragment -->` right above its fence, and is skipped.
///
/// Slow the first time (it compiles the libraries in a scratch path of its own under `.build/`,
/// kept between runs), so all blocks build in one `swift build`.
@Suite("Swift in the docs compiles")
struct DocsCompileTests {
    static let root = EnvtoolProcess.repositoryRoot
    static let marker = "<!-- not compiled: fragment -->"

    /// A Swift block of a Markdown file: where it starts, and its code.
    struct Block {
        let file: String
        let line: Int
        let code: String
        var target: String {
            // A catalog's articles are named alike in every catalog (GettingStarted.md): the
            // catalog's name tells them apart.
            let components = file.split(separator: "/")
            let catalog =
                components.count > 1 && components[components.count - 2].hasSuffix(".docc")
                ? components[components.count - 2].replacingOccurrences(of: ".docc", with: "") + "_" : ""
            let stem = catalog + (file as NSString).lastPathComponent.replacingOccurrences(of: ".md", with: "")
            return "Doc_" + stem.map { $0.isLetter || $0.isNumber ? String($0) : "_" }.joined() + "_\(line)"
        }
    }

    /// The Swift blocks of `text`, with whether each is marked as a fragment.
    static func blocks(in text: String, file: String) -> [(block: Block, fragment: Bool)] {
        let lines = text.components(separatedBy: "\n")
        var found: [(Block, Bool)] = []
        var index = 0
        while index < lines.count {
            guard lines[index].trimmingCharacters(in: .whitespaces) == "```swift" else { index += 1; continue }
            let start = index
            var end = index + 1
            while end < lines.count, lines[end].trimmingCharacters(in: .whitespaces) != "```" { end += 1 }
            let fragment = start > 0 && lines[start - 1].trimmingCharacters(in: .whitespaces) == marker
            found.append((Block(file: file, line: start + 1, code: lines[(start + 1)..<min(end, lines.count)].joined(separator: "\n")), fragment))
            index = end + 1
        }
        return found
    }

    static func documents() throws -> [String] {
        let docs = try FileManager.default.contentsOfDirectory(atPath: root + "/docs").filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
        return ["README.md"] + docs + (try catalogArticles())
    }

    /// The Markdown files of every DocC catalog under `Sources/`, as paths from the root.
    static func catalogArticles() throws -> [String] {
        let files = FileManager.default
        var articles: [String] = []
        for target in try files.contentsOfDirectory(atPath: root + "/Sources").sorted() {
            let folder = "Sources/" + target
            guard let entries = try? files.contentsOfDirectory(atPath: root + "/" + folder) else { continue }
            for catalog in entries.sorted() where catalog.hasSuffix(".docc") {
                let path = folder + "/" + catalog
                guard let found = files.enumerator(atPath: root + "/" + path) else { continue }
                articles += found.compactMap { $0 as? String }.filter { $0.hasSuffix(".md") }.sorted().map { path + "/" + $0 }
            }
        }
        return articles
    }

    @Test("each library product has a DocC catalog whose articles are among the documents compiled")
    func catalogsAreRead() throws {
        let articles = try Self.catalogArticles()
        for product in ["EnvironmentKit", "Environments", "EnvironmentCrypto", "I18Next", "AppleLocalization", "EnvironmentsProvider"] {
            let catalog = "Sources/\(product)/\(product).docc/"
            #expect(articles.contains(catalog + product + ".md"), "\(catalog) has no landing page")
            #expect(articles.contains(catalog + "GettingStarted.md"), "\(catalog) has no Getting started article")
        }
        #expect(try Self.documents().filter { $0.hasSuffix("/GettingStarted.md") }.count >= 6)
        let targets = Set(articles.map { Block(file: $0, line: 1, code: "").target })
        #expect(targets.count == articles.count, "two articles would build as one target")
    }

    @Test("the block reader finds blocks and their markers")
    func reader() {
        let text = "Text\n\n```swift\nlet a = 1\n```\n\n<!-- not compiled: fragment -->\n```swift\nf(…)\n```\n```sh\nls\n```\n"
        let found = Self.blocks(in: text, file: "docs/x.md")
        #expect(found.map(\.block.line) == [3, 8])
        #expect(found.map(\.fragment) == [false, true])
        #expect(found[0].block.code == "let a = 1")
        #expect(found[0].block.target == "Doc_x_3")
    }

    @Test("every complete Swift block of README.md, docs/ and the DocC articles compiles", .timeLimit(.minutes(40)))
    func compiles() async throws {
        var compiled: [Block] = []
        for document in try Self.documents() {
            let text = try String(contentsOfFile: Self.root + "/" + document, encoding: .utf8)
            compiled += Self.blocks(in: text, file: document).filter { !$0.fragment }.map(\.block)
        }
        #expect(compiled.count >= 4, "\(compiled.map { "\($0.file):\($0.line)" })")

        let workspace = NSTemporaryDirectory() + "envtool-docs-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: workspace) }
        for block in compiled {
            let folder = workspace + "/Sources/" + block.target
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            // The block as written, with a line directive so that errors name the Markdown file and line.
            let source = "#sourceLocation(file: \"\(Self.root)/\(block.file)\", line: \(block.line + 1))\n" + block.code + "\n#sourceLocation()\n"
            try source.write(toFile: folder + "/main.swift", atomically: true, encoding: .utf8)
        }
        let products = [
            "EnvironmentKit", "Environments", "EnvironmentCrypto", "I18Next", "I18NextHTTP", "AppleLocalization", "StringsFile", "EnvironmentsProvider",
        ]
        let dependencies =
            products.map { ".product(name: \"\($0)\", package: \"envtool\")" }
            + [".product(name: \"Configuration\", package: \"swift-configuration\")"]
        let manifest = """
            // swift-tools-version:6.2
            import PackageDescription

            let package = Package(
                name: "DocsBlocks",
                platforms: [.macOS(.v15)],
                dependencies: [
                    .package(name: "envtool", path: \(ExamplePackageTests.literal(Self.root)), traits: ["Configuration"]),
                    .package(url: "https://github.com/apple/swift-configuration", from: "1.4.0"),
                ],
                targets: [
            \(compiled.map { "        .executableTarget(name: \"\($0.target)\", dependencies: [\(dependencies.joined(separator: ", "))])," }.joined(separator: "\n"))
                ]
            )
            """
        try manifest.write(toFile: workspace + "/Package.swift", atomically: true, encoding: .utf8)
        let build = try await ExamplePackageTests.run(
            ExamplePackageTests.swift, ["build", "--scratch-path", Self.root + "/.build/docs-scratch"], in: workspace)
        let errors = build.output.split(separator: "\n").filter { $0.contains("error:") }
        #expect(
            build.status == 0,
            "a Swift block of the docs does not compile (mark a fragment with \(Self.marker)):\n\(errors.joined(separator: "\n"))\n\(errors.isEmpty ? build.output : "")"
        )
    }
}
