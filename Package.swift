// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "LiveRules",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "Lua", targets: ["Lua"]),
        .library(name: "LiveRules", targets: ["LiveRules"]),
        .executable(name: "liverules", targets: ["liverules"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CLua",
            pkgConfig: "lua5.4",
            providers: [.apt(["liblua5.4-dev"]), .brew(["lua"])]
        ),
        .target(
            name: "CLuaShim",
            dependencies: ["CLua"],
            // Optimized in every configuration: the shim enforces the budgets, and how long a
            // hostile rule takes to stop must not depend on the build configuration.
            cSettings: [.unsafeFlags(["-Wall", "-Wextra", "-O2"])]
        ),
        .target(name: "Lua", dependencies: ["CLua", "CLuaShim"]),
        // The host's own C over Lua's API (the schema checker and input views), on the shim's
        // shared utilities; reached from Swift only through the Lua layer's LuaState.
        .target(name: "CLiveRules", dependencies: ["CLua", "CLuaShim"]),
        .target(
            name: "LiveRules",
            dependencies: ["Lua", "CLiveRules"],
            resources: [.copy("Helpers"), .copy("Driver")]
        ),
        .target(name: "LiveRulesExamples"),
        .executableTarget(
            name: "liverules",
            dependencies: ["LiveRules", "Lua", .product(name: "ArgumentParser", package: "swift-argument-parser")]
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
            name: "GoldenBenchmarks",
            dependencies: ["LiveRules"],
            path: "Benchmarks/GoldenBenchmarks"
        ),
        .executableTarget(
            name: "PresentationBenchmarks",
            dependencies: ["LiveRules", "LiveRulesExamples", "CLua", "CLuaShim", "BenchmarkSupport"],
            path: "Benchmarks/PresentationBenchmarks"
        ),
        .testTarget(
            name: "LuaTests",
            dependencies: ["Lua", "CLua", "CLuaShim"],
            resources: [.copy("Resources")]
        ),
        .testTarget(
            name: "LiveRulesTests",
            dependencies: ["LiveRules", "LiveRulesExamples", "Lua", "CLiveRules"],
            resources: [.copy("Resources")]
        ),
        .testTarget(name: "LiveRulesCLITests", dependencies: ["liverules"]),
        // Fuzz targets: plain builds check the files they are given; scripts/fuzz.sh builds them
        // with libFuzzer.
        .target(name: "LibFuzzer", path: "Fuzz/LibFuzzer"),
        .executableTarget(name: "FuzzJSON", dependencies: ["LiveRules", "LibFuzzer"], path: "Fuzz/FuzzJSON"),
        .executableTarget(name: "FuzzManifest", dependencies: ["LiveRules", "LibFuzzer"], path: "Fuzz/FuzzManifest"),
    ],
    swiftLanguageModes: [.v6]
)
