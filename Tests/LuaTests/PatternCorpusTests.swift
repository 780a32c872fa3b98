import CLua
import CLuaShim
import Foundation
import Testing

/// The pattern fuzz target's regression corpus (`Fuzz/corpus/patterns`), replayed as
/// `Fuzz/FuzzPatterns/fuzz_patterns.c` runs an input: byte 0 chooses the call, byte 1 is the
/// pattern's length, then the pattern and the subject. Each must end in results or a Lua error,
/// in a fresh state with the default budgets and no deadline: the matcher's work is counted, so
/// the step budget is the only one an input may reach. (How long inputs take is the fuzzer's
/// to judge: scripts/fuzz.sh fails on any over 5 s.)
@Suite struct PatternCorpusTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fuzz/corpus/patterns")

    /// How one input ended: the status of each protected call, and the budget the state reached.
    struct Ending: Equatable {
        var statuses: [Int32] = []
        var exceeded = LRS_WITHIN_BUDGET
    }

    @Test func everyInputEndsInResultsOrAnError() throws {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: Self.corpus.path)) ?? []).sorted()
        try #require(!names.isEmpty, "no corpus in \(Self.corpus.path)")
        for name in names {
            let ending = Self.run([UInt8](try Data(contentsOf: Self.corpus.appendingPathComponent(name))))
            #expect(!ending.statuses.isEmpty && ending.statuses.allSatisfy { $0 == LUA_OK || $0 == LUA_ERRRUN }, "\(name): \(ending)")
            #expect(ending.exceeded == LRS_WITHIN_BUDGET || ending.exceeded == LRS_EXCEEDED_STEPS, "\(name): \(ending)")
        }
    }

    /// The backtracking bomb of the design notes (`.-.-.-.-y` over a run of `x`) ends in the step
    /// budget, which counts the matcher's work.
    @Test func theBacktrackingBombEndsInTheStepBudget() throws {
        let ending = Self.run([UInt8](try Data(contentsOf: Self.corpus.appendingPathComponent("find-backtracking"))))
        #expect(ending == Ending(statuses: [LUA_ERRRUN], exceeded: LRS_EXCEEDED_STEPS))
    }

    /// What the fuzz target's LLVMFuzzerTestOneInput does with one input; how it ended.
    static func run(_ data: [UInt8]) -> Ending {
        var ending = Ending()
        guard data.count >= 2 else { return ending }
        let context = UnsafeMutablePointer<lrs_context>.allocate(capacity: 1)
        context.initialize(to: lrs_context())
        defer { context.deallocate() }
        context.pointee.instruction_limit = 1_000_000
        context.pointee.step_limit = 10_000_000
        context.pointee.memory_limit = 16 << 20
        context.pointee.string_limit = 8 << 10
        guard let L = lrs_newstate(context) else { return ending }
        defer { lrs_closestate(L) }
        /// Makes the protected call and notes how it ended; whether it returned.
        func protected(_ nargs: Int32, _ nresults: Int32) -> Bool {
            let status = lrs_pcall(L, nargs, nresults)
            ending.statuses.append(status)
            ending.exceeded = lrs_exceeded(rawValue: lrs_exceeded.RawValue(context.pointee.exceeded))
            return status == LUA_OK
        }
        let call = Int(data[0])
        let length = min(Int(data[1]), data.count - 2)
        let pattern = Array(data[2..<2 + length]), subject = Array(data[(2 + length)...])
        func push(_ bytes: [UInt8]) {
            bytes.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { _ = lua_pushlstring(L, $0.baseAddress, $0.count) }
            }
        }
        func pushStart() -> Int32 {
            let which = (call >> 3) & 3
            guard which > 0 else { return 0 }
            let starts: [lua_Integer] = [1, -1, 3]
            lua_pushinteger(L, starts[which - 1])
            return 1
        }
        var nargs: Int32 = 2
        switch call & 3 {
        case 0, 1:
            if call & 3 == 0 { lua_pushcclosure(L, lrs_str_find, 0) } else { lua_pushcclosure(L, lrs_str_match, 0) }
            push(subject)
            push(pattern)
            nargs += pushStart()
            if call & 3 == 0, call & 4 != 0 {
                if nargs == 2 {
                    lua_pushinteger(L, 1)
                    nargs += 1
                }
                lua_pushboolean(L, 1)
                nargs += 1
            }
            _ = protected(nargs, LUA_MULTRET)
        case 2:
            lua_pushcclosure(L, lrs_str_gmatch, 0)
            push(subject)
            push(pattern)
            nargs += pushStart()
            guard protected(nargs, 1) else { return ending }
            for _ in 0...subject.count + 1 {
                lua_pushvalue(L, -1)
                guard protected(0, 1), lua_type(L, -1) != LUA_TNIL else { return ending }
                lua_settop(L, -2)
            }
        default:
            lua_pushcclosure(L, lrs_str_gsub, 0)
            push(subject)
            push(pattern)
            _ = lua_pushstring(L, ["%0<%1>", "", "%%", "%2"][(call >> 5) & 3])
            nargs += 1
            if call & 0x80 != 0 {
                lua_pushinteger(L, 1)
                nargs += 1
            }
            _ = protected(nargs, LUA_MULTRET)
        }
        return ending
    }
}
