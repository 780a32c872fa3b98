import CLuaShim
import Foundation
import Testing
@testable import Lua

/// Swift values pushed onto the Lua stack and decoded back, with what Lua sees in between.
@Suite struct CodableRoundTripTests {
    let state: LuaState

    init() throws {
        state = try LuaState()
    }

    // MARK: Numbers

    @Test func integersOfEveryWidthAtTheirLimits() throws {
        try checkLimits(Int.self)
        try checkLimits(Int8.self)
        try checkLimits(Int16.self)
        try checkLimits(Int32.self)
        try checkLimits(Int64.self)
        try checkLimits(UInt.self, max: UInt(Int64.max))
        try checkLimits(UInt8.self)
        try checkLimits(UInt16.self)
        try checkLimits(UInt32.self)
        try checkLimits(UInt64.self, max: UInt64(Int64.max))
        #expect(try lua("return ... == math.mininteger", with: Int64.min))
        #expect(try lua("return ... == math.maxinteger", with: Int.max))
    }

    /// Round-trips `min` and `max` alone (single value), in an array (unkeyed) and in a struct
    /// (keyed), each through its own encoder overload, and checks Lua sees integers.
    private func checkLimits<I: FixedWidthInteger & Codable>(_ type: I.Type, max: I = I.max) throws {
        for value in [I.min, max] {
            #expect(try roundTrip(value) == value)
            #expect(try roundTrip([value, value]) == [value, value])
            #expect(try roundTrip(Box(value: value)) == Box(value: value))
            #expect(try lua("return math.type(...) == 'integer'", with: value))
            #expect(try lua("local t = ... return math.type(t[1]) == 'integer'", with: [value]))
            #expect(try lua("local t = ... return math.type(t.value) == 'integer'", with: Box(value: value)))
        }
        #expect(state.stackDepth == 0)
    }

    @Test func doublesKeepSignInfinityNaNAndSubnormals() throws {
        let negativeZero = try roundTrip(-0.0)
        #expect(negativeZero == 0 && negativeZero.sign == .minus)
        #expect(try lua("return 1 / ... == -math.huge", with: -0.0))
        #expect(try roundTrip(Double.nan).isNaN)
        #expect(try lua("local x = ... return x ~= x", with: Double.nan))
        #expect(try roundTrip(Double.infinity) == .infinity)
        #expect(try roundTrip(-Double.infinity) == -.infinity)
        #expect(try lua("return ... == -math.huge", with: -Double.infinity))
        for value in [Double.leastNonzeroMagnitude, -.leastNonzeroMagnitude, .greatestFiniteMagnitude, .pi, 0.1] {
            #expect(try roundTrip(value) == value)
            #expect(try roundTrip([value]) == [value])
            #expect(try roundTrip(Box(value: value)) == Box(value: value))
        }
        #expect(try lua("local x = ... return x > 0 and x / 2 == 0", with: Double.leastNonzeroMagnitude))
        // An integral Double stays a float: it must not come back to Swift as an integer.
        #expect(try lua("return math.type(...) == 'float' and ... == 2", with: 2.0))
        #expect(try lua("local t = ... return math.type(t[1]) == 'float'", with: [2.0]))
        #expect(try lua("local t = ... return math.type(t.value) == 'float'", with: Box(value: 2.0)))
        #expect(state.stackDepth == 0)
    }

    @Test func floats() throws {
        for value in [Float.leastNonzeroMagnitude, .greatestFiniteMagnitude, .pi, -1.5, .infinity, -.infinity] {
            #expect(try roundTrip(value) == value)
            #expect(try roundTrip([value]) == [value])
            #expect(try roundTrip(Box(value: value)) == Box(value: value))
        }
        let negativeZero = try roundTrip(Float(-0.0))
        #expect(negativeZero == 0 && negativeZero.sign == .minus)
        #expect(try roundTrip(Float.nan).isNaN)
        #expect(try lua("return math.type(...) == 'float' and ... == 1.5", with: Float(1.5)))
        #expect(state.stackDepth == 0)
    }

    @Test func bools() throws {
        #expect(try roundTrip(true) == true)
        #expect(try roundTrip(false) == false)
        #expect(try roundTrip([true, false]) == [true, false])
        #expect(try roundTrip(Box(value: false)) == Box(value: false))
        #expect(try lua("return ... == false", with: false))
        #expect(state.stackDepth == 0)
    }

