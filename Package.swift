// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "LiveRules",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "Lua", targets: ["Lua"]),
        .library(name: "LiveRules", targets: ["LiveRules"]),
        .library(name: "LiveRulesExamples", targets: ["LiveRulesExamples"]),
        .executable(name: "liverules", targets: ["liverules"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // `swift package generate-documentation`: the API docs, built by scripts/test.sh.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
        // `liverules preview`: the HTTP server of the preview studio (LiveRulesPreview only).
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.0.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.65.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.0.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CLua",
            pkgConfig: "lua5.4",
            // Homebrew's `lua@5.4` is keg-only: see the README for the PKG_CONFIG_PATH it needs.
            providers: [.apt(["liblua5.4-dev"]), .brew(["lua@5.4"])]
        ),
        // Its C warnings are checked by scripts/test.sh (-Wall -Wextra -Werror): flags set here
        // would be `unsafeFlags`, which versioned dependencies may not use.
        .target(name: "CLuaShim", dependencies: ["CLua"]),
        .target(name: "Lua", dependencies: ["CLua", "CLuaShim"]),
        // The host's own C over Lua's API (the schema checker and input views), on the shim's
        // shared utilities; reached from Swift only through the Lua layer's LuaState.
        .target(name: "CLiveRules", dependencies: ["CLua", "CLuaShim"]),
        // The helper library and the driver are compiled in by the EmbedLua plugin (no resource
        // bundle: a copied or installed binary finds everything it needs inside itself).
        .target(
            name: "LiveRules",
            dependencies: ["Lua", "CLiveRules"],
            exclude: ["Helpers", "Driver"],
            plugins: ["EmbedLua"]
        ),
        .executableTarget(name: "EmbedLuaTool"),
        .plugin(name: "EmbedLua", capability: .buildTool(), dependencies: ["EmbedLuaTool"]),
        // What only the CLI needs: golden reports, recording, review, coverage, pack checks.
        .target(name: "LiveRulesTooling", dependencies: ["LiveRules"]),
        .target(name: "LiveRulesExamples"),
        // The preview studio: an HTTP server over the tooling, with its page compiled in by the
        // EmbedLua plugin. The only library target that depends on Hummingbird and SwiftNIO.
        .target(
            name: "LiveRulesPreview",
            dependencies: [
                "LiveRulesTooling", "LiveRules", .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"), .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"), .product(name: "Logging", package: "swift-log"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            exclude: ["Page"],
            plugins: ["EmbedLua"]
        ),
        .executableTarget(
            name: "liverules",
            dependencies: [
                "LiveRulesTooling", "LiveRulesPreview", "LiveRules", "Lua",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .target(name: "BenchmarkSupport", dependencies: ["CLua", "LiveRulesExamples"], path: "Benchmarks/BenchmarkSupport"),
        .executableTarget(
            name: "LuaBenchmarks",
            dependencies: ["Lua", "LiveRulesExamples", "CLua", "CLuaShim", "BenchmarkSupport"],
            path: "Benchmarks/LuaBenchmarks"
        ),
        .executableTarget(
            name: "HostileBenchmarks",
            dependencies: ["Lua"],
            path: "Benchmarks/HostileBenchmarks"
        ),
        .executableTarget(
            name: "ReloadBenchmarks",
            dependencies: ["LiveRules", "BenchmarkSupport"],
            path: "Benchmarks/ReloadBenchmarks"
        ),
        .executableTarget(
            name: "InputLimitBenchmarks",
            dependencies: ["LiveRules"],
            path: "Benchmarks/InputLimitBenchmarks"
        ),
        .executableTarget(
            name: "GoldenBenchmarks",
            dependencies: ["LiveRules", "LiveRulesTooling"],
            path: "Benchmarks/GoldenBenchmarks"
        ),
        .executableTarget(
            name: "PresentationBenchmarks",
            dependencies: ["LiveRules", "LiveRulesExamples", "BenchmarkSupport"],
            path: "Benchmarks/PresentationBenchmarks"
        ),
        .testTarget(
            name: "LuaTests",
            dependencies: ["Lua", "CLua", "CLuaShim"],
            resources: [.copy("Resources")]
        ),
        // What a printed `curl` command hands to curl, run by a real shell: for the push tests
        // of the library and of the CLI.
        .target(name: "CurlCapture", path: "Tests/CurlCapture"),
        .testTarget(
            name: "LiveRulesTests",
            dependencies: ["LiveRules", "LiveRulesTooling", "LiveRulesExamples", "Lua", "CLiveRules", "CurlCapture"],
            resources: [.copy("Resources")]
        ),
        .testTarget(name: "LiveRulesCLITests", dependencies: ["liverules", "CurlCapture"]),
        // Runs the built `liverules preview` in processes of its own (its server and its memory
        // stay out of the test process, whose other suites measure theirs).
        .testTarget(name: "LiveRulesPreviewTests", dependencies: ["liverules"]),
        // Fuzz targets: plain builds check the files they are given; scripts/fuzz.sh builds them
        // with libFuzzer.
        .target(name: "LibFuzzer", path: "Fuzz/LibFuzzer"),
        .executableTarget(name: "FuzzJSON", dependencies: ["LiveRules", "LibFuzzer"], path: "Fuzz/FuzzJSON"),
        .executableTarget(name: "FuzzManifest", dependencies: ["LiveRules", "LibFuzzer"], path: "Fuzz/FuzzManifest"),
    ],
    swiftLanguageModes: [.v6]
)
