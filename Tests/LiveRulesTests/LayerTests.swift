import Foundation
import TestPacks
import Testing

/// The layers point one way: `CLua` <- `CLuaShim` <- `Lua` <- `LiveRules` <- `LiveRulesTooling`
/// <- `LiveRulesPreview` <- `liverules`, with `CLiveRules` (the host's C) beside `LiveRules`,
/// `LiveRulesServe` (the service) and `LiveRulesBundle` (signed bundles, on `COpenSSL`) on
/// `LiveRules` beside `LiveRulesTooling`; the studio and the service both on `LiveRulesHTTP`, the
/// HTTP server core, which imports nothing of the project.
/// Checked on the sources themselves, so a new file that imports or includes upward fails here;
/// and on `Package.swift`, so a new target cannot be left off this table or the architecture
/// article.
@Suite struct LayerTests {
    /// The project's modules each Swift target may import, by target name.
    static let allowedImports: [String: Set<String>] = [
        "Lua": ["CLua", "CLuaShim"],
        "LiveRules": ["Lua", "CLiveRules"],
        "LiveRulesTooling": ["Lua", "LiveRules"],
        "LiveRulesExamples": [],
        "LiveRulesActivity": [],
        "LiveRulesHTTP": [],
        "LiveRulesPreview": ["LiveRules", "LiveRulesTooling", "LiveRulesHTTP"],
        "LiveRulesServe": ["LiveRules", "LiveRulesBundle", "LiveRulesHTTP", "CBundleFetch"],
        "LiveRulesBundle": ["LiveRules", "COpenSSL"],
        "EmbedLuaTool": [],
        "liverules": ["LiveRules", "LiveRulesTooling", "LiveRulesPreview", "LiveRulesServe", "LiveRulesBundle"],
    ]
    /// The project's C headers each C target may include.
    static let allowedHeaders: [String: Set<String>] = [
        "CLuaShim": ["CLuaShim.h", "lrs_dump.h", "lrs_pool.h"],
        "CLiveRules": ["CLuaShim.h", "CLiveRules.h", "lrl_descriptor.h", "lrl_view.h", "lrl_text.h"],
        "CBundleFetch": ["CBundleFetch.h"],
    ]
    /// Targets with no sources of their own to check: the system libraries and the build plugin.
    static let withoutSources: Set<String> = ["CLua", "COpenSSL", "CCurl", "EmbedLua"]
    /// The only targets that may import the web server and SwiftNIO: apps that link `LiveRules`
    /// never link them.
    static let serverTargets: Set<String> = ["LiveRulesHTTP", "LiveRulesPreview", "LiveRulesServe", "liverules"]
    /// Where a target's sources are when its folder is not its name.
    static let folders = ["liverules": "LiveRulesCLI"]
    static let projectModules = Set(allowedImports.keys).union(allowedHeaders.keys).union(withoutSources)

    /// Every file of `target` ending in one of `suffixes`, with its text.
    static func files(of target: String, ending suffixes: [String]) throws -> [(path: String, text: String)] {
        let folder = "Sources/\(folders[target] ?? target)"
        let walker = try #require(FileManager.default.enumerator(atPath: Paths.root.appendingPathComponent(folder).path))
        var found: [(String, String)] = []
        for case let relative as String in walker where suffixes.contains(where: relative.hasSuffix) {
            found.append(("\(folder)/\(relative)",
                          try String(contentsOf: Paths.root.appendingPathComponent("\(folder)/\(relative)"), encoding: .utf8)))
        }
        return found
    }

