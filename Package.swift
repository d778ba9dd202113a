// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "envtool",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "StringsFile", targets: ["StringsFile"]),
        .library(name: "EnvironmentKit", targets: ["EnvironmentKit"]),
        .executable(name: "envtool", targets: ["envtool"]),
        .executable(name: "envbench", targets: ["envbench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        .target(name: "StringsFile"),
        .target(name: "EnvironmentKit", dependencies: ["StringsFile"]),
        .executableTarget(
            name: "envtool",
            dependencies: [
                "EnvironmentKit", "StringsFile",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "envbench", dependencies: ["EnvironmentKit", "StringsFile"]),
        .testTarget(name: "StringsFileTests", dependencies: ["StringsFile"]),
        .testTarget(name: "EnvironmentKitTests", dependencies: ["EnvironmentKit"]),
        .testTarget(name: "EnvtoolCLITests", dependencies: ["envtool"]),
    ]
)
