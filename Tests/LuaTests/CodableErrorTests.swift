import Foundation
import Testing
@testable import Lua

/// Values Lua produced, decoded strictly; and what cannot cross the bridge, refused with its path.
@Suite struct CodableErrorTests {
    let state: LuaState

    init() throws {
        state = try LuaState()
    }

    // MARK: Numbers

    @Test func integralFloatsDecodeAsIntegers() throws {
        #expect(try run("return 60 / 60", as: Int.self) == 1)
        #expect(try run("return 2^53", as: Int64.self) == 1 << 53)
        #expect(try run("return -0.0", as: Int.self) == 0)
        #expect(try run("return { value = 10 / 2 }", as: Box<UInt8>.self) == Box(value: 5))
        #expect(try run("return { 4 / 2 }", as: [Int16].self) == [2])
    }

    @Test func fractionalFloatsAreNotIntegers() {
        expectError(.decoding(path: "", expected: "integer", found: "number 3.5")) { try run("return 3.5", as: Int.self) }
        expectError(.decoding(path: "value", expected: "integer", found: "number 0.5")) { try run("return { value = 0.5 }", as: Box<Int32>.self) }
        expectError(.decoding(path: "", expected: "non-negative integer", found: "number 1.5")) { try run("return 1.5", as: UInt64.self) }
        let error = #expect(throws: LuaError.self) { try run("return 0/0", as: Int.self) }
        guard case .decoding(_, "integer", let found) = error else { Issue.record("\(String(describing: error))"); return }
        #expect(found.hasPrefix("number") && found.hasSuffix("nan"))
    }

    @Test func integersOutOfRangeAreRefused() {
        let int64 = "integer in -9223372036854775808...9223372036854775807"
        expectError(.decoding(path: "", expected: int64, found: "number 9.223372036854776e+18")) { try run("return 2^63", as: Int64.self) }
        expectError(.decoding(path: "", expected: int64, found: "number inf")) { try run("return math.huge", as: Int.self) }
        expectError(.decoding(path: "", expected: "integer in -128...127", found: "integer 300")) { try run("return 300", as: Int8.self) }
        expectError(.decoding(path: "[2]", expected: "integer in 0...65535", found: "integer -1")) { try run("return { 1, -1 }", as: [UInt16].self) }
        expectError(.decoding(path: "", expected: "integer in 0...18446744073709551615", found: "integer -9223372036854775808")) {
            try run("return math.mininteger", as: UInt.self)
        }
    }

    @Test func luaIntegersDecodeAsFloatingPoint() throws {
        #expect(try run("return 7", as: Double.self) == 7)
        #expect(try run("return math.maxinteger", as: Double.self) == 0x1p63)
        #expect(try run("return -3", as: Float.self) == -3)
        #expect(try run("return { value = 1 }", as: Box<Double>.self) == Box(value: 1))
    }

    @Test func unsignedValuesPastInt64AreRefusedWithTheirPath() {
        let message = "18446744073709551615 does not fit a Lua integer (64-bit signed)"
        expectError(.encoding(path: "", message: message)) { try state.push(UInt64.max) }
        expectError(.encoding(path: "value", message: message)) { try state.push(Box(value: UInt64.max)) }
        expectError(.encoding(path: "[2]", message: message)) { try state.push([0, UInt64.max]) }
        expectError(.encoding(path: "[1].value[2]", message: message)) { try state.push([Box(value: [1, UInt.max])]) }
        expectError(.encoding(path: "[3]", message: message)) { try state.push([3: UInt64.max]) }
        // Inside custom nested containers, the path still names every level.
        expectError(.encoding(path: "meta.sizes[2]", message: message)) { try state.push(Wide(sizes: [1, .max])) }
        #expect(state.stackDepth == 0)
    }

    // MARK: Other scalars

