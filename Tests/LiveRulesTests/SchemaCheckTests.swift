import CLiveRules
import Lua
import Testing

/// The host's C schema checker (CLiveRules), reached as any C function is, through
/// `LuaState.reference(function:)`.
@Suite struct SchemaCheckTests {
    /// A state with `prepare` and `check` (the schema functions) and `collect` (a full collection,
    /// which moves what the check left on the stack if it wrote past it) as globals.
    private func state() throws -> LuaState {
        let state = try LuaState()
        try state.setGlobal("prepare", state.reference(function: lrl_schema_prepare))
        try state.setGlobal("check", state.reference(function: lrl_schema_check))
        state.register("collect") { [unowned state] _ in state.collectGarbage() }
        return state
    }

    /// Builds an object type nested `depth` levels (`{ inner = { inner = … "leaf" } }`), checks a
    /// good value strictly and a bad one at the deepest level, collecting garbage in between.
    private func source(depth: Int) -> String {
        """
        local depth = \(depth)
        local d = { \(LRL_KIND_STRING.rawValue), false, "string" }
        for i = 1, depth do d = { \(LRL_KIND_OBJECT.rawValue), false, "Level" .. i, { inner = d }, { "inner" } } end
        prepare(d)
        local good, bad = "leaf", 5
        for i = 1, depth do good, bad = { inner = good }, { inner = bad } end
        local view = check(good, d, "state", true)
        collect()
        local value = view
        for i = 1, depth do value = value.inner end
        local result, path, message = check(bad, d, "state", true)
        collect()
        return value .. "|" .. tostring(result) .. "|" .. path .. "|" .. message
        """
    }

    @Test(arguments: [8, 30, 60])
    func deeplyNestedValuesAreCheckedWithinTheStack(depth: Int) throws {
        let state = try state()
        let result = try state.run(source(depth: depth), chunkName: "schema.lua", returning: String.self)
        let path = "state" + String(repeating: ".inner", count: depth)
        #expect(result == "leaf|nil|\(path)|expected string, got 5")
        #expect(state.stackDepth == 0)
    }

    @Test func valuesNestedPastTheLimitAreRefused() throws {
        let state = try state()
        #expect(throws: LuaError.self) { try state.run(source(depth: 70), chunkName: "schema.lua") }
        #expect(state.stackDepth == 0)
    }

    /// Views and frozen tables are the same read-only proxy, of two kinds: freezing what a pack
    /// built walks into the rules' tables but leaves the host's data behind a view alone, so a
    /// view kept in a global still names its paths after the globals are sealed.
    @Test func sealingLeavesTheDataBehindAViewAlone() throws {
        let state = try state()
        let object = LRL_KIND_OBJECT.rawValue, string = LRL_KIND_STRING.rawValue, array = LRL_KIND_ARRAY.rawValue
        try state.run("""
            local d = prepare({ \(object), false, "Meeting", { title = { \(string), false, "string" },
              tags = { \(array), false, "[string]", { \(string), false, "string" } } }, { "title", "tags" } })
            held = check({ title = "a", tags = { "x" } }, d, "state", true)
            """, chunkName: "held.lua")
        try state.sealGlobals()
        let read = try state.run("return function(f) return f(held) end", chunkName: "read.lua", returning: LuaRef.self)
        func failure(_ body: String) throws -> String {
            let probe = try state.run("return function(held) \(body) end", chunkName: "probe.lua", returning: LuaRef.self)
            do {
                try state.call(read, probe)
                return "no error"
            } catch {
                return error.message
            }
        }
        #expect(try failure("return held.tags.first") == "state.tags: this is a list of string; index it with numbers, not 'first'")
        #expect(try failure("held.tags[1] = 'y'") == "state.tags.1: rule inputs are read-only (copy what you need into a local table)")
        #expect(try failure("return held.titel") == "state.titel: no such field in Meeting — did you mean title?")
        #expect(state.stackDepth == 0)
    }

