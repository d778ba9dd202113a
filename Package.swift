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
        // The C library, imported in one place (Platform.swift), and the few helpers (path text, C
        // formatting) that stand in for full Foundation: the libraries and the CLI link only
        // FoundationEssentials, which starts each process about a millisecond sooner.
        .target(name: "Platform"),
        // One located diagnostic and one offset-to-line/column locator for every parser and linter.
        .target(name: "Diagnostics", dependencies: ["Platform"]),
        .systemLibrary(name: "CSodium", pkgConfig: "libsodium", providers: [.apt(["libsodium-dev"]), .brew(["libsodium"])]),
        .target(name: "EnvironmentCrypto", dependencies: ["CSodium", "Platform"]),
        .target(name: "StringsFile", dependencies: ["Diagnostics", "Platform"]),
        .target(name: "JSONParsing", dependencies: ["Platform", "Diagnostics"]),
        .target(
            name: "I18Next",
            dependencies: ["JSONParsing", "Diagnostics", "Platform"],
            // Foundation's own copy of ICU: the same library (and CLDR data) JavaScript's Intl is built on.
            linkerSettings: [.linkedLibrary("_FoundationICU", .when(platforms: [.linux]))]
        ),
        // Its own target: FoundationNetworking (libcurl, TLS, Kerberos, LDAP) is loaded only by code that uses HTTP.
        .target(name: "I18NextHTTP", dependencies: ["I18Next"]),
        .target(name: "EnvironmentKit", dependencies: ["StringsFile", "EnvironmentCrypto", "JSONParsing", "I18Next", "Diagnostics", "AppleLocalization", "Platform"]),
        .executableTarget(
            name: "envtool",
            dependencies: [
                "EnvironmentKit", "StringsFile", "EnvironmentCrypto", "I18Next", "SwiftAccessorGenerator", "Platform", "Diagnostics", "AppleLocalization",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "envbench", dependencies: ["EnvironmentKit", "StringsFile", "EnvironmentCrypto", "CSodium", "I18Next", "AppleLocalization"]),
        .testTarget(name: "DiagnosticsTests", dependencies: ["Diagnostics"]),
        .testTarget(name: "PlatformTests", dependencies: ["Platform"]),
        .testTarget(name: "StringsFileTests", dependencies: ["StringsFile"]),
        .testTarget(name: "JSONParsingTests", dependencies: ["JSONParsing"]),
        .testTarget(name: "EnvironmentCryptoTests", dependencies: ["EnvironmentCrypto"], resources: [.copy("Fixtures")]),
        .testTarget(name: "I18NextTests", dependencies: ["I18Next"], resources: [.copy("Fixtures")]),
        .testTarget(name: "I18NextHTTPTests", dependencies: ["I18NextHTTP"], resources: [.copy("Fixtures")]),
        .testTarget(name: "EnvironmentKitTests", dependencies: ["EnvironmentKit", "I18Next"]),
        .testTarget(name: "EnvtoolCLITests", dependencies: ["envtool"]),
        // Apple's plural tables (.stringsdict), String Catalogs (.xcstrings) and one lookup over them and .strings.
        .target(name: "AppleLocalization", dependencies: ["StringsFile", "JSONParsing", "I18Next", "Diagnostics", "Platform"]),
        .testTarget(name: "AppleLocalizationTests", dependencies: ["AppleLocalization", "I18Next"], resources: [.copy("Fixtures")]),

        // Fuzzing (docs/fuzzing.md): harnesses, the libFuzzer driver / replayer, and the test
        // that replays every crasher found. None of it is a product: `--product envtool` skips it.
        .target(
            name: "FuzzHarnesses",
            dependencies: ["JSONParsing", "StringsFile", "EnvironmentCrypto", "EnvironmentKit", "I18Next", "AppleLocalization"],
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
    .target(name: "SwiftAccessorGenerator", dependencies: ["EnvironmentKit", "EnvironmentCrypto", "StringsFile", "JSONParsing", "Diagnostics", "AppleLocalization", "Platform"]),
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

// `envtool i18n extract` (issue #12): the keys Swift sources use, found with swift-syntax's parser.
// swift-syntax adds minutes to a first build, so it sits behind the "Extract" trait, off by default:
// `swift build --product envtool` and the library products neither fetch nor build it. The parser
// lives in the separate executable `envtool-extract`, which envtool runs (found beside itself or on
// PATH); build it with `swift build --traits Extract --product envtool-extract`. Without the trait
// that executable still builds and says how to get the real one (exit 72).
package.traits.insert(.trait(name: "Extract", description: "Builds envtool-extract with swift-syntax, the Swift parser behind `envtool i18n extract`."))
package.dependencies += [
    .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1"),
]
package.products += [
    .executable(name: "envtool-extract", targets: ["envtool-extract"]),
]
package.targets += [
    .target(
        name: "KeyExtraction",
        dependencies: [
            "AppleLocalization", "JSONParsing", "Diagnostics", "EnvironmentKit",
            .product(name: "SwiftSyntax", package: "swift-syntax", condition: .when(traits: ["Extract"])),
            .product(name: "SwiftParser", package: "swift-syntax", condition: .when(traits: ["Extract"])),
        ]
    ),
    .executableTarget(
        name: "envtool-extract",
        dependencies: ["KeyExtraction", "JSONParsing", "Diagnostics", "Platform", .product(name: "ArgumentParser", package: "swift-argument-parser")]
    ),
    .testTarget(name: "KeyExtractionTests", dependencies: ["KeyExtraction", "AppleLocalization", "JSONParsing"], resources: [.copy("Fixtures")]),
]