    @Test func typeMismatchesNameWhatWasFound() {
        expectError(.decoding(path: "title", expected: "string", found: "integer 42")) { try run("return { title = 42 }", as: Note.self) }
        expectError(.decoding(path: "title", expected: "string", found: "boolean true")) { try run("return { title = true }", as: Note.self) }
        expectError(.decoding(path: "note", expected: "string", found: "table")) { try run("return { title = '', note = {} }", as: Note.self) }
        expectError(.decoding(path: "", expected: "boolean", found: "integer 1")) { try run("return 1", as: Bool.self) }
        expectError(.decoding(path: "", expected: "table", found: "string \"x\"")) { try run("return 'x'", as: Note.self) }
        expectError(.decoding(path: "", expected: "array", found: "nil")) { try run("return nil", as: [Int].self) }
        expectError(.decoding(path: "", expected: "date (Unix seconds)", found: "string \"2024-01-01\"")) { try run("return '2024-01-01'", as: Date.self) }
        expectError(.decoding(path: "", expected: "bytes (a string)", found: "integer 1")) { try run("return 1", as: Data.self) }
        expectError(.decoding(path: "", expected: "a URL", found: "string \"\"")) { try run("return ''", as: URL.self) }
    }

    @Test func invalidUTF8IsNotAStringButIsData() throws {
        for bytes in ["\\xff\\xfe", "a\\xc0\\x80", "\\xed\\xa0\\x80", "\\xe2\\x82"] {
            let error = #expect(throws: LuaError.self) { try run("return '\(bytes)'", as: String.self) }
            guard case .decoding("", "valid UTF-8 string", let found) = error else { Issue.record("\(bytes): \(String(describing: error))"); continue }
            #expect(found.hasPrefix("string \""))
        }
        #expect(try run("return '\\xff\\xfe'", as: Data.self) == Data([0xFF, 0xFE]))
        expectError(.decoding(path: "[2]", expected: "valid UTF-8 string", found: "string \"\u{FFFD}\"")) { try run("return { 'ok', '\\xff' }", as: [String].self) }
        #expect(try run("return '\\xef\\xbf\\xbd'", as: String.self) == "\u{FFFD}")
    }

    @Test func invalidRawValuesNameThePath() {
        expectError(.decoding(path: "value", expected: "a valid Color", found: "string \"purple\"")) { try run("return { value = 'purple' }", as: Box<Color>.self) }
        expectError(.decoding(path: "[2]", expected: "a valid Priority", found: "integer 7")) { try run("return { 1, 7 }", as: [Priority].self) }
        expectError(.decoding(path: "", expected: "string", found: "integer 1")) { try run("return 1", as: Color.self) }
        let error = #expect(throws: LuaError.self) { try run("return { circle = { radius = 1 }, point = {} }", as: Shape.self) }
        guard case .decoding("", "Shape", _) = error else { Issue.record("\(String(describing: error))"); return }
    }

    // MARK: Tables

    @Test func aMissingFieldGivesItsFullPath() {
        let source = "return { layout = { lockScreen = { fields = { {id='a', text='x'}, {id='b'} } } } }"
        let error = LuaError.decoding(path: "layout.lockScreen.fields[2].text", expected: "string", found: "nil")
        expectError(error) { try run(source, as: Screen.self) }
        #expect(error.description == "error: layout.lockScreen.fields[2].text: expected string, got nil")
        // Custom nested containers keep the path too.
        expectError(.decoding(path: "meta.title", expected: "string", found: "nil")) {
            try run("return { meta = { times = {1, 2} }, tags = {} }", as: Event.self)
        }
        expectError(.decoding(path: "tags[2].name", expected: "string", found: "nil")) {
            try run("return { meta = { title = 't', times = {1, 2} }, tags = { {name='a'}, {} } }", as: Event.self)
        }
        expectError(.decoding(path: "meta.times[2]", expected: "another element", found: "the end of the array")) {
            try run("return { meta = { title = 't', times = {1} }, tags = {} }", as: Event.self)
        }
    }

