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
}
