import Foundation
import Testing
@testable import Lua

/// The bridge's per-type facts (learned table sizes, integer-keyed dictionaries) change speed
/// only, never results.
@Suite struct CodableTypeFactsTests {
    struct Sparse: Codable, Equatable {
        var a: Int?
        var b: String?
        var c: [Int]?
        var d: [Int: String]?
    }

    @Test func valuesOfOneTypeWithVaryingShapesRoundTripInAnyOrder() throws {
        let state = try LuaState()
        let identity = try state.run("return function(x) return x end", chunkName: "id.lua", returning: LuaRef.self)
        let values = [
            Sparse(a: 1, b: "x", c: [1, 2, 3, 4, 5, 6, 7, 8, 9], d: [1: "one", 7: "seven"]),
            Sparse(),
            Sparse(a: 2, c: []),
            Sparse(b: "y", d: [:]),
            Sparse(a: 1, b: "x", c: [1, 2, 3, 4, 5, 6, 7, 8, 9], d: [1: "one", 7: "seven"]),
        ]
        for value in values + values.reversed() {
            #expect(try state.call(identity, value, returning: Sparse.self) == value)
        }
        #expect(state.encodingFacts[ObjectIdentifier([Int: String].self)]?.integerKeyed == true)
        #expect(state.encodingFacts[ObjectIdentifier(Sparse.self)]?.integerKeyed == false)
        #expect(state.stackDepth == 0)
    }

    /// Renamed keys (raw values unlike the case names).
    struct Renamed: Codable, Equatable {
        var first = 1
        var second = 2
        enum CodingKeys: String, CodingKey {
            case first = "one"
            case second = "two"
        }
    }

    /// A key type with one case: no bytes at all.
    struct Lone: Codable, Equatable {
        var only = 3
    }

    /// A one-byte key that is not an enum: its name comes from its byte.
    struct SlotKey: CodingKey {
        let slot: UInt8
        init(slot: UInt8) { self.slot = slot }
        init?(stringValue: String) { nil }
        init?(intValue: Int) { nil }
        var stringValue: String { "slot\(slot)" }
        var intValue: Int? { nil }
    }

    /// Writes its fields under different key types depending on its value.
    enum Either: Codable, Equatable {
        case left(Int)
        case right(Int)
        enum LeftKeys: String, CodingKey { case left, shared }
        enum RightKeys: String, CodingKey { case shared, right }

        init(from decoder: any Decoder) throws {
            let left = try decoder.container(keyedBy: LeftKeys.self)
            if let value = try left.decodeIfPresent(Int.self, forKey: .left) {
                self = .left(value)
            } else {
                self = .right(try decoder.container(keyedBy: RightKeys.self).decode(Int.self, forKey: .right))
            }
        }

        func encode(to encoder: any Encoder) throws {
            switch self {
            case .left(let value):
                var container = encoder.container(keyedBy: LeftKeys.self)
                try container.encode(value, forKey: .left)
                try container.encode(0, forKey: .shared)
            case .right(let value):
                var container = encoder.container(keyedBy: RightKeys.self)
                try container.encode(0, forKey: .shared)
                try container.encode(value, forKey: .right)
            }
        }
    }

    struct Slots: Encodable {
        var count: UInt8
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: SlotKey.self)
            for slot in 0..<count { try container.encode(Int(slot), forKey: SlotKey(slot: slot)) }
        }
    }

    /// Key strings are kept per key type and told apart by the key's byte: every value, the
    /// first and the repeated ones, gets exactly its own keys.
    @Test func keptKeyStringsAreTheKeysOfEachValue() throws {
        let state = try LuaState()
        let keys = try state.run("""
            return function(x)
              local names = {}
              for k, v in pairs(x) do names[#names + 1] = k .. "=" .. tostring(v) end
              table.sort(names)
              return table.concat(names, " ")
            end
            """, chunkName: "keys.lua", returning: LuaRef.self)
        for _ in 0..<3 {
            #expect(try state.call(keys, Renamed(), returning: String.self) == "one=1 two=2")
            #expect(try state.call(keys, Lone(), returning: String.self) == "only=3")
            #expect(try state.call(keys, Either.left(5), returning: String.self) == "left=5 shared=0")
            #expect(try state.call(keys, Either.right(6), returning: String.self) == "right=6 shared=0")
            #expect(try state.call(keys, Slots(count: 3), returning: String.self) == "slot0=0 slot1=1 slot2=2")
            #expect(try state.call(keys, Slots(count: 1), returning: String.self) == "slot0=0")
        }
        #expect(state.stackDepth == 0)
    }

    /// A one-byte key that stands for an integer: looked up by number first, then by its text.
    struct NumberKey: CodingKey {
        let number: UInt8
        init(number: UInt8) { self.number = number }
        init?(stringValue: String) { nil }
        init?(intValue: Int) { nil }
        var stringValue: String { "\(number)" }
        var intValue: Int? { Int(number) }
    }

    /// Reads the fields 1, 2 and 3 under integer keys.
    struct Numbered: Decodable, Equatable {
        var values: [String]
        init(values: [String]) { self.values = values }
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: NumberKey.self)
            values = try (1...3).map { try container.decode(String.self, forKey: NumberKey(number: $0)) }
        }
    }

    /// The decoder keeps key strings too: repeated reads of one type, renamed keys, key types
    /// that change by value and keys standing for integers all find exactly their own fields.
    @Test func keptKeyStringsFindTheFieldsOfEachValue() throws {
        let state = try LuaState()
        func read<T: Decodable>(_ source: String, as type: T.Type) throws -> T {
            try state.run("return " + source, chunkName: "value.lua", returning: T.self)
        }
        for round in 0..<3 {
            #expect(try read("{ one = \(round), two = 2, first = 9 }", as: Renamed.self) == Renamed(first: round, second: 2))
            #expect(try read("{ only = \(round) }", as: Lone.self) == Lone(only: round))
            #expect(try read("{ left = \(round) }", as: Either.self) == .left(round))
            #expect(try read("{ right = \(round), shared = 0 }", as: Either.self) == .right(round))
            #expect(try read("{ \"a\", \"b\", [\"3\"] = \"c\" }", as: Numbered.self) == Numbered(values: ["a", "b", "c"]))
        }
        #expect(throws: LuaError.decoding(path: "one", expected: "integer", found: "string \"1\"")) {
            try read("{ one = '1', two = 2 }", as: Renamed.self)
        }
        #expect(state.stackDepth == 0)
    }
}
