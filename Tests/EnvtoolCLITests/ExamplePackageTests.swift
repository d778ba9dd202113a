import Foundation
import Testing

/// Builds `Examples/EnvironmentsApp` with `swift build` as an app would: the EnvtoolGenerate
/// plugin generates its accessors, the app reads `base_url` and a plural translation through
/// them; then a key removed from the sample must fail the build with the key's name.
///
/// Slow (it compiles envtool again, in its own scratch path under `.build/`, kept between runs),
/// so it is one build and one failing rebuild. The copy also gets a second target generated
/// from the keys that are hardest to name (`2fa.title`, `class`, `self`, Unicode, Hangzhou numerals, mixed types),
/// which must compile without a warning in the generated file.
@Suite("Example package")
struct ExamplePackageTests {
    static let root = EnvtoolProcess.repositoryRoot

    @Test("the example builds with the plugin, runs, and fails to build with the removed key's name", .timeLimit(.minutes(30)))
    func examplePackage() async throws {
        let workspace = NSTemporaryDirectory() + "envtool-example-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: workspace) }
        let package = workspace + "/EnvironmentsApp"
        try FileManager.default.createDirectory(atPath: workspace, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.root + "/Examples/EnvironmentsApp", toPath: package)
        try? FileManager.default.removeItem(atPath: package + "/.build")

        // The path dependency points at this checkout; `name: "envtool"` keeps the identity the
        // products are named by, whatever the checkout's directory is called.
        var manifest = try String(contentsOfFile: package + "/Package.swift", encoding: .utf8)
        #expect(manifest.contains(#".package(name: "envtool", path: "../..")"#))
        manifest = manifest.replacingOccurrences(of: #"path: "../..""#, with: "path: \(Self.literal(Self.root))")
        // The hard names, in a target of their own whose environments.json is in its directory
        // (with .lproj tables, so the package needs a default localization).
        manifest = manifest.replacingOccurrences(of: "    platforms:", with: "    defaultLocalization: \"en\",\n    platforms:")
        // The example's last target ends without a comma (swift format's style for one element).
        manifest = manifest.replacingOccurrences(of: "        )\n    ]\n)", with: "        ),\n    ]\n)")
        manifest = manifest.replacingOccurrences(
            of: "    ]\n)",
            with: """
                        .executableTarget(
                            name: "Tricky",
                            dependencies: [.product(name: "EnvironmentKit", package: "envtool"), .product(name: "I18Next", package: "envtool")],
                            // Generated code must compile where members are visible only from the
                            // modules a file imports (the generated file imports EnvironmentKit).
                            swiftSettings: [.enableUpcomingFeature("MemberImportVisibility")],
                            plugins: [.plugin(name: "EnvtoolGenerate", package: "envtool")]
                        ),
                    ]
                )
                """)
        try manifest.write(toFile: package + "/Package.swift", atomically: true, encoding: .utf8)
        let fixtures = Self.root + "/Tests/SwiftAccessorGeneratorTests/Fixtures"
        try FileManager.default.createDirectory(atPath: package + "/Sources/Tricky", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: fixtures + "/tricky", toPath: package + "/Sources/Tricky/environments")
        try FileManager.default.copyItem(atPath: fixtures + "/TrickyMain.swift", toPath: package + "/Sources/Tricky/main.swift")

        let scratch = Self.root + "/.build/example-scratch"
        let build = try await Self.run(Self.swift, ["build", "--scratch-path", scratch], in: package)
        try #require(build.status == 0, "swift build failed:\n\(build.output)")
        let generatedWarnings = build.output.split(separator: "\n").filter { $0.contains("EnvtoolAccessors.swift") && $0.contains("warning:") }
        #expect(generatedWarnings.isEmpty, "the generated code has warnings:\n\(generatedWarnings.joined(separator: "\n"))")
        // The generator's own warnings reach the build log in the compiler's form, with the position.
        #expect(build.output.contains("Tricky/environments/environments.json:37:16: warning: \"mixed\" is a string in Debug, a number in Release"))

        let app = scratch + "/debug/EnvironmentsApp"
        let english = try await Self.run(app, [], in: package, environment: ["LANGUAGE": "en", "LANG": "en_US.UTF-8", "HOME": package])
        #expect(english.status == 0)
        #expect(
            english.output == """
                configuration: Debug
                base_url: https://dev-api.example.com/v1
                timeout: 60
                3 items in your cart
                Welcome, Ada!
                5 files

                """)
        let spanish = try await Self.run(
            app, [], in: package, environment: ["LANGUAGE": "es", "LANG": "es_ES.UTF-8", "ENVTOOL_CONFIGURATION": "Release", "HOME": package])
        #expect(spanish.output.contains("base_url: https://api.example.com/v1\n"))
        #expect(spanish.output.contains("3 artículos en tu carrito\n"))
        // The String Catalog plural through its generated accessor, with Russian's `many` form.
        let russian = try await Self.run(app, [], in: package, environment: ["LANGUAGE": "ru", "LANG": "ru_RU.UTF-8", "HOME": package])
        #expect(russian.status == 0)
        #expect(russian.output.contains("5 файлов\n"))

        let tricky = try await Self.run(
            scratch + "/debug/Tricky", ["Sources/Tricky/environments/environments.json"], in: package, environment: ["LANGUAGE": "en", "HOME": package])
        #expect(tricky.status == 0)
        #expect(
            tricky.output.contains("Two-factor authentication Enter the 6-digit code A class Keyword segments the word environment Items 2 items 2nd 2 ranks"))
        #expect(tricky.output.contains("Send a to b (3 times, 4.50%) y before x 100% Two factors"))
        #expect(tricky.output.contains(" Hangzhou numerals\n"))

