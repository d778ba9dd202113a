// swift-tools-version:6.2
import PackageDescription

// An app that reads its environments through accessors generated at build time by envtool's
// EnvtoolGenerate plugin, and encrypts environments.json with `swift package envtool-encrypt`.
let package = Package(
    name: "EnvironmentsApp",
    platforms: [.macOS(.v15)],
    dependencies: [
        // envtool itself, from this repository; an app elsewhere uses
        // .package(url: "https://github.com/<owner>/envtool", from: "0.1.0").
        .package(name: "envtool", path: "../..")
    ],
    targets: [
        .executableTarget(
            name: "EnvironmentsApp",
            dependencies: [
                .product(name: "EnvironmentKit", package: "envtool"),
                .product(name: "I18Next", package: "envtool"),
            ],
            plugins: [.plugin(name: "EnvtoolGenerate", package: "envtool")]
        )
    ]
)