    @Test func onlyPositiveIntegerKeysMakeAnArray() {
        expectError(.decoding(path: "", expected: "array", found: "table with key string \"name\"")) { try run("return { 1, 2, name = 'x' }", as: [Int].self) }
        expectError(.decoding(path: "value", expected: "array", found: "table with key integer 0")) { try run("return { value = { [0] = 1 } }", as: Box<[Int]>.self) }
        expectError(.decoding(path: "", expected: "array", found: "table with key number 1.5")) { try run("return { [1.5] = 1 }", as: [Int].self) }
        expectError(.decoding(path: "[2]", expected: "integer", found: "nil")) { try run("return { 1, nil, 3 }", as: [Int].self) }
    }

    /// Holes read as nil, but the count comes from the largest key: a sparse table must fail fast
    /// instead of making the host build a huge array.
    @Test func sparseTablesAreNotArrays() throws {
        expectError(.decoding(path: "", expected: "array", found: "sparse table (1 elements, largest key 9223372036854775807)")) {
            try run("return { [math.maxinteger] = 1 }", as: [Int?].self)
        }
        #expect(try run("return { nil, nil, 3 }", as: [Int?].self) == [nil, nil, 3])
        // Holes may outnumber elements by 1,024: two elements allow a largest key of 1,028.
        let atBound = try run("return { [1028] = 1, [1] = 1 }", as: [Int?].self)
        #expect(atBound.count == 1028 && atBound.compactMap { $0 } == [1, 1])
        expectError(.decoding(path: "", expected: "array", found: "sparse table (2 elements, largest key 1029)")) {
            try run("return { [1029] = 1, [1] = 1 }", as: [Int?].self)
        }
    }

    @Test func integerKeyedDictionariesFromLua() throws {
        let extremes = try run("return { [math.mininteger] = 'min', [-1] = 'minus', [0] = 'zero', [math.maxinteger] = 'max' }", as: [Int: String].self)
        #expect(extremes == [.min: "min", -1: "minus", 0: "zero", .max: "max"])
        expectError(.decoding(path: "", expected: "integer keys", found: "key string \"x\"")) { try run("return { x = 1 }", as: [Int: Int].self) }
        expectError(.decoding(path: "[-7]", expected: "string", found: "integer 3")) { try run("return { [-7] = 3 }", as: [Int: String].self) }
        // Values whose decoding leaves nested containers on the stack, while the keys are walked.
        let events = try run("""
            return { [5] = { meta = { title = 'a', times = {1, 2} }, tags = { {name='x'} } },
                     [6] = { meta = { title = 'b', times = {3, 4} }, tags = {} } }
            """, as: [Int: Event].self)
        #expect(events.mapValues(\.title) == [5: "a", 6: "b"])
        #expect(events[5]?.tags == ["x"])
    }

    @Test func stringKeyedDictionariesFromLua() throws {
        // An integer key reads as its text, and never stands in for a different string key.
        #expect(try run("return { [1] = 10, ['01'] = 20 }", as: [String: Int].self) == ["1": 10, "01": 20])
        #expect(try run("return { 'a', 'b' }", as: [String: String].self) == ["1": "a", "2": "b"])
    }

    // MARK: Depth

