import Foundation
@testable import LiveRules
import Lua
import TestPacks
import Testing

/// The `liverules.*` helper modules, tested by the Lua test files in Resources/helpers: each
/// returns a table of named test functions, run here one by one in a sandboxed, sealed state
/// holding the helper modules compiled into LiveRules, with the host functions a presenter installs.
@Suite struct HelperLibraryTests {
    static let files = ["time", "placements", "text", "colour", "decide", "layout", "palette", "promise"]

    @Test(arguments: files)
    func helperModule(_ name: String) throws {
        let sandbox = LuaSandbox(
            moduleRoot: Paths.resources.appendingPathComponent("helpers"),
            hostModules: HostResources.helpers, hostModulePrefix: HostResources.modulePrefix)
        let state = try LuaState(sandbox: sandbox)
        HostFunctions.install(in: state)
        let file = Paths.resources.appendingPathComponent("helpers/\(name)_test.lua")
        let source = try String(contentsOf: file, encoding: .utf8)
        let tests = try state.run(source, chunkName: "helpers/\(name)_test.lua", returning: [String: LuaRef].self)
        try state.sealGlobals()
        #expect(tests.count >= 10, "\(name)_test.lua has only \(tests.count) tests")
        for testName in tests.keys.sorted() {
            do {
                try state.call(tests[testName]!)
            } catch {
                Issue.record("\(name): \(testName): \(error)")
            }
        }
    }

    /// The helper sources, by file name.
    static func helperSources() throws -> [String: String] {
        let folder = Paths.helpers.appendingPathComponent("liverules")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".lua") }
        return try Dictionary(uniqueKeysWithValues: names.map { name in
            (name, try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8))
        })
    }

    /// The placement table is the host's: no helper names a placement (a copy of the list or of
    /// its budgets would), so the helpers cannot drift from `Placement` and its budgets.
    @Test func noHelperHoldsItsOwnPlacementTable() throws {
        let sources = try Self.helperSources()
        // support.lua and explain.lua have no test file here: explain.lua records only under an
        // explaining presenter, which ExplainTests runs.
        #expect(sources.count == Self.files.count + 2, "\(sources.keys.sorted())")
        for (name, source) in sources {
            let code = source.split(separator: "\n").map { $0.components(separatedBy: "--")[0] }.joined(separator: "\n")
            for placement in Placement.allCases {
                #expect(!code.contains("\"\(placement.rawValue)\"") && !code.contains("\(placement.rawValue) ="),
                        "\(name) names \(placement.rawValue)")
            }
        }
    }

    /// Showing values in messages, read-only views and "did you mean" each have one
    /// implementation, in `liverules.support` (suggestions themselves come from the host).
    @Test func sharedMachineryIsWrittenOnce() throws {
        for (name, source) in try Self.helperSources() where name != "support.lua" {
            for copy in ["function describe", "__newindex", "did you mean", "distance("] {
                #expect(!source.contains(copy), "\(name) has its own \(copy)")
            }
        }
    }
}
