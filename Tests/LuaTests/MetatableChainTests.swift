import Testing
@testable import Lua

/// `setmetatable` keeps chains of `__index` and `__newindex` tables short, because Lua walks a
/// chain inside one VM instruction where no budget reaches; what classes need still works.
@Suite struct MetatableChainTests {
    /// Runs `source` in a fresh state; its result as a string.
    private func evaluate(_ source: String) throws -> String {
        try LuaState().run(source, chunkName: "c.lua", returning: String.self)
    }

    /// The runtime error message `source` raises.
    private func failure(_ source: String) throws -> String {
        do {
            try LuaState().run(source, chunkName: "c.lua")
        } catch .runtime(let message, _, _) {
            return message
        }
        return "no error"
    }

    @Test func classesAndInheritanceWork() throws {
        let source = """
            local Base = {}
            Base.__index = Base
            function Base.name(self) return "base " .. self.n end
            local Derived = setmetatable({}, { __index = Base })
            Derived.__index = Derived
            function Derived.label(self) return "derived " .. self:name() end
            local object = setmetatable({ n = 7 }, Derived)
            local other = setmetatable({ n = 8 }, Derived)
            return object:label() .. ", " .. other:name()
            """
        #expect(try evaluate(source) == "derived base 7, base 8")
    }

    @Test func aChainOfEightTablesIsAllowedAndANinthRefused() throws {
        let eight = """
            local head = { answer = 42 }
            for _ = 1, 7 do head = setmetatable({}, { __index = head }) end
            return tostring(setmetatable({}, { __index = head }).answer)
            """
        #expect(try evaluate(eight) == "42")
        let nine = """
            local head = { answer = 42 }
            for _ = 1, 8 do head = setmetatable({}, { __index = head }) end
            return setmetatable({}, { __index = head }).answer
            """
        #expect(try failure(nine) == "__index chain longer than 8 tables")
        let writes = """
            local head = {}
            for _ = 1, 9 do head = setmetatable({}, { __newindex = head }) end
            """
        #expect(try failure(writes) == "__newindex chain longer than 8 tables")
    }

    @Test func loopsAreRefused() throws {
        #expect(try failure("local t = {} setmetatable(t, { __index = t })") == "__index leads back to the table it is set on")
        #expect(try failure("local t = {} t.__newindex = t setmetatable(t, t)") == "__newindex leads back to the table it is set on")
        #expect(try failure("local a, b = {}, {} setmetatable(a, { __index = b }) setmetatable(b, { __index = a })")
            .contains("another table's __index or __newindex already leads here"))
    }

    /// A table a chain leads to may still take a metatable without links, or lose its own.
    @Test func aLinkedTableTakesMetatablesWithoutLinks() throws {
        let source = """
            local target = {}
            local linked = setmetatable({}, { __index = target })
            setmetatable(target, { __tostring = function() return "target" end })
            setmetatable(target, nil)
            return tostring(getmetatable(linked).__index == target)
            """
        #expect(try evaluate(source) == "true")
        #expect(try failure("local t = {} setmetatable({}, { __index = t }) setmetatable(t, { __newindex = {} })")
            .contains("already leads here"))
    }

    /// A refused link leaves no trace: the table it would have led to can still take links.
    @Test func aRefusedLinkMarksNothing() throws {
        let source = """
            local head = { answer = 1 }
            for _ = 1, 8 do head = setmetatable({}, { __index = head }) end
            local target = {}
            pcall(setmetatable, {}, { __index = head, __newindex = target })
            setmetatable(target, { __index = { answer = 2 } })
            return tostring(target.answer)
            """
        #expect(try evaluate(source) == "2")
    }
}
