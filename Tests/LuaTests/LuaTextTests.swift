import Testing
import Lua

/// The shared text checks: suggestions for typos and colour text.
@Suite struct LuaTextTests {
    private let names = ["title", "start", "attendees", "location"]

    @Test func anExactMatchIsItsOwnClosestName() {
        #expect(LuaText.closestName(to: "start", among: names) == "start")
        #expect(LuaText.didYouMean("location", among: names) == " — did you mean location?")
    }

    @Test func aTranspositionIsOneEdit() {
        #expect(LuaText.closestName(to: "titel", among: names) == "title")
        #expect(LuaText.closestName(to: "attednees", among: names) == "attendees")
        #expect(LuaText.didYouMean("strat", among: names) == " — did you mean start?")
    }

    @Test func nothingCloseSuggestsNothing() {
        #expect(LuaText.closestName(to: "zebra", among: names) == nil)
        #expect(LuaText.closestName(to: "tit", among: names) == nil)  // two edits: too many under six bytes
        #expect(LuaText.didYouMean("xyz", among: names) == "")
        #expect(LuaText.closestName(to: "title", among: []) == nil)
        #expect(LuaText.closestName(to: String(repeating: "a", count: 300), among: [String(repeating: "a", count: 300)]) == nil)
    }

    @Test func caseIsIgnored() {
        #expect(LuaText.closestName(to: "TITLE", among: names) == "title")
        #expect(LuaText.closestName(to: "Locatoin", among: names) == "location")
    }

    @Test func theFirstOfEquallyCloseNamesWins() {
        #expect(LuaText.closestName(to: "cat", among: ["bat", "cot", "car"]) == "bat")
    }

    @Test func colourTextIsHashAndSixHexDigits() {
        #expect(LuaText.isColour("#1A2b3C"))
        #expect(LuaText.isColour("#000000"))
        #expect(!LuaText.isColour("#12345"))
        #expect(!LuaText.isColour("#1234567"))
        #expect(!LuaText.isColour("123456#"))
        #expect(!LuaText.isColour("#12345G"))
        #expect(!LuaText.isColour(""))
        #expect(!LuaText.isColour("#12\u{0}456"))
    }

    @Test func escapingShowsBytesThatAreNotTextAsHex() {
        func escaped(_ bytes: [UInt8], limit: Int = 64) -> String {
            bytes.withUnsafeBytes { LuaText.escaped($0, limit: limit) }
        }
        #expect(escaped(Array("lock".utf8) + [0xFF] + Array("Screen".utf8)) == "lock\\xFFScreen")
        #expect(escaped(Array("é→🙂".utf8)) == "é→🙂")
        #expect(escaped(Array("a\nb\t\\".utf8) + [0x1B, 0x7F]) == "a\\nb\\t\\\\\\x1B\\x7F")
        #expect(escaped([0xC0, 0x80, 0xED, 0xA0, 0x80, 0xF4, 0x90, 0x80, 0x80, 0xE2, 0x82]) == "\\xC0\\x80\\xED\\xA0\\x80\\xF4\\x90\\x80\\x80\\xE2\\x82")
        #expect(escaped(Array(repeating: UInt8(ascii: "k"), count: 100), limit: 4) == "kkkk…")
    }
}
