// swift-tools-version: 6.2
import PackageDescription

/// The two parts of the CLI that bring an HTTP server (Hummingbird and SwiftNIO), each behind a
/// trait named for what it brings: `Studio`, the preview studio (`liverules preview`), and
/// `Service`, the rules as a service (`liverules serve`) with signed bundles (`liverules bundle`,
/// on the system's libcrypto). `swift build --traits Studio,Service` builds both; a package
/// depending on `LiveRules` resolves neither's packages. `server`, for the HTTP server core both
/// configure, holds when either trait is on (a condition's traits are alternatives).
let studio: TargetDependencyCondition? = .when(traits: ["Studio"])
let service: TargetDependencyCondition? = .when(traits: ["Service"])
let server: TargetDependencyCondition? = .when(traits: ["Studio", "Service"])

/// Benchmarks and fuzz targets join the graph only when `LIVERULES_DEVELOPMENT` is set (the
/// scripts that build them, and scripts/test.sh, set it), so a plain build never compiles them.
let development = Context.environment["LIVERULES_DEVELOPMENT"] != nil

let package = Package(
    name: "LiveRules",
    // iOS and watchOS for LiveRulesActivity, the library an app and its widget link.
    platforms: [.macOS(.v14), .iOS("16.1"), .watchOS(.v9)],
    products: [
        .library(name: "Lua", targets: ["Lua"]),
        .library(name: "LiveRules", targets: ["LiveRules"]),
        .library(name: "LiveRulesExamples", targets: ["LiveRulesExamples"]),
        .library(name: "LiveRulesActivity", targets: ["LiveRulesActivity"]),
        .executable(name: "liverules", targets: ["liverules"]),
    ],
    traits: [
        .trait(name: "Studio", description: "The preview studio (`liverules preview`): an HTTP server on Hummingbird and SwiftNIO."),
        .trait(name: "Service", description: "The rules as a service (`liverules serve`) and signed bundles (`liverules bundle`): an HTTP server on Hummingbird and SwiftNIO, and the system's libcrypto."),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // `swift package generate-documentation`: the API docs, built by scripts/test.sh.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
        // The HTTP servers of `liverules preview` and `liverules serve` (LiveRulesPreview with the
        // Studio trait, LiveRulesServe with the Service trait), without Hummingbird's default
        // traits (swift-configuration).
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.0.0", traits: []),
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
        // What an app and its widget link to draw the presentation a push carries: pure Swift
        // on Foundation, no Lua, no C, no dependencies.
        .target(name: "LiveRulesActivity"),
        // The HTTP server core the studio and the service configure: starting an application
        // and wording its start failures, the connections' handlers, the error guard, the request
        // context. Only with the Studio or the Service trait (its sources are empty without both).
        .target(
            name: "LiveRulesHTTP",
            dependencies: [
                .product(name: "Hummingbird", package: "hummingbird", condition: server),
                .product(name: "HummingbirdCore", package: "hummingbird", condition: server),
                .product(name: "NIOCore", package: "swift-nio", condition: server),
                .product(name: "NIOHTTP1", package: "swift-nio", condition: server),
                .product(name: "Logging", package: "swift-log", condition: server),
                .product(name: "HTTPTypes", package: "swift-http-types", condition: server),
            ]
        ),
        // The preview studio: an HTTP server over the tooling, with its page compiled in by the
        // EmbedLua plugin, on the server core; only with the Studio trait (its sources are empty
        // without it).
        .target(
            name: "LiveRulesPreview",
            dependencies: [
                "LiveRulesTooling", "LiveRules",
                .target(name: "LiveRulesHTTP", condition: studio),
                .product(name: "Hummingbird", package: "hummingbird", condition: studio),
                .product(name: "NIOCore", package: "swift-nio", condition: studio),
                .product(name: "NIOHTTP1", package: "swift-nio", condition: studio),
                .product(name: "HTTPTypes", package: "swift-http-types", condition: studio),
            ],
            exclude: ["Page"],
            plugins: ["EmbedLua"]
        ),
        // `liverules serve`: the rules as an HTTP service, on the same server core, only with the
        // Service trait (its sources are empty without it).
        .target(
            name: "LiveRulesServe",
            dependencies: [
                "LiveRules",
                .target(name: "CBundleFetch", condition: service),
                .target(name: "LiveRulesBundle", condition: service),
                .target(name: "LiveRulesHTTP", condition: service),
                .product(name: "Hummingbird", package: "hummingbird", condition: service),
                .product(name: "HummingbirdCore", package: "hummingbird", condition: service),
                .product(name: "NIOCore", package: "swift-nio", condition: service),
                .product(name: "HTTPTypes", package: "swift-http-types", condition: service),
                .product(name: "NIOHTTP1", package: "swift-nio", condition: service),
            ]
        ),
        // The system's libcurl: a bundle poll's GET, bounded as it arrives (Debian's
        // libcurl4-openssl-dev; Homebrew's `curl`). Its C wrapper compiles to nothing without it.
        .systemLibrary(
            name: "CCurl",
            pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"]), .brew(["curl"])]
        ),
        .target(name: "CBundleFetch", dependencies: ["CCurl"]),
        // The system's libcrypto (OpenSSL 3): SHA-256 and Ed25519 for signed bundles, with nothing
        // to compile (Debian's libssl-dev; Homebrew's `openssl@3` is keg-only, see the README).
        .systemLibrary(
            name: "COpenSSL",
            pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"]), .brew(["openssl@3"])]
        ),
        // Signed pack bundles: the archive `liverules bundle` writes and `serve --bundle` checks
        // before it loads a pack. Only with the Service trait (its sources are empty without it).
        .target(
            name: "LiveRulesBundle",
            dependencies: ["LiveRules", .target(name: "COpenSSL", condition: service)]
        ),
        // The CLI. Its folder is LiveRulesCLI: `Sources/liverules` would differ from
        // `Sources/LiveRules` only by case, and a Mac's disk folds the two into one.
        .executableTarget(
            name: "liverules",
            dependencies: [
                "LiveRulesTooling", "LiveRules",
                .target(name: "LiveRulesPreview", condition: studio),
                .target(name: "LiveRulesServe", condition: service),
                .target(name: "LiveRulesBundle", condition: service),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Sources/LiveRulesCLI"
        ),
        // The hostile corpus's header grammar: for the tests and the HostileBenchmarks executable.
        .target(name: "HostileCorpus", dependencies: ["Lua"], path: "Tests/HostileCorpus"),
        .testTarget(
            name: "LuaTests",
            dependencies: ["Lua", "CLua", "CLuaShim", "HostileCorpus", "TestPacks"],
            resources: [.copy("Resources")]
        ),
        // What a printed `curl` command hands to curl, run by a real shell: for the push tests
        // of the library and of the CLI.
        .target(name: "CurlCapture", dependencies: ["TestPacks"], path: "Tests/CurlCapture"),
        // A child process's output, read without dispatch sources: for the tests that run the CLI
        // and its servers in processes of their own.
        .target(name: "ChildOutput", path: "Tests/ChildOutput"),
        // Packs for tests: the package's folders, a bundled pack copied to change, and the folder
        // tests write in, removed when their process exits.
        .target(name: "TestPacks", path: "Tests/TestPacks"),
        .testTarget(
            name: "LiveRulesTests",
            dependencies: ["LiveRules", "LiveRulesTooling", "LiveRulesExamples", "Lua", "CLiveRules", "CurlCapture", "TestPacks"],
            resources: [.copy("Resources")]
        ),
        // The device library: its sample bodies, and the wire form's JSON Schema checked by
        // python3-jsonschema.
        // Every bundled fixture's push, built by LiveRules, decoded by the library.
        .testTarget(name: "LiveRulesActivityTests", dependencies: ["LiveRulesActivity", "LiveRules", "TestPacks"], resources: [.copy("Resources")]),
        // The CLI's tooling: lint, pack checks and types, timelines, diffs.
        .testTarget(name: "LiveRulesToolingTests", dependencies: ["LiveRulesTooling", "LiveRules", "TestPacks"]),
        .testTarget(name: "LiveRulesCLITests", dependencies: ["liverules", "CurlCapture", "ChildOutput", "TestPacks"]),
        // A `liverules` server in a process of its own, and a plain HTTP client for it: for the
        // studio's and the service's tests.
        .target(name: "HTTPTestSupport", dependencies: ["ChildOutput"], path: "Tests/HTTPTestSupport"),
        // Run the built `liverules preview` and `liverules serve` in processes of their own (their
        // servers and their memory stay out of the test process, whose other suites measure theirs).
        .testTarget(name: "LiveRulesPreviewTests", dependencies: ["liverules", "HTTPTestSupport", "TestPacks"]),
        // Also where a presentation runs (`PresentationSite`), which needs no server.
        .testTarget(name: "LiveRulesServeTests", dependencies: [
            "liverules", "HTTPTestSupport", "TestPacks", "LiveRules", .target(name: "LiveRulesServe", condition: service),
        ]),
        // The bundle archive, its signature and every way a bundle is refused.
        .testTarget(name: "LiveRulesBundleTests", dependencies: [
            "LiveRules", "TestPacks", .target(name: "LiveRulesBundle", condition: service),
        ]),
    ],
    swiftLanguageModes: [.v6]
)

if development {
    package.targets += [
        .target(name: "BenchmarkSupport", dependencies: ["CLua", "Lua", "LiveRulesExamples"], path: "Benchmarks/BenchmarkSupport"),
        .executableTarget(
            name: "LuaBenchmarks",
            dependencies: ["Lua", "LiveRulesExamples", "CLua", "CLuaShim", "BenchmarkSupport"],
            path: "Benchmarks/LuaBenchmarks"
        ),
        .executableTarget(
            name: "HostileBenchmarks",
            dependencies: ["Lua", "HostileCorpus"],
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
            name: "ExploreBenchmarks",
            dependencies: ["LiveRules"],
            path: "Benchmarks/ExploreBenchmarks"
        ),
        .executableTarget(
            name: "NextUpdateBenchmarks",
            dependencies: ["LiveRules"],
            path: "Benchmarks/NextUpdateBenchmarks"
        ),
        .executableTarget(
            name: "PresentationBenchmarks",
            dependencies: ["LiveRules", "LiveRulesExamples", "BenchmarkSupport"],
            path: "Benchmarks/PresentationBenchmarks"
        ),
        // Fuzz targets: plain builds check the files they are given; scripts/fuzz.sh builds them
        // with libFuzzer.
        .target(name: "LibFuzzer", path: "Fuzz/LibFuzzer"),
        .executableTarget(name: "FuzzJSON", dependencies: ["LiveRules", "LibFuzzer"], path: "Fuzz/FuzzJSON"),
        .executableTarget(name: "FuzzManifest", dependencies: ["LiveRules", "LibFuzzer"], path: "Fuzz/FuzzManifest"),
    ]
}