        // The command plugin: no secret is refused; a key file from the environment encrypts;
        // an invalid document is reported with its file and line, and the .bin is left as it was.
        let encrypt = ["package", "--scratch-path", scratch, "--allow-writing-to-package-directory", "envtool-encrypt"]
        let noSecret = try await Self.run(
            Self.swift, encrypt, in: package, environment: ["ENVTOOL_KEY_FILE": "", "ENVTOOL_PASSPHRASE": "", "ENVTOOL_RECIPIENT": ""])
        #expect(noSecret.status != 0)
        #expect(noSecret.output.contains("no secret to encrypt with: set ENVTOOL_KEY_FILE"))
        let keyFile = workspace + "/app.key"
        let keygen = try EnvtoolProcess.run(["keygen", "-o", keyFile], in: workspace)
        try #require(keygen.status == 0, "\(keygen.stderr)")
        let encrypted = try await Self.run(Self.swift, encrypt, in: package, environment: ["ENVTOOL_KEY_FILE": keyFile])
        #expect(encrypted.status == 0, "\(encrypted.output)")
        #expect(!encrypted.output.contains("error:"))
        let bin = package + "/environments/environments.bin"
        let read = try EnvtoolProcess.run(["get", "base_url", "-e", bin, "--key-file", keyFile], in: workspace)
        #expect(read.stdout == "https://dev-api.example.com/v1\n")
        let before = try Data(contentsOf: URL(fileURLWithPath: bin))
        let document = package + "/environments/environments.json"
        let good = try String(contentsOfFile: document, encoding: .utf8)
        try good.replacingOccurrences(of: "\"api\": {\"timeout\": 60}", with: "\"api\": {\"timeout\": 60,}").write(
            toFile: document, atomically: true, encoding: .utf8)
        let invalid = try await Self.run(Self.swift, encrypt + ["--force"], in: package, environment: ["ENVTOOL_KEY_FILE": keyFile])
        #expect(invalid.status != 0)
        #expect(invalid.output.contains("environments/environments.json:7:"), "expected the file and line in:\n\(invalid.output)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: bin)) == before)
        try good.write(toFile: document, atomically: true, encoding: .utf8)
        // --format rncryptor writes the RNCryptor v3 file a T21Environment app decrypts.
        let rncryptor = try await Self.run(
            Self.swift, encrypt + ["--force", "--format", "rncryptor"], in: package, environment: ["ENVTOOL_PASSPHRASE": "XXXXXXXXXX"])
        #expect(rncryptor.status == 0, "\(rncryptor.output)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: bin)).prefix(2) == Data([3, 1]))
        let readRNCryptor = try EnvtoolProcess.run(["get", "base_url", "-e", bin], in: workspace, environment: ["ENVTOOL_PASSPHRASE": "XXXXXXXXXX"])
        #expect(readRNCryptor.stdout == "https://dev-api.example.com/v1\n", "\(readRNCryptor.stderr)")
        // A switch of format encrypts again without --force (the stamp recorded rncryptor), then is up to date.
        let switched = try await Self.run(Self.swift, encrypt + ["--format", "age"], in: package, environment: ["ENVTOOL_PASSPHRASE": "XXXXXXXXXX"])
        #expect(switched.status == 0, "\(switched.output)")
        #expect(switched.output.contains("the format or the recipients changed"), "\(switched.output)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: bin)).starts(with: Data("age-encryption.org/v1".utf8)))
        let unchanged = try await Self.run(Self.swift, encrypt + ["--format", "age"], in: package, environment: ["ENVTOOL_PASSPHRASE": "XXXXXXXXXX"])
        #expect(unchanged.output.contains("is up to date"), "\(unchanged.output)")
        // The script and the plugin write the same stamp: its digests are SHA-256 (of no sidecar here).
        let stamp = try String(contentsOfFile: bin + ".stamp", encoding: .utf8)
        #expect(stamp == "envtool-encrypt-stamp 1\nformat: age\nsecret: passphrase\nrecipient: none\nrecipients-file: none\n", "\(stamp)")
        let unknownFormat = try await Self.run(
            Self.swift, encrypt + ["--force", "--format", "zip"], in: package, environment: ["ENVTOOL_PASSPHRASE": "XXXXXXXXXX"])
        #expect(unknownFormat.output.contains("unknown format 'zip'"))
        try before.write(to: URL(fileURLWithPath: bin))