    /// Every target of `Package.swift` outside `Tests/`, `Benchmarks/` and `Fuzz/`, with the
    /// folder the manifest names for it (nil: its name under `Sources/` or `Plugins/`).
    static func packageTargets() throws -> [(name: String, path: String?)] {
        let manifest = try String(contentsOf: Paths.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        // A declaration opens a line of the targets' list; a dependency on a target is nested deeper.
        let declaration = /^ {8}\.(?:target|executableTarget|systemLibrary|plugin)\(\s*name:\s*"([^"]+)"/.anchorsMatchLineEndings()
        let path = /path:\s*"([^"]+)"/
        let starts = manifest.matches(of: declaration)
        return starts.enumerated().compactMap { index, start in
            let end = index + 1 < starts.count ? starts[index + 1].range.lowerBound : manifest.endIndex
            let folder = manifest[start.range.upperBound..<end].firstMatch(of: path).map { String($0.1) }
            if let folder, ["Tests/", "Benchmarks/", "Fuzz/"].contains(where: folder.hasPrefix) { return nil }
            return (String(start.1), folder)
        }
    }

    /// Every target of the package is on the table above and in the architecture article, and
    /// its folder is where the table says.
    @Test func everyTargetIsOnTheMaps() throws {
        let targets = try Self.packageTargets()
        #expect(targets.count >= 14, "\(targets)")
        let article = try String(contentsOf: Paths.root.appendingPathComponent(
            "Sources/LiveRules/LiveRules.docc/Articles/Architecture.md"), encoding: .utf8)
        for (name, path) in targets {
            #expect(Self.projectModules.contains(name), "\(name) is not on LayerTests' table")
            #expect(article.contains(try Regex("\\b\(name)\\b")), "\(name) is not in Architecture.md")
            if !Self.withoutSources.contains(name) {
                #expect(path == Self.folders[name].map { "Sources/\($0)" }, "\(name)'s folder: \(path ?? name)")
            }
        }
        for name in Self.projectModules {
            #expect(targets.contains { $0.name == name }, "\(name) is on LayerTests' table but not in Package.swift")
        }
    }

    /// Each module's tests live in a target named after it (`LuaTests` for `Lua`, the CLI's in
    /// `LiveRulesCLITests`, after its folder).
    @Test func everyTestTargetIsNamedAfterItsModule() throws {
        let manifest = try String(contentsOf: Paths.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let names = manifest.matches(of: /\.testTarget\(\s*name:\s*"([^"]+)Tests"/).map { String($0.1) }
        #expect(names.count >= 8)
        let modules = Set(Self.allowedImports.keys.map { Self.folders[$0] ?? $0 })
        for name in names {
            #expect(modules.contains(name), "\(name)Tests is named after no module")
        }
    }

    /// Every source file the architecture article names (`Evaluation/Presenter.swift`,
    /// `CLiveRules/lrl_check.c`, `Driver/driver.lua`) exists, under `Sources/` or one of its
    /// targets: a file merged or renamed away fails here until the article follows.
    @Test func theArticleNamesOnlyFilesThatExist() throws {
        let article = try String(contentsOf: Paths.root.appendingPathComponent(
            "Sources/LiveRules/LiveRules.docc/Articles/Architecture.md"), encoding: .utf8)
        let named = article.matches(of: /`((?:[A-Za-z]+\/)+[A-Za-z_+]+\.(?:swift|c|h|lua))`/).map { String($0.1) }
        #expect(named.count > 20)
        let targets = try FileManager.default.contentsOfDirectory(atPath: Paths.root.appendingPathComponent("Sources").path)
        for path in Set(named) {
            let found = ([path] + targets.map { "\($0)/\(path)" }).contains {
                FileManager.default.fileExists(atPath: Paths.root.appendingPathComponent("Sources/\($0)").path)
            }
            #expect(found, "Architecture.md names \(path), which no target has")
        }
    }

    /// No comment or document cites a file outside the repository, which a clone does not have.
    @Test func nothingCitesFilesOutsideTheRepository() throws {
        var cited: [String] = []
        for folder in ["Sources", "Tests", "Benchmarks", "scripts"] {
            let root = Paths.root.appendingPathComponent(folder)
            let walker = try #require(FileManager.default.enumerator(atPath: root.path))
            for case let relative as String in walker where [".swift", ".md", ".c", ".h", ".lua", ".sh", ".py", ".js"].contains(where: relative.hasSuffix) {
                let text = try String(contentsOf: root.appendingPathComponent(relative), encoding: .utf8)
                if text.contains(/domain\/(placements|payload)\.md|shared\/(peers|domain|PRODUCT|DESIGN)/) { cited.append("\(folder)/\(relative)") }
            }
        }
        #expect(cited.isEmpty, "\(cited)")
    }

    /// No two paths of the repository are equal but for case: a Mac's disk folds them into one.
    @Test func noTwoPathsDifferOnlyByCase() throws {
        let git = Process()
        git.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        git.arguments = ["git", "-C", Paths.root.path, "ls-files"]
        let output = Pipe()
        git.standardOutput = output
        try git.run()
        let listed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        git.waitUntilExit()
        try #require(git.terminationStatus == 0, "git ls-files failed")
        let files = listed.split(separator: "\n").map(String.init)
        #expect(files.count > 100)
        #expect(Self.caseClashes(in: files).isEmpty, "paths equal but for case: \(Self.caseClashes(in: files))")
        #expect(Self.caseClashes(in: ["Sources/LiveRules/a.swift", "Sources/liverules/b.swift", "README.md"])
                == [["Sources/LiveRules", "Sources/liverules"]])
    }

    /// The groups of paths (files and every folder above them) that are equal but for case.
    static func caseClashes(in files: [String]) -> [[String]] {
        var paths: Set<String> = []
        for file in files {
            let parts = file.split(separator: "/")
            for end in parts.indices { paths.insert(parts[...end].joined(separator: "/")) }
        }
        return Dictionary(grouping: paths) { $0.lowercased() }.values.filter { $0.count > 1 }.map { $0.sorted() }.sorted { $0[0] < $1[0] }
    }

    @Test(arguments: allowedImports.keys.sorted())
    func swiftTargetsImportOnlyLowerLayers(_ target: String) throws {
        let files = try Self.files(of: target, ending: [".swift"])
        #expect(!files.isEmpty)
        for (path, text) in files {
            for line in text.split(separator: "\n") {
                let words = line.split(separator: " ")
                guard let index = words.firstIndex(of: "import"), index + 1 < words.count,
                      words[..<index].allSatisfy({ ["@testable", "@_exported", "public", "package", "internal"].contains($0) })
                else { continue }
                let module = String(words[index + 1])
                guard Self.projectModules.contains(module) else { continue }
                #expect(Self.allowedImports[target]!.contains(module), "\(path) imports \(module)")
            }
        }
    }

    @Test(arguments: allowedImports.keys.sorted())
    func onlyTheServersImportTheServerStack(_ target: String) throws {
        for (path, text) in try Self.files(of: target, ending: [".swift"]) {
            for line in text.split(separator: "\n") where line.hasPrefix("import ") || line.contains(" import ") {
                let module = line.split(separator: " ").drop { $0 != "import" }.dropFirst().first.map(String.init) ?? ""
                let isServer = module.hasPrefix("Hummingbird") || module.hasPrefix("NIO") || module == "Logging"
                #expect(!isServer || Self.serverTargets.contains(target), "\(path) imports \(module)")
            }
        }
    }

    /// The studio is built only with the package's `Studio` trait, the service and bundles only
    /// with its `Service` trait, the server core with either: each file of their targets, and each
    /// file of the CLI that imports one, compiles only under its trait's `#if`, and the manifest
    /// depends on them and on the server's packages only under that trait (`server` for the core:
    /// either), so a package that depends on `LiveRules` never resolves them.
    @Test func theServersAreBuiltOnlyWithTheirTraits() throws {
        let traits = ["LiveRulesPreview": "Studio", "LiveRulesServe": "Service", "LiveRulesBundle": "Service",
                      "LiveRulesHTTP": "Studio || Service"]
        let cli = try Self.files(of: "liverules", ending: [".swift"])
        var checked = 0
        for (target, trait) in traits {
            let files = try Self.files(of: target, ending: [".swift"]) + cli.filter { $0.text.contains("import \(target)\n") }
            #expect(files.count > 1)
            for (path, text) in files {
                #expect(text.hasPrefix("#if \(trait)\n") && text.hasSuffix("#endif\n"), "\(path) is built without the \(trait) trait")
                checked += 1
            }
        }
        #expect(checked > 40)
        let manifest = try String(contentsOf: Paths.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let gated = ["\"hummingbird\"", "\"swift-nio\"", "\"swift-log\"", "\"swift-http-types\"", "name: \"COpenSSL\", condition", "name: \"CBundleFetch\", condition"]
            + traits.keys.map { "name: \"\($0)\", condition" }
        let uses = manifest.split(separator: "\n").filter { line in line.contains(".product(") || line.contains(".target(name:") }
            .filter { line in gated.contains { line.contains($0) } }
        // The core's 6 packages; the studio's core and 4 packages; the service's bundles, core,
        // 5 packages (its pipeline handler needs HummingbirdCore and NIOHTTP1) and bundle fetch
        // (libcurl); the bundles' libcrypto; the CLI's studio, service and bundles; the bundle
        // tests' and the service tests' (where a presentation runs).
        #expect(uses.count == 25, "\(uses)")
        for line in uses {
            #expect(["condition: studio", "condition: service", "condition: server"].contains(where: line.contains), "Package.swift: \(line)")
        }
    }

    @Test(arguments: allowedHeaders.keys.sorted())
    func cTargetsIncludeOnlyLowerLayers(_ target: String) throws {
        let files = try Self.files(of: target, ending: [".c", ".h"])
        #expect(!files.isEmpty)
        for (path, text) in files {
            for line in text.split(separator: "\n") where line.hasPrefix("#include \"") {
                let header = line.dropFirst("#include \"".count).prefix { $0 != "\"" }
                #expect(Self.allowedHeaders[target]!.contains(String(header)), "\(path) includes \(header)")
            }
        }
    }

    /// The Lua layer is a general sandbox: the host's module prefix, packs, schemas and
    /// placements are parameters it is given, never names it knows.
    @Test func theLuaLayerKnowsNothingOfTheHost() throws {
        let files = try Self.files(of: "Lua", ending: [".swift"]) + Self.files(of: "CLuaShim", ending: [".c", ".h"])
        for (path, text) in files {
            for word in ["liverules.", "liverules/", "Placement", "lockScreen", "RulePack", "schema", "lrl_"] {
                #expect(!text.contains(word), "\(path) mentions \(word)")
            }
        }
    }
}
