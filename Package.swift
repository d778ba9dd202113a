// swift-tools-version:6.2
import PackageDescription

let package = Package(
    name: "envtool",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "StringsFile", targets: ["StringsFile"]),
        .library(name: "EnvironmentCrypto", targets: ["EnvironmentCrypto"]),
        .library(name: "EnvironmentKit", targets: ["EnvironmentKit"]),
        .library(name: "I18Next", targets: ["I18Next"]),
        .library(name: "I18NextHTTP", targets: ["I18NextHTTP"]),
        .library(name: "AppleLocalization", targets: ["AppleLocalization"]),
        .executable(name: "envtool", targets: ["envtool"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // The C library, imported in one place (Platform.swift).
        .target(name: "Platform"),
        // One located diagnostic and one offset-to-line/column locator for every parser and linter.
        .target(name: "Diagnostics"),
        .systemLibrary(name: "CSodium", pkgConfig: "libsodium", providers: [.apt(["libsodium-dev"]), .brew(["libsodium"])]),
        .target(name: "EnvironmentCrypto", dependencies: ["CSodium", "Platform"]),
        .target(name: "StringsFile"),
        .target(name: "JSONParsing"),
        .target(
            name: "I18Next",
            dependencies: ["JSONParsing"],
            // Foundation's own copy of ICU: the same library (and CLDR data) JavaScript's Intl is built on.
            linkerSettings: [.linkedLibrary("_FoundationICU", .when(platforms: [.linux]))]
        ),
        // Its own target: FoundationNetworking (libcurl, TLS, Kerberos, LDAP) is loaded only by code that uses HTTP.
        .target(name: "I18NextHTTP", dependencies: ["I18Next"]),
        .target(name: "EnvironmentKit", dependencies: ["StringsFile", "EnvironmentCrypto", "JSONParsing", "I18Next", "Diagnostics", "AppleLocalization"]),
        .executableTarget(
            name: "envtool",
            dependencies: [
                "EnvironmentKit", "StringsFile", "EnvironmentCrypto", "I18Next", "SwiftAccessorGenerator", "Platform", "Diagnostics", "AppleLocalization",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "envbench", dependencies: ["EnvironmentKit", "StringsFile", "EnvironmentCrypto", "CSodium", "I18Next", "AppleLocalization"]),
        .testTarget(name: "DiagnosticsTests", dependencies: ["Diagnostics"]),
        .testTarget(name: "StringsFileTests", dependencies: ["StringsFile"]),
        .testTarget(name: "JSONParsingTests", dependencies: ["JSONParsing"]),
        .testTarget(name: "EnvironmentCryptoTests", dependencies: ["EnvironmentCrypto"], resources: [.copy("Fixtures")]),
        .testTarget(name: "I18NextTests", dependencies: ["I18Next"], resources: [.copy("Fixtures")]),
        .testTarget(name: "I18NextHTTPTests", dependencies: ["I18NextHTTP"], resources: [.copy("Fixtures")]),
        .testTarget(name: "EnvironmentKitTests", dependencies: ["EnvironmentKit", "I18Next"]),
        .testTarget(name: "EnvtoolCLITests", dependencies: ["envtool"]),
        // Apple's plural tables (.stringsdict), String Catalogs (.xcstrings) and one lookup over them and .strings.
        .target(name: "AppleLocalization", dependencies: ["StringsFile", "JSONParsing", "I18Next", "Diagnostics"]),
        .testTarget(name: "AppleLocalizationTests", dependencies: ["AppleLocalization", "I18Next"], resources: [.copy("Fixtures")]),

        // Fuzzing (docs/fuzzing.md): harnesses, the libFuzzer driver / replayer, and the test
        // that replays every crasher found. None of it is a product: `--product envtool` skips it.
        .target(
            name: "FuzzHarnesses",
            dependencies: ["JSONParsing", "StringsFile", "EnvironmentCrypto", "EnvironmentKit", "I18Next"],
            path: "Fuzz/Harnesses"
        ),
        .executableTarget(name: "envfuzz", dependencies: ["FuzzHarnesses"], path: "Fuzz/Driver"),
        .testTarget(name: "FuzzRegressionTests", dependencies: ["FuzzHarnesses"]),
    ]
)

// The swift-configuration provider (issue #13). Behind the "Configuration" trait, off by default, so
// that `swift build --product envtool` neither fetches nor builds swift-configuration and its
// dependencies; apps enable it with `.package(url: …, traits: ["Configuration"])`, tests with
// `--traits Configuration`.
package.traits = [
    .trait(name: "Configuration", description: "Adds EnvironmentsProvider, a swift-configuration provider over environments.json and environments.bin."),
    .default(enabledTraits: []),
]
package.dependencies += [
    // "Reloading" brings ReloadingFileProvider, which the reloading variant is built on.
    .package(url: "https://github.com/apple/swift-configuration", from: "1.4.0", traits: ["Reloading"]),
    .package(url: "https://github.com/apple/swift-log", from: "1.6.3"),
    .package(url: "https://github.com/apple/swift-system", from: "1.5.0"),
]
package.products += [
    .library(name: "EnvironmentsProvider", targets: ["EnvironmentsProvider"]),
]
package.targets += [
    .target(
        name: "EnvironmentsProvider",
        dependencies: [
            "EnvironmentKit", "EnvironmentCrypto",
            .product(name: "Configuration", package: "swift-configuration", condition: .when(traits: ["Configuration"])),
            .product(name: "Logging", package: "swift-log", condition: .when(traits: ["Configuration"])),
            .product(name: "SystemPackage", package: "swift-system", condition: .when(traits: ["Configuration"])),
        ]
    ),
    .testTarget(
        name: "EnvironmentsProviderTests",
        dependencies: [
            "EnvironmentsProvider", "EnvironmentKit", "EnvironmentCrypto",
            .product(name: "Configuration", package: "swift-configuration", condition: .when(traits: ["Configuration"])),
            .product(name: "SystemPackage", package: "swift-system", condition: .when(traits: ["Configuration"])),
        ]
    ),
]

// Typed accessors (issue #13): the generator library behind `envtool generate swift`, the
// build-tool plugin that runs it on a target's environments, and the command plugin that
// encrypts environments.json. Plugins need no dependencies, so `swift build --product envtool`
// fetches nothing new.
package.products += [
    .plugin(name: "EnvtoolGenerate", targets: ["EnvtoolGenerate"]),
    .plugin(name: "EnvtoolEncrypt", targets: ["EnvtoolEncrypt"]),
]
package.targets += [
    .target(name: "SwiftAccessorGenerator", dependencies: ["EnvironmentKit", "EnvironmentCrypto", "StringsFile", "JSONParsing", "Diagnostics", "AppleLocalization"]),
    .testTarget(name: "SwiftAccessorGeneratorTests", dependencies: ["SwiftAccessorGenerator", "EnvironmentKit"], resources: [.copy("Fixtures")]),
    .plugin(name: "EnvtoolGenerate", capability: .buildTool(), dependencies: ["envtool"]),
    .plugin(
        name: "EnvtoolEncrypt",
        capability: .command(
            intent: .custom(verb: "envtool-encrypt", description: "Validate environments.json and encrypt it into environments.bin."),
            permissions: [.writeToPackageDirectory(reason: "envtool-encrypt writes environments.bin next to environments.json.")]
        ),
        dependencies: ["envtool"]
    ),
]