        // A key added to the String Catalog alone reaches the accessors on the next build: the
        // plugin's inputs include the catalog, so the build reruns it without environments.json changing.
        let catalogPath = package + "/environments/Localizable.xcstrings"
        let catalogText = try String(contentsOfFile: catalogPath, encoding: .utf8)
        try catalogText.replacingOccurrences(
            of: #""strings" : {"#,
            with: """
                "strings" : {
                    "catalog_only" : { "localizations" : { "en" : { "stringUnit" : { "state" : "translated", "value" : "Only in the catalog" } } } },
                """
        ).write(toFile: catalogPath, atomically: true, encoding: .utf8)
        let mainPath = package + "/Sources/EnvironmentsApp/main.swift"
        let mainText = try String(contentsOfFile: mainPath, encoding: .utf8)
        try mainText.replacingOccurrences(
            of: "    print(L10n.Localizable.files_count(5))\n",
            with: "    print(L10n.Localizable.files_count(5))\n    print(L10n.Localizable.catalog_only)\n"
        )
        .write(toFile: mainPath, atomically: true, encoding: .utf8)
        let catalogBuild = try await Self.run(Self.swift, ["build", "--scratch-path", scratch], in: package)
        #expect(catalogBuild.status == 0, "a catalog-only key did not reach the accessors:\n\(catalogBuild.output)")
        let withKey = try await Self.run(app, [], in: package, environment: ["LANGUAGE": "en", "LANG": "en_US.UTF-8", "HOME": package])
        #expect(withKey.output.hasSuffix("5 files\nOnly in the catalog\n"), "\(withKey.output)")

        // Removing a variable removes its property: the build fails where the app uses it.
        let sample = package + "/environments/environments.json"
        let json = try String(contentsOfFile: sample, encoding: .utf8)
        let without = json.split(separator: "\n").filter { !$0.contains("\"base_url\"") }.joined(separator: "\n")
        try without.write(toFile: sample, atomically: true, encoding: .utf8)
        let failed = try await Self.run(Self.swift, ["build", "--scratch-path", scratch], in: package)
        #expect(failed.status != 0)
        #expect(failed.output.contains("has no member 'base_url'"), "expected the missing key in:\n\(failed.output)")
    }

    /// `swift` from PATH (the toolchain running the tests), else the default install.
    static let swift: String = {
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let candidate = "\(directory)/swift"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return "/opt/swift/usr/bin/swift"
    }()

    static func literal(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    /// Runs `executable` with the test's environment plus `environment` (the apps get their own
    /// HOME; `swift build` keeps the real one, where SwiftPM's caches are); stdout and stderr together.
    ///
    /// Awaited, not waited for: a `swift build` of minutes must not hold one of the cooperative
    /// pool's threads (two on a 2-core machine), or tests that await events starve behind it (a
    /// reloading provider's watch test timed out while this build and the docs' ran).
    static func run(
        _ executable: String, _ arguments: [String], in directory: String,
        environment: [String: String] = [:]
    ) async throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        var variables = ProcessInfo.processInfo.environment
        variables.merge(environment) { $1 }
        process.environment = variables
        let outputPath = directory + "/.output-" + UUID().uuidString
        _ = FileManager.default.createFile(atPath: outputPath, contents: nil)
        defer { try? FileManager.default.removeItem(atPath: outputPath) }
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: outputPath))
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        let status: Int32 = try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { ended in continuation.resume(returning: ended.terminationStatus) }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                continuation.resume(throwing: error)
            }
        }
        try handle.close()
        return (status, (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "")
    }
}
