import Testing
@testable import Lua

/// The state's allocator: small blocks from the pool, larger ones from malloc, and blocks that
/// move between the two as they grow and shrink.
@Suite struct AllocatorTests {
    @Test func blocksKeepTheirContentsAcrossEverySizeClassAndIntoMalloc() throws {
        let state = try LuaState()
        // Strings of every length up to past the pool's largest block; tables whose array and
        // hash parts grow one entry at a time past it, are read back in full at every step,
        // then shrink and grow again; closures with their own upvalues.
        let source = """
            local made = 0
            for n = 1, 600 do
              local s = string.rep("x", n - 1) .. "y"
              assert(#s == n and s:byte(n) == 121 and s:byte(1) == (n == 1 and 121 or 120))
              made = made + 1
            end
            local t = {}
            for i = 1, 300 do
              t[i] = i
              t["k" .. i] = i
              local sum = 0
              for j = 1, i do sum = sum + t[j] + t["k" .. j] end
              assert(sum == i * (i + 1), "lost entries at " .. i)
            end
            for i = 300, 1, -1 do t[i] = nil; t["k" .. i] = nil end
            for i = 1, 50 do t["again" .. i] = -i end
            for i = 1, 50 do assert(t["again" .. i] == -i) end
            local counters = {}
            for i = 1, 200 do
              local n = i
              counters[i] = function() n = n + 1 return n end
            end
            for i = 1, 200 do assert(counters[i]() == i + 1 and counters[i]() == i + 2) end
            return made
            """
        #expect(try state.run(source, chunkName: "sizes.lua", returning: Int.self) == 600)
        #expect(state.stackDepth == 0)
    }

    @Test func memoryInUseReturnsToItsLevelOnceGarbageIsCollected() throws {
        let state = try LuaState()
        state.collectGarbage()
        let before = state.memoryInUse
        try state.run("local t = {} for i = 1, 20000 do t[i] = { i, i / 2, { i } } end", chunkName: "g.lua")
        #expect(state.memoryInUse > before + 1_000_000)
        state.collectGarbage()
        #expect(abs(state.memoryInUse - before) < 2048)
    }

    @Test func freedBlocksAreReusedSoThePoolStopsGrowing() throws {
        let state = try LuaState()
        let churn = try state.load("local t = {} for i = 1, 5000 do t[i] = { i } end", chunkName: "churn.lua")
        try state.call(churn)
        state.collectGarbage()
        let pooled = state.pooledBytes
        #expect(pooled > 0)
        for _ in 0..<50 {
            try state.call(churn)
            state.collectGarbage()
        }
        #expect(state.pooledBytes == pooled)
    }
}
