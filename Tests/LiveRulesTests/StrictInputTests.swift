import Foundation
import LiveRules
import TestPacks
import Testing

/// What rules see of their inputs: read-only views checked against the schema, where an unknown
/// field is an error with a suggestion and an absent optional field is nil.
@Suite struct StrictInputTests {
    /// Runs `probe` (Lua statements returning a string) as the badge rule on fixture
    /// `countdown-middle` and returns the badge text, or the error.
    private func probe(_ probe: String, strict: Bool = true) throws -> String {
        let temporary = try TemporaryPack(files: ["badge.lua": """
            return function(input)
              local function try(f) local ok, e = pcall(f) return ok and tostring(e) or tostring(e) end
              \(probe)
            end
            """])
        let pack = try RulePack.load(from: temporary.directory, displayPath: "rules/meetings")
        let fixture = try Fixture.load(from: temporary.directory.appendingPathComponent("fixtures/countdown-middle.json"),
                                       displayPath: "countdown-middle.json", manifest: pack.manifest)
        do {
            return try Presenter(pack: pack, strict: strict).present(fixture).badge.text
        } catch {
            return "error: \(error)"
        }
    }

    private func badge(_ expression: String) -> String {
        "return { text = \(expression), tone = 'neutral' }"
    }

    @Test func anUnknownFieldIsAnErrorWithASuggestion() throws {
        #expect(try probe(badge("try(function() return input.state.meeting end)"))
            == "rules/meetings/badge.lua:3: input.state.meeting: no such field in MeetingsContentState — did you mean meetings?")
        #expect(try probe(badge("try(function() return input.state.meetings[2].titel end)"))
            == "rules/meetings/badge.lua:3: input.state.meetings[2].titel: no such field in Meeting — did you mean title?")
        #expect(try probe(badge("try(function() return input.attributes.zone end)"))
            == "rules/meetings/badge.lua:3: input.attributes.zone: no such field in MeetingsAttributes (it has: timeZone)")
        #expect(try probe(badge("try(function() return input.stat end)"))
            == "rules/meetings/badge.lua:3: input.stat: no such field in the rule input — did you mean state?")
    }

    @Test func anAbsentOptionalFieldIsNil() throws {
        #expect(try probe(badge("tostring(input.state.lateNotice) .. ' ' .. tostring(input.state.meetings[3].location)")) == "nil nil")
    }

    @Test func listsHaveLengthIpairsAndNilPastTheEnd() throws {
        #expect(try probe("""
            local n = 0
            for _, m in ipairs(input.state.meetings) do n = n + 1 end
            \(badge("#input.state.meetings .. ' ' .. n .. ' ' .. tostring(input.state.meetings[6])"))
            """) == "5 5 nil")
        #expect(try probe(badge("try(function() return input.state.meetings.title end)"))
            == "rules/meetings/badge.lua:3: input.state.meetings: this is a list of Meeting; index it with numbers, not 'title'")
    }

    @Test func pairsSeesTheFieldsAndNothingElse() throws {
        #expect(try probe("""
            local keys = {}
            for k in pairs(input.state.meetings[1]) do keys[#keys + 1] = k end
            table.sort(keys)
            \(badge("table.concat(keys, ',')"))
            """) == "calendarColor,end,id,location,start,title")
    }

    /// `next` steps through a view as `pairs` does (the view itself is an empty proxy), so the
    /// usual emptiness test works; plain tables and read-only modules too.
    @Test func nextStepsThroughViewsAsPairsDoes() throws {
        let text = try probe("""
            local meeting, keys, k = input.state.meetings[1], {}, nil
            repeat
              k = next(meeting, k)
              if k ~= nil then keys[#keys + 1] = k end
            until k == nil
            table.sort(keys)
            local first, value = next(input.state.meetings)
            local own = setmetatable({}, { __pairs = function() return function() return "x", 1 end end })
            local empty = next({}) == nil and next(own) == nil and next(input.state.meetings) ~= nil
            \(badge("table.concat(keys, ',') .. ' ' .. first .. ' ' .. value.id .. ' ' .. tostring(empty) .. ' ' .. type(next(require('liverules.time')))"))
            """)
        #expect(text == "calendarColor,end,id,location,start,title 1 standup true string", "\(text)")
        #expect(try probe(badge("try(function() return next(input.state.meetings, 'nope') end)")).contains("invalid key to 'next'"))
    }

    @Test func inputsAreReadOnly() throws {
        #expect(try probe(badge("try(function() input.state.meetings[1].title = 'x' end)"))
            == "rules/meetings/badge.lua:3: input.state.meetings[1].title: rule inputs are read-only (copy what you need into a local table)")
        #expect(try probe(badge("try(function() table.insert(input.state.meetings, {}) end)")).contains("read-only"))
        #expect(try probe(badge("try(function() rawset(input.state, 'meetings', {}) end)")).contains("rawset: the table is read-only"))
        #expect(try probe(badge("try(function() input.facts.index = 9 end)")).contains("facts.index: rule inputs are read-only"))
        #expect(try probe(badge("tostring(getmetatable(input.state))")) == "false")
    }

    @Test func modulesAreReadOnlyToRules() throws {
        #expect(try probe(badge("try(function() require('liverules.time').format = nil end)"))
            == "rules/meetings/badge.lua:3: attempt to modify read-only table 'liverules.time' (field 'format')")
        #expect(try probe(badge("try(function() require('badges').of = nil end)"))
            == "rules/meetings/badge.lua:3: cannot set field 'of': tables built when the pack loads are read-only (build the table inside the rule function)")
    }

    @Test func nonStrictPresentingReadsUnknownFieldsAsNil() throws {
        #expect(try probe(badge("tostring(input.state.meeting)"), strict: false) == "nil")
    }
}