    // MARK: Strings and bytes

    @Test func stringsKeepTheirBytesExactly() throws {
        let strings = ["", "a\u{0}b", "\u{0}", "👩‍👩‍👧‍👦", "e\u{301}", "\u{E9}", "日本語", "\u{FFFD}"]
        for string in strings {
            // `==` on String ignores normalization ("é" == "e\u{301}"): compare the bytes.
            #expect(try Array(roundTrip(string).utf8) == Array(string.utf8))
            #expect(try roundTrip([string]).map { Array($0.utf8) } == [Array(string.utf8)])
            #expect(try Array(roundTrip(Box(value: string)).value.utf8) == Array(string.utf8))
            #expect(try lua("return #(...)", with: string, returning: Int.self) == string.utf8.count)
        }
        #expect(try lua("local s = ... return #s == 3 and s:byte(2) == 0 and s:sub(3) == 'b'", with: "a\u{0}b"))
        #expect(try lua("return ... == 'e\\u{301}'", with: "e\u{301}"))
        #expect(try !lua("return ... == '\\u{E9}'", with: "e\u{301}"))
        #expect(state.stackDepth == 0)
    }

    @Test func dataIsALuaStringOfTheSameBytes() throws {
        let bytes = Data([0x00, 0xFF, 0x41, 0x00, 0x80])
        #expect(try roundTrip(bytes) == bytes)
        #expect(try roundTrip(Data()) == Data())
        #expect(try roundTrip(Box(value: bytes)) == Box(value: bytes))
        #expect(try roundTrip([bytes, Data()]) == [bytes, Data()])
        let check = "local s = ... return type(s) == 'string' and #s == 5 and s:byte(1) == 0 and s:byte(2) == 255 and s:byte(5) == 128"
        #expect(try lua(check, with: bytes))
        #expect(try lua("return ... == ''", with: Data()))
        #expect(state.stackDepth == 0)
    }

