import Testing
@testable import Lua

/// Reading results field by field, without `Codable`.
@Suite struct TableReaderTests {
    struct Field: Equatable {
        var id: String
        var text: String
    }

    private func read<T>(_ source: String, _ body: (LuaTableReader) throws(LuaError) -> T) throws(LuaError) -> T {
        let state = try LuaState()
        let function = try state.run("return function() \(source) end", chunkName: "r.lua", returning: LuaRef.self)
        defer { #expect(state.stackDepth == 0) }
        return try state.call(function, reading: body)
    }

    @Test func readsNestedTablesListsAndScalars() throws {
        let result = try read("""
            return { phase = "combo", score = 80, alert = true,
                     layout = { fields = { { id = "a", text = "é" }, { id = "b", text = "2" } }, dropped = { "c" } } }
            """) { output throws(LuaError) in
            (try output.string("phase"), try output.number("score"), try output.bool("alert"), try output.optionalString("missing"),
             try output.table("layout") { layout throws(LuaError) in
                 (try layout.list("fields") { element throws(LuaError) in
                     try element.table { field throws(LuaError) in Field(id: try field.string("id"), text: try field.string("text")) }
                 }, try layout.list("dropped", optional: true) { element throws(LuaError) in try element.string() },
                  try layout.list("absent", optional: true) { _ throws(LuaError) in 0 })
             }, output.has("layout"), output.has("nothing"), output.stringKeys().sorted())
        }
        #expect(result.0 == "combo" && result.1 == 80 && result.2 == true && result.3 == nil)
        #expect(result.4.0 == [Field(id: "a", text: "é"), Field(id: "b", text: "2")])
        #expect(result.4.1 == ["c"] && result.4.2 == nil)
        #expect(result.5 && !result.6)
        #expect(result.7 == ["alert", "layout", "phase", "score"])
    }

    @Test func mismatchesNameTheirPathWithLuaIndices() throws {
        #expect(throws: LuaError.decoding(path: "layout.fields[2].text", expected: "string", found: "nil")) {
            try read("return { layout = { fields = { { text = 'x' }, { id = 'b' } } } }") { output throws(LuaError) in
                try output.table("layout") { layout throws(LuaError) in
                    try layout.list("fields") { element throws(LuaError) in
                        try element.table { field throws(LuaError) in try field.string("text") }
                    }
                }
            }
        }
        #expect(throws: LuaError.decoding(path: "score", expected: "number", found: "string \"high\"")) {
            try read("return { score = 'high' }") { output throws(LuaError) in try output.number("score") }
        }
        #expect(throws: LuaError.decoding(path: "alert", expected: "boolean", found: "nil")) {
            try read("return {}") { output throws(LuaError) in try output.bool("alert") }
        }
        #expect(throws: LuaError.decoding(path: "", expected: "table", found: "integer 3")) {
            try read("return 3") { output throws(LuaError) in try output.string("x") }
        }
        #expect(throws: LuaError.decoding(path: "text", expected: "valid UTF-8", found: "2 bytes that are not")) {
            try read("return { text = '\\xff\\xfe' }") { output throws(LuaError) in try output.string("text") }
        }
    }

    @Test func typeNamesAreLuasOwn() throws {
        let names = try read("return { s = 'x', n = 1, t = {}, f = print, b = false }") { output throws(LuaError) in
            ["s", "n", "t", "f", "b", "absent"].map(output.typeName)
        }
        #expect(names == ["string", "number", "table", "function", "boolean", "nil"])
    }

    @Test func readsRawSoNoMetamethodRuns() throws {
        let value = try read("""
            local hidden = setmetatable({}, { __index = function() error('a metamethod ran') end })
            return setmetatable({ shown = 'yes' }, { __index = hidden })
            """) { output throws(LuaError) in (try output.string("shown"), try output.optionalString("absent")) }
        #expect(value.0 == "yes" && value.1 == nil)
    }
}
