import Foundation
@testable import LiveRules
import TestPacks
import Testing

/// The helper library and the driver are compiled into LiveRules from their .lua files, which
/// stay the single source: what the module holds is exactly what the files say.
@Suite struct EmbeddedLuaTests {
    @Test func everyHelperFileIsCompiledInByItsModulePath() throws {
        let folder = Paths.helpers
        let files = try FileManager.default.subpathsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".lua") }
        #expect(Set(HostResources.helpers.keys) == Set(files))
        #expect(HostResources.helpers.keys.allSatisfy { $0.hasPrefix(HostResources.modulePrefix + "/") })
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            #expect(HostResources.helpers[file] == text, "\(file) differs from what was compiled in")
        }
    }

    @Test func theDriverIsCompiledIn() throws {
        let file = Paths.root.appendingPathComponent("Sources/LiveRules/Driver/driver.lua")
        #expect(HostResources.driverSource == (try String(contentsOf: file, encoding: .utf8)))
    }
}
