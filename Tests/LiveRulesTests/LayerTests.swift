import Foundation
import TestPacks
import Testing

/// The layers point one way: `CLua` <- `CLuaShim` <- `Lua` <- `LiveRules` <- `LiveRulesTooling`
/// <- `LiveRulesPreview` <- `liverules`, with `CLiveRules` (the host's C) beside `LiveRules` and
/// `LiveRulesServe` (the service, on `LiveRules` alone) beside `LiveRulesTooling`.
/// Checked on the sources themselves, so a new file that imports or includes upward fails here.
@Suite struct LayerTests {
    /// The project's modules each Swift target may import.
    static let allowedImports: [String: Set<String>] = [
        "Lua": ["CLua", "CLuaShim"],
        "LiveRules": ["Lua", "CLiveRules"],
        "LiveRulesTooling": ["Lua", "LiveRules"],
        "LiveRulesExamples": [],
        "LiveRulesActivity": [],
        "LiveRulesPreview": ["LiveRules", "LiveRulesTooling"],
        "LiveRulesServe": ["LiveRules"],
        "liverules": ["LiveRules", "LiveRulesTooling", "LiveRulesPreview", "LiveRulesServe"],
    ]
    /// The only targets that may import the web server and SwiftNIO: apps that link `LiveRules`
    /// never link them.
    static let serverTargets: Set<String> = ["LiveRulesPreview", "LiveRulesServe", "liverules"]
    /// The project's C headers each C target may include.
    static let allowedHeaders: [String: Set<String>] = [
        "CLuaShim": ["CLuaShim.h", "lrs_dump.h", "lrs_pool.h"],
        "CLiveRules": ["CLuaShim.h", "CLiveRules.h", "lrl_descriptor.h", "lrl_view.h"],
    ]
    static let projectModules: Set<String> = ["CLua", "CLuaShim", "CLiveRules", "Lua", "LiveRules", "LiveRulesTooling",
                                               "LiveRulesExamples", "LiveRulesActivity", "LiveRulesPreview", "LiveRulesServe"]

    /// Every file of `target` ending in one of `suffixes`, with its text.
    static func files(of target: String, ending suffixes: [String]) throws -> [(path: String, text: String)] {
        let folder = Paths.root.appendingPathComponent("Sources/\(target)")
        let walker = try #require(FileManager.default.enumerator(atPath: folder.path))
        var found: [(String, String)] = []
        for case let relative as String in walker where suffixes.contains(where: relative.hasSuffix) {
            found.append(("Sources/\(target)/\(relative)",
                          try String(contentsOf: folder.appendingPathComponent(relative), encoding: .utf8)))
        }
        return found
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

    /// The studio and the service are built only with the package's `Studio` trait: each file of
    /// LiveRulesPreview and LiveRulesServe, and each file of the CLI that imports one, compiles
    /// only under `#if Studio`, and the manifest depends on the server's packages only under that
    /// condition, so a package that depends on `LiveRules` never resolves them.
    @Test func theStudioIsBuiltOnlyWithItsTrait() throws {
        let studio = try Self.files(of: "LiveRulesPreview", ending: [".swift"]) + Self.files(of: "LiveRulesServe", ending: [".swift"])
            + Self.files(of: "liverules", ending: [".swift"]).filter { $0.text.contains("import LiveRulesPreview") || $0.text.contains("import LiveRulesServe") }
        #expect(studio.count > 1)
        for (path, text) in studio {
            #expect(text.hasPrefix("#if Studio\n") && text.hasSuffix("#endif\n"), "\(path) is built without the trait")
        }
        let manifest = try String(contentsOf: Paths.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let server = ["\"hummingbird\"", "\"swift-nio\"", "\"swift-log\"", "\"swift-http-types\"", "name: \"LiveRulesPreview\", condition",
                      "name: \"LiveRulesServe\", condition"]
        let uses = manifest.split(separator: "\n").filter { line in line.contains(".product(") || line.contains(".target(name:") }
            .filter { line in server.contains { line.contains($0) } }
        #expect(uses.count == 14, "\(uses)")
        for line in uses {
            #expect(line.contains("condition: studio"), "Package.swift: \(line)")
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
