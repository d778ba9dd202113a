// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "envtool",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "StringsFile", targets: ["StringsFile"]),
        .library(name: "EnvironmentCrypto", targets: ["EnvironmentCrypto"]),
        .library(name: "EnvironmentKit", targets: ["EnvironmentKit"]),
        .library(name: "I18Next", targets: ["I18Next"]),
        .executable(name: "envtool", targets: ["envtool"]),
        .executable(name: "envbench", targets: ["envbench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        .systemLibrary(name: "CSodium", pkgConfig: "libsodium", providers: [.apt(["libsodium-dev"])]),
        .target(name: "EnvironmentCrypto", dependencies: ["CSodium"]),
        .target(name: "StringsFile"),
        .target(name: "JSONParsing"),
        .target(
            name: "I18Next",
            dependencies: ["JSONParsing"],
            // Foundation's own copy of ICU: the same library (and CLDR data) JavaScript's Intl is built on.
            linkerSettings: [.linkedLibrary("_FoundationICU", .when(platforms: [.linux]))]
        ),
        .target(name: "EnvironmentKit", dependencies: ["StringsFile", "EnvironmentCrypto", "JSONParsing", "I18Next"]),
        .executableTarget(
            name: "envtool",
            dependencies: [
                "EnvironmentKit", "StringsFile", "EnvironmentCrypto", "I18Next",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "envbench", dependencies: ["EnvironmentKit", "StringsFile", "EnvironmentCrypto", "CSodium", "I18Next"]),
        .testTarget(name: "StringsFileTests", dependencies: ["StringsFile"]),
        .testTarget(name: "EnvironmentCryptoTests", dependencies: ["EnvironmentCrypto"], resources: [.copy("Fixtures")]),
        .testTarget(name: "I18NextTests", dependencies: ["I18Next"], resources: [.copy("Fixtures")]),
        .testTarget(name: "EnvironmentKitTests", dependencies: ["EnvironmentKit", "I18Next"]),
        .testTarget(name: "EnvtoolCLITests", dependencies: ["envtool"]),

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