    @Test func nestingPastTheLimitFailsCleanly() throws {
        let (errors, usable) = try onLargeStack { () throws -> ([LuaError], Bool) in
            // The scripts build 100,000-deep tables: time is not what this test is about, so the
            // deadline leaves room for a loaded machine or a sanitizer build.
            let state = try LuaState(limits: LuaLimits(deadline: .seconds(5)))
            var errors: [LuaError] = []
            func record<R>(_ body: () throws(LuaError) -> R) {
                do { _ = try body() } catch { errors.append(error) }
            }
            record { () throws(LuaError) in try state.push(DeepArrays(levels: 100_000)) }
            record { () throws(LuaError) in try state.push(DeepArrays(levels: LuaEncoder.maxDepth + 1)) }
            record { () throws(LuaError) in try state.push(NestedArrays(depth: LuaEncoder.maxDepth + 1)) }
            for levels in [100_000, LuaEncoder.maxDepth + 1] {
                record { () throws(LuaError) in try state.run("local t = {} for i = 2, \(levels) do t = {t} end return t", chunkName: "deep.lua", returning: NestedArrays.self) }
            }
            // Types whose own code recurses, through nested containers or super decoders.
            let chain = "local t = {} for i = 2, 100000 do t = { next = t } end return t"
            record { () throws(LuaError) in try state.run(chain, chunkName: "chain.lua", returning: Chain.self) }
            record { () throws(LuaError) in try state.run(chain, chunkName: "chain.lua", returning: SuperChain.self) }
            // The state is still usable, with nothing left on its stack.
            let usable = state.stackDepth == 0 && (try? state.run("return 1", chunkName: "after.lua", returning: Int.self)) == 1
            return (errors, usable)
        }
        let path = String(repeating: "[1]", count: LuaEncoder.maxDepth)
        let encoding = LuaError.encoding(path: path, message: "nested more than \(LuaEncoder.maxDepth) levels deep")
        let decoding = LuaError.decoding(path: path, expected: "at most \(LuaEncoder.maxDepth) levels of nesting", found: "table")
        let chain = LuaError.decoding(path: Array(repeating: "next", count: LuaEncoder.maxDepth).joined(separator: "."),
                                      expected: "at most \(LuaEncoder.maxDepth) levels of nesting", found: "table")
        #expect(errors == [encoding, encoding, encoding, decoding, decoding, chain, chain])
        #expect(usable)
    }

    @Test func recursiveCustomDecodingReachesTheLimit() throws {
        let lengths = try onLargeStack { () throws -> [Int] in
            let state = try LuaState()
            let chain = "local t = {} for i = 2, \(LuaEncoder.maxDepth) do t = { next = t } end return t"
            return [
                try state.run(chain, chunkName: "chain.lua", returning: Chain.self).length,
                try state.run(chain, chunkName: "chain.lua", returning: SuperChain.self).length,
            ]
        }
        #expect(lengths == [LuaEncoder.maxDepth, LuaEncoder.maxDepth])
    }

    /// Nested containers live on the Lua stack until their value is done; past the Lua stack's
    /// million slots the encoding fails (containers cannot throw: the failure comes at the end).
    @Test func moreOpenContainersThanTheLuaStackHoldsFailCleanly() throws {
        let rows = [[Int]](repeating: [], count: 1_000_001)
        expectError(.encoding(path: "", message: "too many values for the Lua stack")) { try state.push(Matrix(rows: rows)) }
        #expect(state.stackDepth == 0)
        state.collectGarbage()
        #expect(try pushAndDecode(Matrix(rows: [[1], [2, 3]]), as: Matrix.self, in: state) == Matrix(rows: [[1], [2, 3]]))
        #expect(try state.run("local t = {} for i = 1, 100 do t[i] = {i} end return #t", chunkName: "after.lua", returning: Int.self) == 100)
    }

    // MARK: References and metamethods

    @Test func aReferenceFromAnotherStateIsRefused() throws {
        let other = try LuaState()
        let foreign = try other.reference(["x": 1])
        let message = "a LuaRef belongs to another state"
        expectError(.encoding(path: "", message: message)) { try state.push(foreign) }
        expectError(.encoding(path: "ref", message: message)) { try state.push(Holder(ref: foreign)) }
        let function = try state.load("return select('#', ...)", chunkName: "count.lua")
        expectError(.encoding(path: "", message: message)) { _ = try state.call(function, 1, foreign, returning: Int.self) }
        #expect(state.stackDepth == 0)
        // It still works where it belongs.
        #expect(try pushAndDecode(foreign, as: [String: Int].self, in: other) == ["x": 1])
        // Outside a Lua state it cannot be encoded at all.
        #expect(throws: EncodingError.self) { try JSONEncoder().encode(Holder(ref: foreign)) }
    }

