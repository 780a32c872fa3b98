import Foundation
import TestPacks
import Testing
@testable import Lua

/// One budget for work made of many calls and loads (``LuaState/withSharedBudget(_:)``), the
/// size limit of pack code and the charge for compiling it.
@Suite struct SharedBudgetTests {
    static let modes: [LuaLimits] = [LuaLimits(instructions: 100_000), .serving(LuaLimits(instructions: 100_000))]

    /// A state defining `work(n)`, a loop of about 2n instructions.
    private func worker(_ limits: LuaLimits) throws -> (LuaState, LuaRef) {
        let state = try LuaState(limits: limits)
        try state.run("function work(n) local s = 0 for i = 1, n do s = s + i end return s end", chunkName: "w.lua")
        return (state, try #require(state.global("work")))
    }

    @Test(arguments: modes)
    func callsInsideShareOneInstructionBudgetCountedEvenServing(limits: LuaLimits) throws {
        let (state, work) = try worker(limits)
        let spent = LuaError.budget(.instructions(100_000), location: SourceLocation(file: "w.lua", line: 1))
        try state.withSharedBudget { () throws(LuaError) in
            #expect(try state.call(work, 30_000, returning: Int.self) == 450_015_000)
            #expect(throws: spent) { _ = try state.call(work, 30_000, returning: Int.self) }
            // Spent stays spent, for a call and a load that runs alike.
            #expect(throws: spent) { _ = try state.call(work, 1, returning: Int.self) }
            #expect(throws: LuaError.budget(.instructions(100_000), location: SourceLocation(file: "x.lua", line: 1))) {
                try state.run("local x = 1", chunkName: "x.lua")
            }
        }
        // Each call after it has an allowance of its own again.
        for _ in 0..<3 { #expect(try state.call(work, 30_000, returning: Int.self) == 450_015_000) }
        #expect(state.stackDepth == 0)
    }

    @Test(arguments: modes)
    func aHoldInsideAHoldIsTheOuterOne(limits: LuaLimits) throws {
        let (state, work) = try worker(limits)
        try state.withSharedBudget { () throws(LuaError) in
            try state.withSharedBudget { () throws(LuaError) in _ = try state.call(work, 30_000, returning: Int.self) }
            #expect(throws: LuaError.self) { _ = try state.call(work, 30_000, returning: Int.self) }
        }
    }

    @Test(arguments: modes)
    func anEndlessLoopInAHoldEndsInTheInstructionBudgetInEitherMode(limits: LuaLimits) throws {
        let state = try LuaState(limits: limits)
        #expect(throws: LuaError.budget(.instructions(100_000), location: SourceLocation(file: "loop.lua", line: 1))) {
            try state.withSharedBudget { () throws(LuaError) in try state.run("while true do end", chunkName: "loop.lua") }
        }
    }