    @Test func datesAreFloatUnixSeconds() throws {
        let date = Date(timeIntervalSince1970: 1_700_000_000.5)
        #expect(try roundTrip(date) == date)
        #expect(try roundTrip(Box(value: date)) == Box(value: date))
        #expect(try roundTrip([date]) == [date])
        #expect(try lua("local d = ... return math.type(d) == 'float' and d == 1700000000.5", with: date))
        let epoch = Date(timeIntervalSince1970: 0)
        #expect(try lua("local d = ... return math.type(d) == 'float' and d == 0", with: epoch))
        #expect(try lua("local t = ... return math.type(t.value) == 'float'", with: Box(value: epoch)))
        #expect(try state.run("return 1700000000", chunkName: "date.lua", returning: Date.self)
            == Date(timeIntervalSince1970: 1_700_000_000))
        #expect(state.stackDepth == 0)
    }

    @Test func urlsAreTheirAbsoluteString() throws {
        let url = try #require(URL(string: "https://example.com/a%20b/c?d=e&f=%C3%A9#frag"))
        #expect(try roundTrip(url) == url)
        #expect(try roundTrip(Box(value: url)) == Box(value: url))
        #expect(try lua("return ... == 'https://example.com/a%20b/c?d=e&f=%C3%A9#frag'", with: url))
        #expect(state.stackDepth == 0)
    }

    // MARK: Optionals and holes

    @Test func aNilOptionalPropertyIsAnAbsentKey() throws {
        let absent = Note(title: "t", note: nil)
        #expect(try roundTrip(absent) == absent)
        #expect(try lua("local t = ... return t.note == nil and t.title == 't'", with: absent))
        #expect(try lua("local n = 0 for _ in pairs(...) do n = n + 1 end return n", with: absent, returning: Int.self) == 1)
        let present = Note(title: "t", note: "n")
        #expect(try roundTrip(present) == present)
        #expect(try lua("return (...).note == 'n'", with: present))
        #expect(try roundTrip(Int?.none) == nil)
        #expect(try roundTrip(Int?.some(3)) == 3)
        #expect(try lua("return ... == nil", with: String?.none))
        #expect(state.stackDepth == 0)
    }

    /// A nil element leaves a hole; the count is the largest integer key, so a trailing nil is
    /// lost (Lua cannot tell `{1, nil}` from `{1}`). That is the contract, asserted deliberately.
    @Test func nilElementsAreHolesAndATrailingNilIsLost() throws {
        #expect(try roundTrip([1, nil, 3] as [Int?]) == [1, nil, 3])
        #expect(try lua("local t = ... return t[1] == 1 and t[2] == nil and t[3] == 3", with: [1, nil, 3] as [Int?]))
        #expect(try roundTrip([nil, nil, 3] as [Int?]) == [nil, nil, 3])
        #expect(try roundTrip([1, nil] as [Int?]) == [1])
        #expect(try roundTrip([nil] as [Int?]) == [])
        #expect(try roundTrip([Note(title: "a", note: nil), nil, Note(title: "c", note: "x")])
            == [Note(title: "a", note: nil), nil, Note(title: "c", note: "x")])
        #expect(state.stackDepth == 0)
    }

    // MARK: Tables

    @Test func nestedStructsAndArraysOfStructs() throws {
        let screen = Screen(layout: Layout(lockScreen: LockScreen(fields: [
            Field(id: "a", text: "x"), Field(id: "b", text: ""), Field(id: "c", text: "ü"),
        ])))
        #expect(try roundTrip(screen) == screen)
        #expect(try roundTrip([screen, screen]) == [screen, screen])
        #expect(try lua("local s = ... return s.layout.lockScreen.fields[3].id == 'c' and #s.layout.lockScreen.fields == 3", with: screen))
        #expect(state.stackDepth == 0)
    }

    @Test func emptyArraysAndEmptyObjectsAreBothAnEmptyTable() throws {
        let isEmptyTable = "local t = ... return type(t) == 'table' and next(t) == nil"
        #expect(try lua(isEmptyTable, with: [Int]()))
        #expect(try lua(isEmptyTable, with: [String: Int]()))
        #expect(try lua(isEmptyTable, with: [Int: Int]()))
        #expect(try lua(isEmptyTable, with: Empty()))
        #expect(try roundTrip([Int](), as: [String: Int].self) == [:])
        #expect(try roundTrip([String: Int](), as: [Int].self) == [])
        #expect(try roundTrip([String: Int](), as: [Int: Int].self) == [:])
        #expect(try roundTrip([Int](), as: Empty.self) == Empty())
        #expect(try roundTrip(Box(value: [Int]()), as: Box<[String: Int]>.self) == Box(value: [:]))
        #expect(state.stackDepth == 0)
    }

    @Test func stringKeyedDictionaries() throws {
        let dictionary = ["a": 1, "a\u{0}b": 2, "": 3, "1": 4, "01": 5, "é": 6, "👍": 7]
        #expect(try roundTrip(dictionary) == dictionary)
        // Keys are strings, NUL bytes included, and never integers.
        let check = "local t = ... return t.a == 1 and t['a\\0b'] == 2 and t[''] == 3 and t['1'] == 4 and t[1] == nil and t['01'] == 5"
        #expect(try lua(check, with: dictionary))
        let nested = ["x": [Field(id: "a", text: "b")], "y": []]
        #expect(try roundTrip(nested) == nested)
        #expect(state.stackDepth == 0)
    }

    @Test func integerKeyedDictionariesHaveIntegerKeys() throws {
        let dictionary = [1: "a", 2: "b", 0: "zero", -1: "minus", Int.min: "min", Int.max: "max"]
        #expect(try roundTrip(dictionary) == dictionary)
        let check = "local t = ... return t[1] ~= nil and t['1'] == nil and t[math.mininteger] == 'min' and t[math.maxinteger] == 'max' and t[0] == 'zero'"
        #expect(try lua(check, with: dictionary))
        #expect(try lua("local t = ... return math.type(next(t))", with: [7: true], returning: String.self) == "integer")
        let nested = Box(value: [3: [Field(id: "a", text: "b")]])
        #expect(try roundTrip(nested) == nested)
        #expect(state.stackDepth == 0)
    }

    // MARK: Enums

    @Test func rawValueEnumsAreTheirRawValues() throws {
        #expect(try roundTrip(Color.red) == .red)
        #expect(try roundTrip(Priority.high) == .high)
        #expect(try roundTrip([Priority.low, .high]) == [.low, .high])
        #expect(try roundTrip(Box(value: Color.green)) == Box(value: .green))
        #expect(try lua("return ... == 'red'", with: Color.red))
        #expect(try lua("return math.type(...) == 'integer' and ... == 10", with: Priority.high))
        #expect(state.stackDepth == 0)
    }

    @Test func enumsWithAssociatedValues() throws {
        let shapes: [Shape] = [.circle(radius: 2), .rect(width: 1, height: 3.5), .point, .tagged("a\u{0}", -4)]
        #expect(try roundTrip(shapes) == shapes)
        for shape in shapes { #expect(try roundTrip(shape) == shape) }
        #expect(try lua("local t = ... return t.circle.radius == 2", with: Shape.circle(radius: 2)))
        #expect(try lua("local t = ... return t.tagged._0 == 'x' and t.tagged._1 == 1", with: Shape.tagged("x", 1)))
        #expect(try lua("local t = ... return type(t.point) == 'table'", with: Shape.point))
        #expect(state.stackDepth == 0)
    }

    // MARK: Custom coding

    @Test func classHierarchiesThroughSuperEncoderAndSuperDecoder() throws {
        let car = try roundTrip(Car(brand: "Volvo", wheels: 4))
        #expect(car.brand == "Volvo" && car.wheels == 4)
        #expect(try lua("local t = ... return t.brand == 'Volvo' and t.super.wheels == 4", with: Car(brand: "Volvo", wheels: 4)))

        let bus = try roundTrip(Bus(seats: 40, wheels: 6))
        #expect(bus.seats == 40 && bus.wheels == 6)
        #expect(try lua("local t = ... return t[1] == 40 and t[2].wheels == 6 and #t == 2", with: Bus(seats: 40, wheels: 6)))

        let label = try roundTrip(Label(text: "hi", name: "n"))
        #expect(label.text == "hi" && label.name == "n")
        #expect(try lua("local t = ... return t.text == 'hi' and t.base == 'n'", with: Label(text: "hi", name: "n")))
        #expect(state.stackDepth == 0)
    }

    @Test func customCodingWithNestedContainers() throws {
        let event = Event(title: "Standup", start: Date(timeIntervalSince1970: 100), end: Date(timeIntervalSince1970: 160.5), tags: ["a", "b"])
        #expect(try roundTrip(event) == event)
        #expect(try roundTrip([event, event]) == [event, event])
        let check = "local t = ... return t.meta.title == 'Standup' and #t.meta.times == 2 and t.meta.times[2] == 160.5 and t.tags[2].name == 'b'"
        #expect(try lua(check, with: event))
        #expect(state.stackDepth == 0)
    }

    /// Each nested container keeps its table on the Lua stack until its value is pushed: a
    /// thousand of them must get room there rather than write past its end.
    @Test func manySiblingNestedContainers() throws {
        let matrix = Matrix(rows: (0..<1_000).map { [$0, -$0, $0 * 2] })
        #expect(try roundTrip(matrix) == matrix)
        #expect(try lua("local t = ... return #t == 1000 and t[1000][3] == 1998", with: matrix))
        #expect(state.stackDepth == 0)
    }

    // MARK: Depth

    @Test func deepNestingRoundTripsUpToTheLimit() throws {
        let depths = try onLargeStack { () throws -> [Int] in
            // Decoding first, on a fresh state: each level holds a value on the Lua stack, which
            // must grow for them.
            let state = try LuaState()
            let source = "local t = {} for i = 2, \(LuaEncoder.maxDepth) do t = {t} end return t"
            let fromLua = try state.run(source, chunkName: "deep.lua", returning: NestedArrays.self).depth
            let fromSwift = try pushAndDecode(NestedArrays(depth: 150), as: NestedArrays.self, in: state).depth
            let atLimit = try pushAndDecode(NestedArrays(depth: LuaEncoder.maxDepth), as: NestedArrays.self, in: state).depth
            return [fromLua, fromSwift, atLimit, state.stackDepth]
        }
        #expect(depths == [LuaEncoder.maxDepth, 150, LuaEncoder.maxDepth, 0])
    }

    // MARK: References

    @Test func aReferenceIsTheValueItHolds() throws {
        let screen = Screen(layout: Layout(lockScreen: LockScreen(fields: [Field(id: "a", text: "x"), Field(id: "b", text: "y")])))
        let describe = try state.load("""
            local s, n = ...
            local out = {}
            for i, f in ipairs(s.layout.lockScreen.fields) do out[i] = f.id .. "=" .. f.text end
            return table.concat(out, ",") .. ";" .. n
            """, chunkName: "describe.lua")
        let reference = try state.reference(screen)
        let byValue = try state.call(describe, screen, 1, returning: String.self)
        let byReference = try state.call(describe, reference, 1, returning: String.self)
        #expect(byValue == "a=x,b=y;1")
        #expect(byReference == byValue)
        // The reference is reusable and the same table each time.
        #expect(try state.call(describe, reference, 2, returning: String.self) == "a=x,b=y;2")
        let same = try state.load("local a, b = ... return rawequal(a, b)", chunkName: "same.lua")
        #expect(try state.call(same, reference, reference, returning: Bool.self))
        #expect(try roundTrip(reference, as: Screen.self) == screen)
        #expect(state.stackDepth == 0)
    }

    // MARK: Helpers

    private func roundTrip<T: Codable>(_ value: T) throws -> T {
        try pushAndDecode(value, as: T.self, in: state)
    }

    private func roundTrip<T: Encodable, U: Decodable>(_ value: T, as type: U.Type) throws -> U {
        try pushAndDecode(value, as: U.self, in: state)
    }

    private func lua<R: Decodable>(_ source: String, with value: some Encodable, returning type: R.Type = Bool.self) throws -> R {
        try runLua(source, with: value, in: state, returning: R.self)
    }
}

