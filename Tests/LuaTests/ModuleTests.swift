import Foundation
import TestPacks
import Testing
@testable import Lua

/// `require` inside a pack folder.
@Suite struct ModuleTests {
    /// A temporary pack folder holding `files` (relative path → source).
    private func pack(_ files: [String: String]) throws -> URL {
        let root = TemporaryFolder.path("lua-modules")
        for (path, source) in files {
            let file = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try source.write(to: file, atomically: true, encoding: .utf8)
        }
        return root
    }

    private func state(_ files: [String: String]) throws -> LuaState {
        try LuaState(sandbox: LuaSandbox(moduleRoot: pack(files), chunkPrefix: "rules/demo"))
    }

    @Test func requireLoadsAModuleOnceFromThePackFolder() throws {
        let state = try state([
            "util.lua": "counter = (counter or 0) + 1\nreturn { twice = function(x) return 2 * x end }",
            "lib/text.lua": "return { shout = function(s) return s:upper() end }",
        ])
        let result = try state.run("""
            local u1, u2 = require('util'), require('util')
            return tostring(u1 == u2) .. u1.twice(21) .. require('lib.text').shout('ok') .. counter
            """, chunkName: "rules/demo/main.lua", returning: String.self)
        #expect(result == "true42OK1")
    }

    @Test func aModulesTableIsReadOnlyToItsUsers() throws {
        let state = try state([
            "util.lua": "local M = { n = 0 }\nfunction M.bump() M.n = M.n + 1 return M.n end\nreturn M",
            "classy.lua": "return setmetatable({}, { __index = { kind = 'own metatable' } })",
        ])
        let result = try state.run("""
            local util = require('util')
            local ok, message = pcall(function() util.n = 99 end)
            local okRaw = pcall(rawset, util, 'n', 99)
            local okBump, bumpMessage = pcall(util.bump)
            return tostring(ok) .. '|' .. message .. '|' .. tostring(okRaw) .. '|' .. tostring(okBump) .. '|'
                .. bumpMessage .. '|' .. require('classy').kind
            """, chunkName: "rules/demo/main.lua", returning: String.self)
        // The module's own counter is frozen with it: nothing carries from one call to the next.
        let frozen = "cannot set field 'n': tables built when the pack loads are read-only (build the table inside the rule function)"
        #expect(result.split(separator: "|").map(String.init) == [
            "false", "rules/demo/main.lua:2: " + frozen, "false", "false", "rules/demo/util.lua:2: " + frozen, "own metatable",
        ])
        #expect(state.stackDepth == 0)
    }

    /// Lua itself caches no failure, so every module requiring a failing one would run it again:
    /// a pack's setup would cost as many runs as there are paths through its require graph.
    @Test func aModuleThatFailedToLoadFailsAgainAtOnceWithItsFirstError() throws {
        let state = try state([
            "flaky.lua": "tries = (tries or 0) + 1\nerror('not today, try ' .. tries)",
            "broken.lua": "return {",
        ])
        for _ in 0..<3 {
            do {
                try state.run("require('flaky')", chunkName: "m.lua")
                Issue.record("a failing module loaded")
            } catch {
                // The module's first error, not a circular require or a second run.
                #expect(error.message == "not today, try 1", "\(error)")
                #expect(error.location == SourceLocation(file: "rules/demo/flaky.lua", line: 2))
            }
            #expect(throws: LuaError.self) { try state.run("require('broken')", chunkName: "m.lua") }
        }
        #expect(try state.run("return tries", chunkName: "m.lua", returning: Int.self) == 1)
        #expect(try state.run("local ok, e = pcall(require, 'broken') return e", chunkName: "m.lua", returning: String.self)
            == "rules/demo/broken.lua:1: unexpected symbol near <eof>")
        #expect(state.stackDepth == 0)
    }

    @Test func modulesGivenAsTextsAreNeverReadFromDisk() throws {
        let state = try LuaState(sandbox: LuaSandbox(
            moduleRoot: pack(["util.lua": "return 'from disk'"]),
            modules: ["util.lua": "return 'from memory'", "lib/deep.lua": "error('boom')"], chunkPrefix: "rules/demo"))
        #expect(try state.run("return require('util')", chunkName: "m.lua", returning: String.self) == "from memory")
        do {
            _ = try state.run("return require('missing')", chunkName: "m.lua", returning: String.self)
            Issue.record("a module that is not among the texts loaded")
        } catch {
            #expect(error.message.contains("require 'missing': no file missing.lua in the pack folder"), "\(error)")
        }
        do {
            try state.run("require('lib.deep')", chunkName: "m.lua")
            Issue.record("an erroring module loaded")
        } catch {
            #expect(error.location?.file == "rules/demo/lib/deep.lua")
        }
        #expect(state.stackDepth == 0)
    }

    @Test func hostModulesResolveUnderTheirPrefixAndAreNamedByTheirPath() throws {
        let state = try LuaState(sandbox: LuaSandbox(
            modules: ["util.lua": "return 'pack'", "app/shadow.lua": "return 'from the pack'"],
            chunkPrefix: "rules/demo",
            hostModules: [
                "app/fmt.lua": "return { id = function(x) return x end }",
                "app/bad.lua": "local x = 1\nerror('host bug')",
            ],
            hostModulePrefix: "app"))
        #expect(try state.run("return require('app.fmt').id('ok') .. require('util')", chunkName: "m.lua", returning: String.self)
            == "okpack")
        do {
            try state.run("require('app.bad')", chunkName: "m.lua")
            Issue.record("an erroring host module loaded")
        } catch {
            #expect(error.location == SourceLocation(file: "app/bad.lua", line: 2), "\(error)")
        }
        do {
            try state.run("require('app.shadow')", chunkName: "m.lua")
            Issue.record("a pack module answered for the host's prefix")
        } catch {
            #expect(error.message.contains("require 'app.shadow': the host has no such module (it has app.bad, app.fmt)"), "\(error)")
        }
        #expect(state.stackDepth == 0)
    }

    @Test func errorsInsideAModuleNameItsFile() throws {
        let state = try state(["broken.lua": "local x = 1\nerror('bad module')"])
        #expect {
            try state.run("require('broken')", chunkName: "rules/demo/main.lua")
        } throws: { error in
            (error as? LuaError)?.location == SourceLocation(file: "rules/demo/broken.lua", line: 2)
        }
    }

    @Test(arguments: [
        ("../secret", "module names use"),
        ("os", "no file os.lua"),
        ("a..b", "module names use"),
        ("cycle", "circular require"),
    ])
    func requireRefusesWhatIsNotAModuleOfThePack(name: String, expected: String) throws {
        let state = try state(["cycle.lua": "return require('cycle')"])
        #expect {
            try state.run("return require('\(name)')", chunkName: "rules/demo/main.lua")
        } throws: { error in
            guard case .runtime(let message, _, _) = error as? LuaError else { return false }
            return message.contains(expected)
        }
        #expect(state.stackDepth == 0)
    }

    /// A module file past the size limit is refused by its size, unread; one that is a pipe, a
    /// folder or not UTF-8 is no module: nothing waits on the pipe.
    @Test func moduleFilesAreReadBoundedAndOnlyWhenTheyAreFiles() throws {
        let root = try pack(["ok.lua": "return 1"])
        let huge = root.appendingPathComponent("huge.lua")
        #expect(FileManager.default.createFile(atPath: huge.path, contents: nil))
        let handle = try FileHandle(forWritingTo: huge)
        try handle.truncate(atOffset: 1 << 30)
        try handle.close()
        #expect(mkfifo(root.appendingPathComponent("pipe.lua").path, 0o600) == 0)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("folder.lua"), withIntermediateDirectories: true)
        try Data([0x72, 0x65, 0x74, 0x75, 0x72, 0x6E, 0x20, 0xFF]).write(to: root.appendingPathComponent("latin.lua"))
        let state = try LuaState(sandbox: LuaSandbox(moduleRoot: root, chunkPrefix: "rules/demo"))
        for (name, expected) in [
            ("huge", "require 'huge': the file has 1073741824 bytes; a pack module may have at most 16384 (16 KiB)"),
            ("pipe", "require 'pipe': no file pipe.lua in the pack folder"),
            ("folder", "require 'folder': no file folder.lua in the pack folder"),
            ("latin", "require 'latin': no file latin.lua in the pack folder"),
        ] {
            do {
                try state.run("return require('\(name)')", chunkName: "rules/demo/main.lua")
                Issue.record("\(name) loaded")
            } catch {
                #expect(error.message.contains(expected), "\(error)")
            }
        }
        #expect(try state.run("return require('ok')", chunkName: "rules/demo/main.lua", returning: Int.self) == 1)
    }

    @Test func requireWithoutAModuleFolderIsAnError() throws {
        let state = try LuaState()
        #expect(throws: LuaError.self) { try state.run("require('x')", chunkName: "m.lua") }
    }
}
