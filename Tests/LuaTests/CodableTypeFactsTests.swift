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
}