// MARK: - Shared helpers

/// Pushes `value` and decodes it back as `U`, leaving the stack as it was; throws when the push
/// or the decode left other than the one value. Usable off the test's thread.
func pushAndDecode<T: Encodable, U: Decodable>(_ value: T, as type: U.Type, in state: LuaState) throws -> U {
    let depth = state.stackDepth
    try state.push(value)
    defer { lrsPop(state) }
    guard state.stackDepth == depth + 1 else { throw StackMismatch(expected: depth + 1, found: state.stackDepth) }
    let decoded = try state.decode(U.self, at: -1)
    guard state.stackDepth == depth + 1 else { throw StackMismatch(expected: depth + 1, found: state.stackDepth) }
    return decoded
}

struct StackMismatch: Error {
    let expected: Int
    let found: Int
}

/// Runs `source` with `value` as its `...` and decodes its result.
func runLua<R: Decodable>(_ source: String, with value: some Encodable, in state: LuaState, returning type: R.Type) throws -> R {
    let function = try state.load(source, chunkName: "check.lua")
    return try state.call(function, value, returning: R.self)
}

/// Pops the top value (the public API never leaves one).
func lrsPop(_ state: LuaState) {
    lrs_pop(state.L, 1)
}

/// Runs `body` on a thread with a 64 MB stack. Deep values recurse once per level in Swift, and
/// debug builds use a few KB a level: more than some platforms give a test's thread (512 KB on
/// Apple's). Assert on the result, on the test's own thread.
func onLargeStack<R: Sendable>(_ body: @escaping @Sendable () throws -> R) throws -> R {
    let outcome = LargeStackOutcome<R>()
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        outcome.result = Result(catching: body)
        done.signal()
    }
    thread.stackSize = 64 << 20
    thread.start()
    done.wait()
    return try outcome.result!.get()
}