    @Test(arguments: modes)
    func compilesOfPackCodeAreChargedAndShareTheSteps(limits: LuaLimits) throws {
        // 10,000 bytes compile for 160,000 steps: one fits the budget of 300,000, two do not.
        let chunk = "return 1\n" + String(repeating: "-", count: 10_000 - 9)
        var steps = limits
        steps.steps = 300_000
        let state = try LuaState(limits: steps, sandbox: LuaSandbox(modules: ["a.lua": chunk, "b.lua": chunk], chunkPrefix: "rules/demo"))
        for _ in 0..<3 { _ = try state.load(chunk, chunkName: "p.lua", pure: true) }  // a fresh allowance each
        try state.withSharedBudget { () throws(LuaError) in
            _ = try state.load(chunk, chunkName: "p.lua", pure: true)
            for _ in 0..<10 { _ = try state.load(chunk, chunkName: "host.lua") }  // the host's own code: not charged
            #expect(throws: LuaError.budget(.steps(300_000), location: SourceLocation(file: "q.lua", line: 1))) {
                _ = try state.load(chunk, chunkName: "q.lua", pure: true)
            }
        }
        try state.withSharedBudget { () throws(LuaError) in
            #expect(try state.run("return require('a')", chunkName: "m.lua", returning: Int.self) == 1)
            #expect(try state.run("return require('a')", chunkName: "m.lua", returning: Int.self) == 1)  // loaded once
            #expect(throws: LuaError.budget(.steps(300_000), location: SourceLocation(file: "m.lua", line: 2))) {
                try state.run("local a = require('a')\nreturn require('b')", chunkName: "m.lua")
            }
        }
        #expect(state.stackDepth == 0)
    }

    @Test func packCodeOverTheLimitIsRefusedBeforeItCompiles() throws {
        let limit = LuaState.pureChunkBytes
        let padded = { (bytes: Int) in "return 1\n" + String(repeating: "-", count: bytes - 9) }
        let folder = TemporaryFolder.path("lua-limit")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try padded(limit + 1).write(to: folder.appendingPathComponent("big.lua"), atomically: true, encoding: .utf8)
        try padded(limit).write(to: folder.appendingPathComponent("fits.lua"), atomically: true, encoding: .utf8)
        let state = try LuaState(sandbox: LuaSandbox(moduleRoot: folder, chunkPrefix: "rules/demo"))

        #expect(throws: LuaError.syntax(message: "the file has \(limit + 1) bytes; a pack's Lua file may have at most \(limit) (16 KiB)",
                                        location: SourceLocation(file: "rules/demo/x.lua", line: 1))) {
            _ = try state.load(padded(limit + 1), chunkName: "rules/demo/x.lua", pure: true)
        }
        _ = try state.load(padded(limit), chunkName: "rules/demo/x.lua", pure: true)
        _ = try state.load(padded(4 * limit), chunkName: "host.lua")  // the host's own code has no limit
        #expect(try state.run("return require('fits')", chunkName: "m.lua", returning: Int.self) == 1)
        do {
            try state.run("require('big')", chunkName: "m.lua")
            Issue.record("a module over the limit loaded")
        } catch {
            #expect(error.location == SourceLocation(file: "m.lua", line: 1))
            #expect(error.message == "require 'big': the file has \(limit + 1) bytes; a pack module may have at most \(limit) (16 KiB)")
        }
        let inMemory = try LuaState(sandbox: LuaSandbox(modules: ["big.lua": padded(limit + 1)], chunkPrefix: "rules/demo"))
        #expect(throws: LuaError.self) { try inMemory.run("require('big')", chunkName: "m.lua") }
        #expect(state.stackDepth == 0)
    }

    /// The purity check reads a pack chunk's binary dump, which repeats each upvalue's name in
    /// every function it passes through: about 0.6 MB for this 16 KB chunk, 820 MB for a 6 MB one.
    /// It is built under the memory cap.
    @Test func thePurityChecksDumpIsUnderTheMemoryCap() throws {
        let depth = 90
        let name = String(repeating: "x", count: (LuaState.pureChunkBytes - depth * 40) / 2)
        let source = "local \(name)\n" + String(repeating: "return function() ", count: depth) + "return \(name) "
            + String(repeating: "end ", count: depth)
        #expect(source.utf8.count <= LuaState.pureChunkBytes)
        _ = try LuaState().load(source, chunkName: "rules/demo/deep.lua", pure: true)  // fits the default cap

        let base = try LuaState().memoryInUse
        let state = try LuaState(limits: LuaLimits(memoryBytes: base + (256 << 10)))
        #expect(throws: LuaError.memory(limit: base + (256 << 10), location: nil)) {
            _ = try state.load(source, chunkName: "rules/demo/deep.lua", pure: true)
        }
        _ = try state.load(source, chunkName: "rules/demo/deep.lua")  // without the check, no dump
        #expect(try state.run("return 6 * 7", chunkName: "after.lua", returning: Int.self) == 42)
        #expect(state.stackDepth == 0)
    }
}
