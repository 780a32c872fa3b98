import CLiveRules
import Lua
import Testing
@testable import LiveRules

/// The host's "did you mean" and colour checks are the C ones: Swift's diagnostics and the
/// schema checker's views suggest the same name in the same words.
@Suite struct SuggestionTests {
    private let fields = ["title", "start", "attendees"]

    @Test func suggestionsCoverExactMatchesTranspositionsCaseAndNothingClose() {
        #expect(Suggestion.closest(to: "title", among: fields) == "title")
        #expect(Suggestion.closest(to: "strat", among: fields) == "start")
        #expect(Suggestion.closest(to: "ATTENDEES", among: fields) == "attendees")
        #expect(Suggestion.closest(to: "location", among: fields) == nil)
        #expect(Suggestion.hint(for: "titel", among: fields) == " — did you mean title?")
        #expect(Suggestion.hint(for: "location", among: fields) == "")
    }

    @Test func aViewSuggestsWhatSwiftSuggests() throws {
        let state = try LuaState()
        try state.setGlobal("prepare", state.reference(function: lrl_schema_prepare))
        try state.setGlobal("check", state.reference(function: lrl_schema_check))
        let object = LRL_KIND_OBJECT.rawValue, string = LRL_KIND_STRING.rawValue
        let read = try state.run("""
            local d = prepare({ \(object), false, "Meeting", {
              title = { \(string), false, "string" }, start = { \(string), false, "string" },
              attendees = { \(string), false, "string" } }, { "title", "start", "attendees" } })
            local view = check({ title = "a", start = "b", attendees = "c" }, d, "state", true)
            return function(key) return view[key] end
            """, chunkName: "view.lua", returning: LuaRef.self)
        for typo in ["titel", "STRAT", "atendees"] {
            #expect {
                try state.call(read, typo)
            } throws: { error in
                (error as? LuaError)?.message == "state.\(typo): no such field in Meeting" + Suggestion.hint(for: typo, among: fields)
            }
        }
    }

    @Test func coloursAreHashAndSixHexDigitsInEitherCase() {
        #expect(Colour.isValid("#0a0B0c"))
        #expect(!Colour.isValid("#0a0B0"))
        #expect(!Colour.isValid("0a0B0c0"))
        #expect(!Colour.isValid("#0a0B0g"))
    }
}