/// What ``onLargeStack(_:)``'s body gave; written before the semaphore signals, read after.
private final class LargeStackOutcome<R>: @unchecked Sendable {
    var result: Result<R, any Error>?
}

// MARK: - Types

struct Box<Value: Codable & Equatable>: Codable, Equatable {
    var value: Value
}

struct Empty: Codable, Equatable {}

struct Note: Codable, Equatable {
    var title: String
    var note: String?
}

struct Screen: Codable, Equatable { var layout: Layout }
struct Layout: Codable, Equatable { var lockScreen: LockScreen }
struct LockScreen: Codable, Equatable { var fields: [Field] }
struct Field: Codable, Equatable {
    var id: String
    var text: String
}

enum Color: String, Codable { case red, green }
enum Priority: Int, Codable { case low = 1, high = 10 }

enum Shape: Codable, Equatable {
    case circle(radius: Double)
    case rect(width: Double, height: Double)
    case point
    case tagged(String, Int)
}

/// Arrays nested `depth` levels deep (`[[[]]]` is 3), as a recursive single-value type.
struct NestedArrays: Codable, Equatable {
    var inner: [NestedArrays]

    init(depth: Int) {
        inner = depth > 1 ? [NestedArrays(depth: depth - 1)] : []
    }

    init(from decoder: any Decoder) throws {
        inner = try decoder.singleValueContainer().decode([NestedArrays].self)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(inner)
    }

