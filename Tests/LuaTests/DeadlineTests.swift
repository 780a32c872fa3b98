import Dispatch
import Foundation
import Synchronization
import Testing
@testable import Lua

/// The deadline: a watchdog thread stops a call that has used its CPU time, also where only C
/// work runs and no counted budget moves. Every outcome here is certain on any machine: the
/// looping calls cannot end before their deadline (comparing two 8 KB strings of NUL bytes
/// takes tens of microseconds, and the instruction budget allows a million), and the calls that
/// must finish do a hundredth of their deadline's work.
@Suite struct DeadlineTests {
    /// Compares two 8 KB strings of NUL bytes forever: 8,000 strcoll calls per comparison, one
    /// VM instruction, nothing charged.
    static let compareLoop = """
        local a = string.rep("\\0", 8000)
        local b = string.rep("\\0", 8000)
        repeat until a < b
        """

    /// Runs `compareLoop` on a state with `limits`; returns the error, nil if it returned.
    private func runCompareLoop(limits: LuaLimits) throws -> LuaError? {
        let state = try LuaState(limits: limits)
        do {
            try state.run(Self.compareLoop, chunkName: "d.lua")
            return nil
        } catch {
            #expect(state.stackDepth == 0)
            #expect(try state.run("return 1 + 1", chunkName: "after.lua", returning: Int.self) == 2)
            return error
        }
    }

    /// The deadline's error names the rule's line and says that the machine decided it.
    @Test func cWorkThatNoBudgetCountsEndsAtTheDeadlineWithItsLocation() throws {
        let error = try runCompareLoop(limits: LuaLimits(deadline: .milliseconds(50)))
        #expect(error == .budget(.deadline(.milliseconds(50)), location: SourceLocation(file: "d.lua", line: 3)))
        #expect(error?.description == "d.lua:3: error: deadline of 50 ms of CPU time exceeded before any counted budget ran out: "
            + "this outcome depends on the machine's speed, not only on the rules")
        #expect(error?.dependsOnMachine == true)
        #expect(LuaError.budget(.steps(10), location: nil).dependsOnMachine == false)
    }

    @Test func theDeadlineIsPerCallAndConfigurable() throws {
        let state = try LuaState(limits: LuaLimits(deadline: .milliseconds(20)))
        try state.run("function spin(n) local a, b = string.rep('\\0', 8000), string.rep('\\0', 8000) for i = 1, n do local _ = a < b end end",
                      chunkName: "s.lua")
        let spin = try #require(state.global("spin"))
        for _ in 0..<3 { try state.call(spin, 2) }
        #expect(throws: LuaError.budget(.deadline(.milliseconds(20)), location: SourceLocation(file: "s.lua", line: 1))) {
            try state.call(spin, 1_000_000_000)
        }
        try state.call(spin, 2)
    }

    /// Without a deadline only the counted budgets apply: the loop runs to its instruction budget.
    @Test func noDeadlineLeavesTheCountedBudgets() throws {
        let error = try runCompareLoop(limits: LuaLimits(instructions: 2_000, deadline: nil))
        #expect(error == .budget(.instructions(2_000), location: SourceLocation(file: "d.lua", line: 3)))
    }

    /// libdispatch starts its threads with every signal blocked; the deadline still reaches a
    /// call running on one.
    @Test func theDeadlineReachesACallOnADispatchThread() throws {
        let outcome = Mutex<LuaError?>(nil)
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            defer { done.signal() }
            do throws(LuaError) {
                let state = try LuaState(limits: LuaLimits(deadline: .milliseconds(30)))
                try state.run(Self.compareLoop, chunkName: "q.lua")
            } catch {
                outcome.withLock { $0 = error }
            }
        }
        guard done.wait(timeout: .now() + 30) == .success else {
            Issue.record("the call on the dispatch thread did not end within 30 s")
            return
        }
        #expect(outcome.withLock { $0 } == .budget(.deadline(.milliseconds(30)), location: SourceLocation(file: "q.lua", line: 3)))
    }

    /// Many states calling at once, on several threads: each call that overstays is stopped, and
    /// the others finish.
    @Test func theWatchdogWatchesManyStatesAtOnce() throws {
        let stopped = Mutex(0)
        let finished = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: 8) { index in
            guard let state = try? LuaState(limits: LuaLimits(deadline: .milliseconds(30))) else { return }
            do throws(LuaError) {
                if index.isMultiple(of: 2) {
                    try state.run(Self.compareLoop, chunkName: "many.lua")
                } else {
                    _ = try state.run("local s = 0 for i = 1, 1000 do s = s + i end return s", chunkName: "quick.lua", returning: Int.self)
                    finished.withLock { $0 += 1 }
                }
            } catch {
                if case .budget(.deadline, _) = error { stopped.withLock { $0 += 1 } }
            }
        }
        #expect(stopped.withLock { $0 } == 4)
        #expect(finished.withLock { $0 } == 4)
    }
}

/// The CPU time this thread has used.
func threadCPUTime() -> Duration {
    var now = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
    return .seconds(now.tv_sec) + .nanoseconds(now.tv_nsec)
}
