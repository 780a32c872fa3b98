import Foundation
@testable import LiveRules
import Lua
import Testing

/// The `liverules.*` helper modules, tested by the Lua test files in Resources/helpers: each
/// returns a table of named test functions, run here one by one in a sandboxed, sealed state
/// holding the helper modules compiled into LiveRules.
@Suite struct HelperLibraryTests {
    static let files = ["time", "placements", "text", "colour", "decide", "layout", "palette"]

    @Test(arguments: files)
    func helperModule(_ name: String) throws {
        let sandbox = LuaSandbox(
            moduleRoot: Paths.resources.appendingPathComponent("helpers"),
            hostModules: HostResources.helpers, hostModulePrefix: HostResources.modulePrefix)
        let state = try LuaState(sandbox: sandbox)
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
}