    var depth: Int { 1 + (inner.first?.depth ?? 0) }
}

class Vehicle: Codable {
    let wheels: Int
    init(wheels: Int) { self.wheels = wheels }
}

/// Its superclass's fields go under `super`, through `superEncoder()`/`superDecoder()` (its own
/// keys have no `super`).
final class Car: Vehicle {
    let brand: String
    private enum CodingKeys: String, CodingKey { case brand }

    init(brand: String, wheels: Int) {
        self.brand = brand
        super.init(wheels: wheels)
    }

    required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        brand = try container.decode(String.self, forKey: .brand)
        try super.init(from: container.superDecoder())
    }

    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(brand, forKey: .brand)
        try super.encode(to: container.superEncoder())
    }
}

/// `{seats, {wheels = n}}`: the superclass is the second element.
final class Bus: Vehicle {
    let seats: Int

    init(seats: Int, wheels: Int) {
        self.seats = seats
        super.init(wheels: wheels)
    }

    required init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        seats = try container.decode(Int.self)
        try super.init(from: container.superDecoder())
    }

    override func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(seats)
        try super.encode(to: container.superEncoder())
    }
}

/// A superclass that encodes as a single value.
class Named: Codable {
    let name: String
    init(name: String) { self.name = name }
    required init(from decoder: any Decoder) throws { name = try decoder.singleValueContainer().decode(String.self) }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(name)
    }
}

/// `{text = ..., base = name}`, through `superEncoder(forKey:)`/`superDecoder(forKey:)`.
final class Label: Named {
    let text: String
    private enum CodingKeys: String, CodingKey { case text, base }

    init(text: String, name: String) {
        self.text = text
        super.init(name: name)
    }

    required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        text = try container.decode(String.self, forKey: .text)
        try super.init(from: container.superDecoder(forKey: .base))
    }

    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(text, forKey: .text)
        try super.encode(to: container.superEncoder(forKey: .base))
    }
}

/// `{meta = {title = ..., times = {start, end}}, tags = {{name = ...}, ...}}`, through nested
/// containers only.
struct Event: Codable, Equatable {
    var title: String
    var start: Date
    var end: Date
    var tags: [String]

    init(title: String, start: Date, end: Date, tags: [String]) {
        (self.title, self.start, self.end, self.tags) = (title, start, end, tags)
    }

    enum Keys: String, CodingKey { case meta, tags }
    enum MetaKeys: String, CodingKey { case title, times }
    enum TagKeys: String, CodingKey { case name }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        let meta = try container.nestedContainer(keyedBy: MetaKeys.self, forKey: .meta)
        title = try meta.decode(String.self, forKey: .title)
        var times = try meta.nestedUnkeyedContainer(forKey: .times)
        start = try times.decode(Date.self)
        end = try times.decode(Date.self)
        var tagList = try container.nestedUnkeyedContainer(forKey: .tags)
        tags = []
        while !tagList.isAtEnd {
            tags.append(try tagList.nestedContainer(keyedBy: TagKeys.self).decode(String.self, forKey: .name))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        var meta = container.nestedContainer(keyedBy: MetaKeys.self, forKey: .meta)
        try meta.encode(title, forKey: .title)
        var times = meta.nestedUnkeyedContainer(forKey: .times)
        try times.encode(start)
        try times.encode(end)
        var tagList = container.nestedUnkeyedContainer(forKey: .tags)
        for tag in tags {
            var entry = tagList.nestedContainer(keyedBy: TagKeys.self)
            try entry.encode(tag, forKey: .name)
        }
    }
}

/// Rows of integers, each row a nested unkeyed container of one value.
struct Matrix: Codable, Equatable {
    var rows: [[Int]]

    init(rows: [[Int]]) { self.rows = rows }

    init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        rows = []
        while !container.isAtEnd {
            var row = try container.nestedUnkeyedContainer()
            var values: [Int] = []
            while !row.isAtEnd { values.append(try row.decode(Int.self)) }
            rows.append(values)
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        for values in rows {
            var row = container.nestedUnkeyedContainer()
            for value in values { try row.encode(value) }
        }
    }
}
