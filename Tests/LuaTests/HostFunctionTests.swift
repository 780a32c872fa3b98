import Foundation
import Testing
import CLuaShim
@testable import Lua

/// Swift functions called from Lua.
@Suite struct HostFunctionTests {
    struct Span: Codable, Equatable {
        var minutes: Int
        var label: String
    }

    enum Refusal: Error, CustomStringConvertible {
        case tooLong
        var description: String { "span too long" }
    }

    private func stateWithHelpers() throws -> LuaState {
        let state = try LuaState()
        state.register("time.span") { call in
            let start = try call.argument(1, as: Date.self)
            let end = try call.argument(2, as: Date.self)
            let minutes = Int(end.timeIntervalSince(start) / 60)
            guard minutes < 600 else { throw Refusal.tooLong }
            try call.return(Span(minutes: minutes, label: "\(minutes)m"))
        }
        state.register("count") { call in try call.return(call.argumentCount) }
        try state.sealGlobals()
        return state
    }

    @Test func aRegisteredFunctionTakesAndReturnsCodableValues() throws {
        let state = try stateWithHelpers()
        let span = try state.run("return time.span(0, 720)", chunkName: "r.lua", returning: Span.self)
        #expect(span == Span(minutes: 12, label: "12m"))
        #expect(try state.run("return count(1, nil, 3)", chunkName: "r.lua", returning: Int.self) == 3)
        #expect(state.stackDepth == 0)
    }

    /// Work a function reports with `charge` counts against the calling rule's step budget, per
    /// call and summed over calls, and ends the rule at its line once past the limit.
    @Test func chargedWorkCountsAgainstTheStepBudget() throws {
        let state = try LuaState(limits: LuaLimits(steps: 1_000, deadline: nil))
        state.register("work") { call in
            call.charge(try call.argument(1, as: Int.self))
            try call.return(true)
        }
        #expect(try state.run("return work(900)", chunkName: "w.lua", returning: Bool.self))
        #expect(throws: LuaError.budget(.steps(1_000), location: SourceLocation(file: "w.lua", line: 2))) {
            try state.run("work(600)\nwork(600)", chunkName: "w.lua")
        }
        #expect(throws: LuaError.budget(.steps(1_000), location: SourceLocation(file: "w.lua", line: 1))) {
            try state.run("work(1001)", chunkName: "w.lua")
        }
        // The call itself costs LRS_HOST_CALL_STEPS: a function reporting the whole budget exceeds it.
        #expect(throws: LuaError.budget(.steps(1_000), location: SourceLocation(file: "w.lua", line: 1))) {
            try state.run("work(1000)", chunkName: "w.lua")
        }
        // Each call starts with the whole budget again, and the state stays usable.
        #expect(try state.run("return work(\(1_000 - Int(LRS_HOST_CALL_STEPS)))", chunkName: "w.lua", returning: Bool.self))
        #expect(state.stackDepth == 0)
    }

    @Test func aThrowingFunctionBecomesALuaErrorAtTheCallersLine() throws {
        let state = try stateWithHelpers()
        do {
            try state.run("local a = 1\nreturn time.span(0, 60 * 60 * 24)", chunkName: "rules/r.lua")
            Issue.record("expected an error")
        } catch .runtime(let message, let location, _) {
            #expect(message == "span too long")
            #expect(location == SourceLocation(file: "rules/r.lua", line: 2))
        }
        #expect(try state.run("return time.span(0, 60).label", chunkName: "r.lua", returning: String.self) == "1m")
    }

    @Test func aBadArgumentIsNamedAsLuaNamesIt() throws {
        let state = try stateWithHelpers()
        do {
            try state.run("return time.span('noon', 60)", chunkName: "r.lua")
            Issue.record("expected an error")
        } catch .runtime(let message, _, _) {
            #expect(message == "bad argument #1 to 'time.span' (expected date (Unix seconds), got string \"noon\")")
        }
    }

    @Test func aRuleCanCatchAHostErrorWithPcall() throws {
        let state = try stateWithHelpers()
        let caught = try state.run("local ok, e = pcall(time.span, 0, 1e9) return e", chunkName: "r.lua", returning: String.self)
        #expect(caught.hasSuffix("span too long"))
    }
}