    @Test func metamethodsNeverRunWhileDecoding() throws {
        let raising = "function() error('a metamethod ran') end"
        let note = try run("return setmetatable({ title = 'x' }, { __index = \(raising) })", as: Note.self)
        #expect(note == Note(title: "x", note: nil))
        // An __index that would supply a field does not: the field is absent.
        #expect(try run("return setmetatable({ title = 'x' }, { __index = { note = 'leaked' } })", as: Note.self).note == nil)
        expectError(.decoding(path: "title", expected: "string", found: "nil")) {
            try run("return setmetatable({}, { __index = { title = 'leaked' } })", as: Note.self)
        }
        let array = "return setmetatable({ 1, 2 }, { __len = \(raising), __index = \(raising), __pairs = \(raising) })"
        #expect(try run(array, as: [Int?].self) == [1, 2])
        #expect(try run("return setmetatable({ a = 1 }, { __pairs = \(raising), __index = \(raising) })", as: [String: Int].self) == ["a": 1])
        #expect(try run("return setmetatable({ [3] = 'c' }, { __index = \(raising) })", as: [Int: String].self) == [3: "c"])
        let nested = "return { layout = setmetatable({ lockScreen = { fields = {} } }, { __index = \(raising) }) }"
        #expect(try run(nested, as: Screen.self) == Screen(layout: Layout(lockScreen: LockScreen(fields: []))))
        #expect(state.stackDepth == 0)
    }

    // MARK: Helpers

    private func run<T: Decodable>(_ source: String, as type: T.Type) throws -> T {
        defer { #expect(state.stackDepth == 0) }
        return try state.run(source, chunkName: "value.lua", returning: T.self)
    }

    /// Expects `body` to throw exactly `error`, leaving the stack empty.
    private func expectError<R>(_ error: LuaError, sourceLocation: Testing.SourceLocation = #_sourceLocation, _ body: () throws -> R) {
        #expect(throws: error, sourceLocation: sourceLocation, performing: body)
        #expect(state.stackDepth == 0, sourceLocation: sourceLocation)
    }
}

/// Arrays nested `levels` deep, generated while encoding: a stored value 100,000 levels deep
/// would itself exhaust the stack when freed.
private struct DeepArrays: Encodable {
    let levels: Int

    func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        if levels > 1 { try container.encode(DeepArrays(levels: levels - 1)) }
    }
}

/// The length of `{next = {next = ...}}`, read by recursing through nested containers.
private struct Chain: Decodable {
    enum Keys: String, CodingKey { case next }
    let length: Int

    init(from decoder: any Decoder) throws {
        length = try Self.length(of: decoder.container(keyedBy: Keys.self))
    }

    private static func length(of container: KeyedDecodingContainer<Keys>) throws -> Int {
        guard container.contains(.next) else { return 1 }
        return try 1 + length(of: container.nestedContainer(keyedBy: Keys.self, forKey: .next))
    }
}

/// The same, read by recursing through `superDecoder(forKey:)`.
private struct SuperChain: Decodable {
    let length: Int

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Chain.Keys.self)
        length = container.contains(.next) ? try 1 + SuperChain(from: container.superDecoder(forKey: .next)).length : 1
    }
}

/// `{meta = {sizes = {...}}}`, through nested containers.
private struct Wide: Encodable {
    let sizes: [UInt64]
    enum Keys: String, CodingKey { case meta }
    enum MetaKeys: String, CodingKey { case sizes }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        var meta = container.nestedContainer(keyedBy: MetaKeys.self, forKey: .meta)
        var sizes = meta.nestedUnkeyedContainer(forKey: .sizes)
        for size in self.sizes { try sizes.encode(size) }
    }
}

private struct Holder: Encodable {
    let ref: LuaRef
}
