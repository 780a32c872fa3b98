import Foundation
import Testing
@testable import Lua

/// Instruction, C-work, string and memory budgets.
@Suite struct BudgetTests {
    /// The error `source` ends in, in a state with `limits`.
    private func failure(_ source: String, limits: LuaLimits = LuaLimits()) throws -> LuaError? {
        let state = try LuaState(limits: limits)
        do {
            try state.run(source, chunkName: "b.lua")
            return nil
        } catch {
            #expect(state.stackDepth == 0)
            return error
        }
    }

    @Test func anInfiniteLoopEndsInTheInstructionBudgetWithItsLocation() throws {
        let error = try failure("local x = 0\nwhile true do x = x + 1 end", limits: LuaLimits(instructions: 50_000))
        #expect(error == .budget(.instructions(50_000), location: SourceLocation(file: "b.lua", line: 2)))
        #expect(error?.description == "b.lua:2: error: instruction budget of 50000 instructions exceeded")
    }

    @Test func theInstructionBudgetIsPerCall() throws {
        let state = try LuaState(limits: LuaLimits(instructions: 100_000))
        try state.run("function work(n) local s = 0 for i = 1, n do s = s + i end return s end", chunkName: "w.lua")
        let work = try #require(state.global("work"))
        for _ in 0..<5 {
            #expect(try state.call(work, 20_000, returning: Int.self) == 200_010_000)
        }
        #expect(throws: LuaError.budget(.instructions(100_000), location: SourceLocation(file: "w.lua", line: 1))) {
            _ = try state.call(work, 1_000_000, returning: Int.self)
        }
        #expect(try state.call(work, 10, returning: Int.self) == 55)
    }

    @Test func aRuleCannotSwallowABudgetError() throws {
        let source = """
            for i = 1, 1e9 do
              pcall(function() while true do end end)
              xpcall(function() while true do end end, function(m) return m end)
            end
            """
        let error = try failure(source, limits: LuaLimits(instructions: 20_000))
        guard case .budget(.instructions, _) = error else {
            Issue.record("unexpected \(String(describing: error))")
            return
        }
    }

    @Test func memoryBombsHitTheCapAndTheStateStaysUsable() throws {
        let limits = LuaLimits(memoryBytes: 4 << 20)
        let state = try LuaState(limits: limits)
        #expect(throws: LuaError.memory(limit: 4 << 20, location: SourceLocation(file: "m.lua", line: 2))) {
            try state.run("local t = {}\nfor i = 1, 1e8 do t[i] = {} end", chunkName: "m.lua")
        }
        #expect(throws: LuaError.memory(limit: 4 << 20, location: SourceLocation(file: "m.lua", line: 1))) {
            try state.run("local ok = pcall(function() local t = {} for i = 1, 1e8 do t[i] = i end end) return ok", chunkName: "m.lua")
        }
        state.collectGarbage()
        #expect(state.memoryInUse < 1 << 20)
        #expect(try state.run("local t = {} for i = 1, 1000 do t[i] = i end return #t", chunkName: "ok.lua", returning: Int.self) == 1000)
        #expect(state.stackDepth == 0)
    }

    @Test func longStringsHitTheStringLimit() throws {
        let limits = LuaLimits(stringBytes: 1024)
        #expect(try failure("return string.rep('x', 2000)", limits: limits) == .budget(.stringBytes(1024), location: SourceLocation(file: "b.lua", line: 1)))
        let concat = try failure("local s = 'x' for i = 1, 20 do s = s .. s end", limits: limits)
        guard case .budget(.stringBytes(1024), _) = concat else {
            Issue.record("unexpected \(String(describing: concat))")
            return
        }
        #expect(try LuaState(limits: limits).run("return #string.rep('ab', 3, ',')", chunkName: "r.lua", returning: Int.self) == 8)
    }

    @Test func emptyRepetitionsDoNotLoop() throws {
        let state = try LuaState()
        #expect(try state.run("return string.rep('', 1e15) .. string.rep('x', 0)", chunkName: "r.lua", returning: String.self) == "")
    }

    @Test(arguments: [
        "return string.rep('x', 300):find(string.rep('.-', 4) .. 'y')",
        "local t = {} table.move(t, 1, 1e15, 2)",
        "local t = {} for i = 1, 5000 do t[i] = i end for i = 1, 1e6 do table.insert(t, 1, i) end",
        "local t = {} for i = 1, 20000 do t[i] = -i end for i = 1, 1e6 do table.sort(t) end",
        "local s = string.rep('é', 4000) for i = 1, 1e7 do utf8.len(s) end",
        "local s = string.rep('ab', 4000) for i = 1, 1e7 do local u = s:upper() end",
    ])
    func workTheHookCannotSeeEndsInTheStepBudget(source: String) throws {
        // The step budget must end it, whatever the build: the deadline, which would end it too,
        // is set out of the way (Benchmarks/scripts/hostile-timings.sh checks both on an idle machine).
        let error = try failure(source, limits: LuaLimits(deadline: .seconds(5)))
        guard case .budget(.steps(2_000_000), let location) = error else {
            Issue.record("unexpected \(String(describing: error))")
            return
        }
        #expect(location?.file == "b.lua")
    }

    @Test func peakMemoryIsMeasuredPerCall() throws {
        let state = try LuaState()
        try state.run("local t = {} for i = 1, 100000 do t[i] = i end", chunkName: "big.lua")
        #expect(state.peakMemoryOfLastCall > 1 << 20)
        state.collectGarbage()
        try state.run("return 1", chunkName: "small.lua")
        #expect(state.peakMemoryOfLastCall < 1 << 20)
        #expect(state.peakMemoryOfLastCall >= state.memoryInUse)
    }

    @Test func meteringCountsInstructionsExactly() throws {
        let state = try LuaState()
        let loop = try state.run("return function(n) for i = 1, n do end end", chunkName: "loop.lua", returning: LuaRef.self)
        #expect(state.instructionsOfLastCall == nil, "only while metering")
        state.metersInstructions = true
        try state.call(loop, 1000)
        let thousand = try #require(state.instructionsOfLastCall)
        try state.call(loop, 2000)
        let twoThousand = try #require(state.instructionsOfLastCall)
        #expect(twoThousand - thousand == 1000, "one FORLOOP per iteration")
        try state.call(loop, 1000)
        #expect(state.instructionsOfLastCall == thousand, "the same call counts the same")
        state.metersInstructions = false
        try state.call(loop, 1000)
        #expect(state.instructionsOfLastCall == nil)
    }

    @Test func meteringKeepsTheBudget() throws {
        let state = try LuaState(limits: LuaLimits(instructions: 5_000))
        state.metersInstructions = true
        let spin = try state.run("return function() while true do end end", chunkName: "spin.lua", returning: LuaRef.self)
        #expect(throws: LuaError.budget(.instructions(5_000), location: SourceLocation(file: "spin.lua", line: 1))) {
            try state.call(spin)
        }
        #expect(state.stackDepth == 0)
    }
}