    struct Mismatch: Decodable, Equatable {
        var path: String
        var message: String
    }

    /// Checks `value` (Lua source) against a `Meeting { title: string, start: date, tags: [string] }`
    /// and returns the mismatch: where and what, as separate values.
    private func mismatch(_ value: String) throws -> Mismatch {
        let state = try state()
        let object = LRL_KIND_OBJECT.rawValue, string = LRL_KIND_STRING.rawValue
        let date = LRL_KIND_DATE.rawValue, array = LRL_KIND_ARRAY.rawValue
        let result = try state.run("""
            local d = prepare({ \(object), false, "Meeting", {
              title = { \(string), false, "string" }, start = { \(date), false, "date" },
              tags = { \(array), true, "[string]", { \(string), false, "string" } },
            }, { "title", "start", "tags" } })
            local checked, path, message = check(\(value), d, "state", false)
            assert(checked == nil, "the value passed")
            return { path = path, message = message }
            """, chunkName: "mismatch.lua", returning: Mismatch.self)
        #expect(state.stackDepth == 0)
        return result
    }

    @Test func aMismatchComesBackAsPathAndMessage() throws {
        #expect(try mismatch(#"{ title = "a", start = "noon" }"#)
            == Mismatch(path: "state.start", message: #"expected date, got "noon""#))
        #expect(try mismatch(#"{ title = "a", start = 0, tags = { "x", 7 } }"#)
            == Mismatch(path: "state.tags[1]", message: "expected string, got 7"))
        #expect(try mismatch(#"{ title = "a", start = 0, tags = { [3] = "x" } }"#)
            == Mismatch(path: "state.tags", message: "expected [string], got a table with keys that are not 1...0"))
    }

    @Test func anUnknownFieldComesBackWithTheSharedSuggestion() throws {
        #expect(try mismatch(#"{ title = "a", start = 0, strat = 1 }"#)
            == Mismatch(path: "state.strat", message: "not in the schema of Meeting — did you mean start?"))
        #expect(try mismatch(#"{ title = "a", start = 0, zzz = 1 }"#)
            == Mismatch(path: "state.zzz", message: "not in the schema of Meeting (it has: title, start, tags)"))
    }

    /// A view the check made, placed again in a value checked later (as the host reuses the
    /// elements of a list that did not change), is accepted as it is and named at its new place;
    /// a view of another type at that place is an error, not a value taken on trust.
    @Test func aViewPlacedAgainIsAcceptedAtItsNewPlace() throws {
        let state = try state()
        let object = LRL_KIND_OBJECT.rawValue, string = LRL_KIND_STRING.rawValue, array = LRL_KIND_ARRAY.rawValue
        let result = try state.run("""
            local meeting = prepare({ \(object), false, "Meeting", { title = { \(string), false, "string" } }, { "title" } })
            local day = prepare({ \(object), false, "Day", { meetings = { \(array), false, "[Meeting]", meeting } }, { "meetings" } })
            local first = check({ meetings = { { title = "a" }, { title = "b" } } }, day, "state", true)
            local kept = first.meetings[2]
            local second = check({ meetings = { kept, { title = "c" } } }, day, "state", true)
            collect()
            local ok, typo = pcall(function() return second.meetings[1].titel end)
            local ok2, write = pcall(function() second.meetings[1].title = "x" end)
            local ok3, misplaced = pcall(check, { meetings = { first.meetings } }, day, "state", true)
            return table.concat({ tostring(rawequal(second.meetings[1], kept)), second.meetings[1].title,
              second.meetings[2].title, typo, write, misplaced }, "|")
            """, chunkName: "placed.lua", returning: String.self)
        #expect(result == "true|b|c|placed.lua:7: state.meetings[1].titel: no such field in Meeting — did you mean title?"
            + "|placed.lua:8: state.meetings[1].title: rule inputs are read-only (copy what you need into a local table)"
            + "|schema check: a reused table at a place of another type")
        #expect(state.stackDepth == 0)
    }
}
