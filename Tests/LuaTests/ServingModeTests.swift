import Foundation
import Testing
@testable import Lua

/// Serving mode: no instruction counting while calls run, the deadline the guard.
@Suite struct ServingModeTests {
    /// Loops `n` times over table building, string keys and closures: kinds of VM instruction
    /// that cost much with the count hook on.
    static let workload = """
        function work(n)
          local t, s = {}, 0
          for i = 1, n do
            local row = { i, i + 1, name = "k" .. (i % 512) }
            t[row.name] = row
            local f = function() return i end
            s = s + f()
          end
          return s
        end
        """

    /// Instructions a call of `work(n)` runs, metered.
    private func instructions(of n: Int) throws -> Int {
        let state = try LuaState(limits: LuaLimits(instructions: 100_000_000, deadline: nil))
        try state.run(Self.workload, chunkName: "w.lua")
        state.metersInstructions = true
        try state.call(try #require(state.global("work")), n)
        return try #require(state.instructionsOfLastCall)
    }

    /// Five times the costliest call within the counted budgets, whatever the counted deadline.
    @Test func theDefaultServingDeadlineIsFiveTimesTheCostliestCountedCall() {
        let costliest = LuaLimits.costPerInstruction * 1_000_000 + LuaLimits.costPerStep * 2_000_000
        #expect(LuaLimits.servingDeadline(for: LuaLimits()) == costliest * 5)
        #expect(LuaLimits.serving().deadline == costliest * 5)
        #expect(LuaLimits.serving().mode == .serving)
        #expect(LuaLimits.serving().instructions == LuaLimits().instructions)
        #expect(LuaLimits.servingDeadline(for: LuaLimits(deadline: nil)) == costliest * 5)
        // Budgets a tenth as large: a deadline a tenth as long, in whole milliseconds.
        #expect(LuaLimits.servingDeadline(for: LuaLimits(instructions: 100_000, steps: 200_000)) == costliest / 2)
        #expect(LuaLimits.serving(deadline: .milliseconds(80)).deadline == .milliseconds(80))
        #expect(LuaLimits().deadline == LuaLimits.backstop)
        #expect(LuaLimits.backstop >= LuaLimits.servingDeadline(for: LuaLimits()))
    }

    /// The guarantee: a call that passes its counted budgets is not stopped serving with the
    /// default settings. The workload is sized to 95 % of the default instruction budget.
    @Test func aCallWithinItsCountedBudgetIsNeverStoppedServing() throws {
        let perTurn = try instructions(of: 1_000) / 1_000
        let n = LuaLimits().instructions * 95 / 100 / perTurn
        let counted = try LuaState(limits: LuaLimits())
        try counted.run(Self.workload, chunkName: "w.lua")
        let expected = try counted.call(try #require(counted.global("work")), n, returning: Int.self)
        let serving = try LuaState(limits: .serving())
        try serving.run(Self.workload, chunkName: "w.lua")
        for _ in 0..<20 {
            #expect(try serving.call(try #require(serving.global("work")), n, returning: Int.self) == expected)
        }
    }

    /// Serving does not count: a loop far past the instruction budget runs to its end, where
    /// counting stops it.
    @Test func servingDoesNotCountInstructions() throws {
        let limits = LuaLimits(instructions: 10_000)
        let loop = "local s = 0 for i = 1, 200000 do s = s + i end return s"
        #expect(throws: LuaError.budget(.instructions(10_000), location: SourceLocation(file: "l.lua", line: 1))) {
            try LuaState(limits: limits).run(loop, chunkName: "l.lua", returning: Int.self)
        }
        let serving = try LuaState(limits: .serving(limits))
        #expect(try serving.run(loop, chunkName: "l.lua", returning: Int.self) == 20_000_100_000)
    }

    /// A runaway rule is stopped at the deadline, at its line, and the state serves on.
    @Test func aRunawayCallEndsAtTheServingDeadline() throws {
        let state = try LuaState(limits: .serving(deadline: .milliseconds(40)))
        #expect(throws: LuaError.budget(.deadline(.milliseconds(40)), location: SourceLocation(file: "r.lua", line: 2))) {
            try state.run("local n = 0\nwhile true do n = n + 1 end", chunkName: "r.lua")
        }
        #expect(state.stackDepth == 0)
        for _ in 0..<3 { #expect(try state.run("return 6 * 7", chunkName: "after.lua", returning: Int.self) == 42) }
    }

    /// A shorter deadline for the calls of one block stops them at it, says so in the error and in
    /// `lastCallOverstayed`, and leaves the state's own deadline in force after the block.
    @Test func aBlockCanRunItsCallsUnderAShorterDeadline() throws {
        let state = try LuaState(limits: .serving(deadline: .milliseconds(300)))
        let spin = "local n = 0\nwhile true do n = n + 1 end"
        #expect(throws: LuaError.budget(.deadline(.milliseconds(20)), location: SourceLocation(file: "r.lua", line: 2))) {
            try state.withDeadline(.milliseconds(20)) { () throws(LuaError) in try state.run(spin, chunkName: "r.lua") }
        }
        #expect(state.lastCallOverstayed)
        #expect(try state.withDeadline(.milliseconds(20)) { () throws(LuaError) in
            try state.run("return 6 * 7", chunkName: "quick.lua", returning: Int.self)
        } == 42)
        #expect(!state.lastCallOverstayed)
        #expect(throws: LuaError.budget(.deadline(.milliseconds(300)), location: SourceLocation(file: "r.lua", line: 2))) {
            try state.run(spin, chunkName: "r.lua")
        }
        #expect(state.lastCallOverstayed)
        // A state without a deadline keeps none (it counts instead): the block changes nothing.
        let counting = try LuaState(limits: LuaLimits(instructions: 5_000, deadline: nil))
        #expect(throws: LuaError.budget(.instructions(5_000), location: SourceLocation(file: "n.lua", line: 1))) {
            try counting.withDeadline(.milliseconds(20)) { () throws(LuaError) in try counting.run("while true do end", chunkName: "n.lua") }
        }
        #expect(!counting.lastCallOverstayed)
    }

    /// Without a deadline nothing would stop a serving call: such a state counts instead.
    @Test func servingWithoutADeadlineCounts() throws {
        var limits = LuaLimits.serving(LuaLimits(instructions: 5_000))
        limits.deadline = nil
        #expect(throws: LuaError.budget(.instructions(5_000), location: SourceLocation(file: "n.lua", line: 1))) {
            try LuaState(limits: limits).run("while true do end", chunkName: "n.lua")
        }
    }

    /// The other budgets hold serving as they do counted.
    @Test func stepsMemoryAndStringsStillEndServingCalls() throws {
        let state = try LuaState(limits: .serving())
        #expect(throws: LuaError.budget(.stringBytes(LuaLimits().stringBytes), location: SourceLocation(file: "s.lua", line: 1))) {
            try state.run("return string.rep('x', 100000)", chunkName: "s.lua")
        }
        #expect(throws: LuaError.budget(.steps(LuaLimits().steps), location: SourceLocation(file: "p.lua", line: 1))) {
            try state.run("local s = string.rep('a', 8000) for i = 1, 1e7 do s:find('b', 1, true) end", chunkName: "p.lua")
        }
        #expect(try state.run("return 1 + 1", chunkName: "after.lua", returning: Int.self) == 2)
    }
}
