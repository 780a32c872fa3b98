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
             }, output.has("layout"), output.has("nothing"), try output.names(expecting: 4, naming: "a name").sorted())
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

    // MARK: Limited readers

    static let limits = LuaReadLimits(textBytes: 100, totalBytes: 500)

    private func readLimited<T>(_ source: String, _ body: (LuaTableReader) throws(LuaError) -> T) throws(LuaError) -> T {
        try read(source) { output throws(LuaError) in try body(output.limited(by: Self.limits)) }
    }

    @Test func aListLongerThanItsBoundIsRefusedBeforeItIsWalked() throws {
        // Raw length math.maxinteger: five elements, then 6, 10, 20, ..., 5 * 2^60 and maxinteger.
        let keys = (["[6] = 1"] + (1...60).map { "[\(5 << $0)] = 1" } + ["[math.maxinteger] = 1"]).joined(separator: ", ")
        let source = "return { items = { 1, 2, 3, 4, 5, \(keys) } }"
        let refusal = LuaError.decoding(path: "items", expected: "a list of at most 11 elements", found: "a table of length 9223372036854775807")
        #expect(throws: refusal) {
            try read(source) { output throws(LuaError) in try output.list("items", atMost: 11) { element throws(LuaError) in try element.string() } }
        }
        #expect(throws: refusal) {
            try readLimited(source) { output throws(LuaError) in try output.list("items", atMost: 11) { element throws(LuaError) in try element.string() } }
        }
        // Without a bound, a limited reader finds the list's first hole by the keys it holds.
        #expect(throws: LuaError.decoding(path: "items[7]", expected: "an element (a list of length 9223372036854775807 has no holes)", found: "nil")) {
            try readLimited(source) { output throws(LuaError) in try output.list("items") { _ throws(LuaError) in 0 } }
        }
    }

    @Test func aSharedStringCountsEachTimeItIsRead() throws {
        #expect(throws: LuaError.decoding(path: "items[6]", expected: "at most 500 bytes of text in all (a string counts each time it is read)",
                                          found: "100 more bytes after 500")) {
            try readLimited("local s = ('x'):rep(100) return { items = { s, s, s, s, s, s } }") { output throws(LuaError) in
                try output.list("items") { element throws(LuaError) in try element.string() }
            }
        }
        #expect(throws: LuaError.decoding(path: "text", expected: "text of at most 100 bytes", found: "a string of 101 bytes")) {
            try readLimited("return { text = ('x'):rep(101) }") { output throws(LuaError) in try output.string("text") }
        }
        #expect(throws: LuaError.decoding(path: "id", expected: "text of at most 4 bytes", found: "a string of 5 bytes")) {
            try read("return { id = 'title' }") { output throws(LuaError) in try output.string("id", atMost: 4) }
        }
    }

    @Test func aLimitedReaderRefusesMetatablesAndKeysPastAListsEnd() throws {
        #expect(throws: LuaError.decoding(path: "part", expected: "a plain table (the host reads fields raw: what a metatable supplies is never read)",
                                          found: "a table with a metatable")) {
            try readLimited("return { part = setmetatable({}, { __index = { text = 'x' } }) }") { output throws(LuaError) in
                try output.table("part") { part throws(LuaError) in try part.optionalString("text") }
            }
        }
        #expect(throws: LuaError.decoding(path: "items[4]", expected: "nothing past the list's 2 elements", found: "string \"d\"")) {
            try readLimited("return { items = { 'a', 'b', [4] = 'd' } }") { output throws(LuaError) in
                try output.list("items") { element throws(LuaError) in try element.string() }
            }
        }
        #expect(throws: LuaError.decoding(path: "items", expected: "a list of 1 elements and nothing else", found: "a table of more than 17 keys")) {
            try readLimited("local t = { 'a' } for i = 1, 1000 do t['k' .. i] = i end return { items = t }") { output throws(LuaError) in
                try output.list("items") { element throws(LuaError) in try element.string() }
            }
        }
    }

    @Test func refusedKeysAreNamedEscapedFirstInTheDefinedOrder() throws {
        #expect(throws: LuaError.decoding(path: "[-3]", expected: "nothing (the keys are text, tone)", found: "integer 3")) {
            try readLimited("return { text = 'x', ['\\xFF'] = 1, [true] = 2, [-3] = 3, [2.5] = 4, colour = 5 }") { output throws(LuaError) in
                try output.checkKeys(only: ["text", "tone"])
            }
        }
        #expect(throws: LuaError.decoding(path: "colour", expected: "nothing (the keys are text, tone)", found: "integer 5")) {
            try readLimited("return { text = 'x', ['\\xFF'] = 1, colour = 5 }") { output throws(LuaError) in
                try output.checkKeys(only: ["text", "tone"])
            }
        }
        #expect(throws: LuaError.decoding(path: "lock\\xFFScreen", expected: "a placement (a string of valid UTF-8)",
                                          found: "a key of 11 bytes that are not valid UTF-8")) {
            try readLimited("return { lockScreen = 1, ['lock\\xFFScreen'] = 2 }") { output throws(LuaError) in
                try output.names(expecting: 8, naming: "a placement")
            }
        }
        #expect(throws: LuaError.decoding(path: "[true]", expected: "a placement (a string of valid UTF-8)", found: "boolean key true")) {
            try readLimited("return { lockScreen = 1, [true] = 2 }") { output throws(LuaError) in
                try output.names(expecting: 8, naming: "a placement")
            }
        }
        #expect(throws: LuaError.decoding(path: "", expected: "at most 2 keys", found: "a table of more than 18 keys")) {
            try readLimited("local t = {} for i = 1, 100000 do t['k' .. i] = i end return t") { output throws(LuaError) in
                try output.names(expecting: 2, naming: "a name")
            }
        }
        let accepted = try readLimited("return { text = 'x', tone = 'y' }") { output throws(LuaError) in
            try output.checkKeys(only: ["text", "tone", "glyph"])
            return try output.names(expecting: 2, naming: "a name").sorted()
        }
        #expect(accepted == ["text", "tone"])
    }
}
