import Foundation
import Lua
import Testing

/// `LuaState.release` names the Lua the package builds against: the one pkg-config finds.
@Suite struct ReleaseTests {
    @Test func releaseIsTheLuaPkgConfigFinds() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["pkg-config", "--modversion", "lua5.4"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let version = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(version.hasPrefix("5.4."), "pkg-config: \(version)")
        #expect(LuaState.release == "Lua " + version)
    }
}
