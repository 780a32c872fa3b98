import Foundation
@testable import LiveRules
import Lua
import TestPacks
import Testing

/// What the helper modules take from the host: `time.clock` (wall-clock time in an IANA zone),
/// the placement budgets and "did you mean" suggestions; and the colour syntax they share with it.
@Suite struct HostFunctionTests {
    @Test func clockUsesTheZoneNotTheMachine() throws {
        let berlin = try #require(TimeZone(identifier: "Europe/Berlin"))
        let tokyo = try #require(TimeZone(identifier: "Asia/Tokyo"))
        let winter = try #require(ISO8601.parse("2026-03-02T08:00:00Z"))
        let summer = try #require(ISO8601.parse("2026-07-02T08:05:59Z"))
        #expect(HostFunctions.clock(winter, in: berlin) == "09:00")
        #expect(HostFunctions.clock(summer, in: berlin) == "10:05")
        #expect(HostFunctions.clock(winter, in: tokyo) == "17:00")
    }

    @Test func rulesReachItThroughTheTimeModuleAndBadZonesAreErrors() throws {
        let temporary = try TemporaryPack(files: ["badge.lua": """
            local time = require "liverules.time"
            return function(input)
              local ok, e = pcall(time.clock, 0, "Mars/Olympus")
              return { text = time.clock(input.now, input.attributes.timeZone) .. " " .. tostring(e), tone = "neutral" }
            end
            """])
        let pack = try RulePack.load(from: temporary.directory, displayPath: "rules/meetings")
        let fixture = try Fixture.load(from: temporary.directory.appendingPathComponent("fixtures/countdown-middle.json"),
                                       displayPath: "x.json", manifest: pack.manifest)
        let text = try Presenter(pack: pack).present(fixture).badge.text
        #expect(text == "10:20 rules/meetings/badge.lua:3: time.clock: unknown time zone 'Mars/Olympus' (use an IANA name such as \"Europe/Berlin\")")
    }

    /// Every argument a host function reads is checked: dates that are not finite or lie
    /// thousands of years away are errors in the rule, not traps in the host.
    @Test func datesOutOfRangeAreErrors() throws {
        let temporary = try TemporaryPack(files: ["badge.lua": """
            local time = require "liverules.time"
            return function(input)
              local seen = {}
              for _, date in ipairs({ 1/0, -1/0, 0/0, 1e300, -1e12 }) do
                local ok, e = pcall(time.clock, date, "UTC")
                seen[#seen + 1] = tostring(ok) .. ":" .. (tostring(e):match("expected a date") or tostring(e))
              end
              return { text = table.concat(seen, " "), tone = "neutral" }
            end
            """])
        let pack = try RulePack.load(from: temporary.directory, displayPath: "rules/meetings")
        let fixture = try Fixture.load(from: temporary.directory.appendingPathComponent("fixtures/countdown-middle.json"),
                                       displayPath: "x.json", manifest: pack.manifest)
        let text = try Presenter(pack: pack).present(fixture).badge.text
        #expect(text == Array(repeating: "false:expected a date", count: 5).joined(separator: " "))
    }

    /// A sandboxed state with the helper modules and the host functions, as a presenter has.
    private func helperState() throws -> LuaState {
        let state = try LuaState(sandbox: LuaSandbox(hostModules: HostResources.helpers, hostModulePrefix: HostResources.modulePrefix))
        HostFunctions.install(in: state)
        return state
    }

    /// A rule calling a host function in a loop ends in the step budget, which each call is
    /// charged to, not in the deadline: by the work it does (entries visited, bytes read), and
    /// for the call itself when its arguments are empty.
    @Test(arguments: [
        "liverules_host_placements()",
        "liverules_host_suggestion('lockscren', { 'lockScreen', 'standBy', 'islandMinimal' })",
        "liverules_host_colour_valid('#FFFFFF')",
        "liverules_host_clock(0, 'Europe/Berlin')",
        "liverules_host_colour_valid('')",
        "liverules_host_text_length('')",
        "liverules_host_suggestion('', {})",
        "liverules_host_suggestion('', empties)",
        "liverules_host_suggestion(string.rep('a', 200), longs)",
    ])
    func aHostFunctionInALoopEndsInTheStepBudget(call: String) throws {
        let state = try LuaState(limits: LuaLimits(instructions: 100_000_000, deadline: .seconds(30)),
                                 sandbox: LuaSandbox(hostModules: HostResources.helpers, hostModulePrefix: HostResources.modulePrefix))
        HostFunctions.install(in: state)
        do {
            try state.run("""
                local empties, longs = {}, {}
                for i = 1, 60000 do empties[i] = "" end
                for i = 1, 200 do longs[i] = string.rep("b", 199 + i % 3) end
                while true do \(call) end
                """, chunkName: "loop.lua")
            Issue.record("the loop ended")
        } catch {
            guard case .budget(.steps, _) = error else { Issue.record("unexpected \(error)"); return }
        }
    }

    /// `layout.place` gives each shown field a slot and a line: a field follows the one before
    /// it on its line when both fit the slot's width with the gap between them, starts the next
    /// line otherwise, and is dropped when the slot's lines are taken; a progress takes a line of
    /// its own.
    @Test func fieldsTakeLinesOfTheirSlot() throws {
        let placed = try helperState().run("""
            local placed = require("liverules.layout").place("lockScreen", {
              { id = "title", text = "Design review" },
              { id = "a", text = "In", slot = "body" }, { id = "b", text = "progress", slot = "body" },
              { id = "c", text = string.rep("c", 20), slot = "body" }, { id = "d", text = string.rep("d", 20), slot = "body" },
              { id = "e", text = "0%", slot = "body", live = { progress = { start = 0, finish = 600 } } },
              { id = "f", text = "x", slot = "body" } })
            local seen = {}
            for _, field in ipairs(placed.fields) do seen[#seen + 1] = field.id .. "@" .. field.slot .. field.line end
            return { table.concat(seen, " "), table.concat(placed.dropped, " ") }
            """, chunkName: "lines.lua", returning: [String].self)
        // "In" + "progress" + 165 pt of c's: 16.5 + 8 + 66 + 8 + 165 = 263.5 of 335; d's 165 more
        // start line 2, the progress line 3, and "x" finds no line.
        #expect(placed == ["title@title1 a@body1 b@body1 c@body1 d@body2 e@body3", "f"])
    }

    /// A placement as the helpers show it, read back from Lua.
    private struct SeenPlacement: Decodable, Equatable {
        let id: String, capacity: Int, width: Double, lines: Int, fontSize: Int, chars: Int
        let slots: [SeenSlot]
    }

    private struct SeenSlot: Decodable, Equatable {
        let name: String, width: Double, narrow: Double, wide: Double, lines: Int, fontSize: Int, chars: Int, lead: Bool
    }

    /// `liverules.placements` and `layout.capacity` show exactly Swift's budgets, field for
    /// field and in `Placement.allCases` order.
    @Test func helpersSeeTheHostsPlacementBudgets() throws {
        let seen = try helperState().run("""
            local placements = require "liverules.placements"
            local layout = require "liverules.layout"
            local seen = {}
            for i, id in ipairs(placements.ids) do
              local entry, slots = placements[id], {}
              for j, name in ipairs(entry.slotNames) do
                local s = entry.slots[name]
                slots[j] = { name = name, width = s.width, narrow = s.widths[393], wide = s.widths[430], lines = s.lines,
                             fontSize = s.fontSize, chars = s.chars, lead = s.lead }
              end
              seen[i] = { id = entry.id, capacity = layout.capacity[id], width = entry.width, lines = entry.lines,
                          fontSize = entry.fontSize, chars = entry.chars, slots = slots }
            end
            return seen
            """, chunkName: "placements-seen.lua", returning: [SeenPlacement].self)
        let expected = Placement.allCases.map { placement in
            let budget = placement.budget, first = budget.slots[0]
            return SeenPlacement(
                id: placement.rawValue, capacity: budget.capacity, width: first.width, lines: first.lines,
                fontSize: first.fontSize, chars: first.chars,
                slots: budget.slots.map {
                    SeenSlot(name: $0.name, width: $0.width, narrow: $0.widths[393]!, wide: $0.widths[430]!, lines: $0.lines,
                             fontSize: $0.fontSize, chars: $0.chars, lead: $0.lead)
                })
        }
        #expect(seen == expected)
    }

    /// The manual's table of slots (the article *Placements and budgets*) is the host's: one row
    /// for each slot of each placement, with its widths, lines, font size and `chars`.
    @Test func theManualStatesEveryBudget() throws {
        let article = try String(contentsOf: Paths.root.appendingPathComponent(
            "Sources/LiveRules/LiveRules.docc/Articles/Placements.md"), encoding: .utf8)
        let rows = article.split(separator: "\n").filter { $0.hasPrefix("| `") && $0.split(separator: "|").count == 7 }
        func points(_ value: Double) -> String { value == value.rounded() ? String(Int(value)) : String(value) }
        let expected = Placement.allCases.flatMap { placement in
            placement.budget.slots.map { slot in
                "| `\(placement.rawValue)` | `\(slot.name)` | \(points(slot.width)) | \(points(slot.wideWidth)) | "
                    + "\(slot.lines) | \(slot.fontSize) | \(slot.chars) |"
            }
        }
        #expect(rows.map(String.init) == expected)
        #expect(expected.count == 16)
    }

    /// The budgets keep the facts of the article *Placements and budgets* that the helpers
    /// document: every `chars` is what fits of 0.55-em characters, StandBy has the lock screen's
    /// slots.
    @Test func budgetsFollowTheirDerivation() {
        for placement in Placement.allCases {
            let budget = placement.budget
            #expect(budget.placement == placement && !budget.slots.isEmpty && budget.capacity >= 1)
            #expect(Set(budget.slots.map(\.name)).count == budget.slots.count, "\(placement): duplicate slot names")
            for slot in budget.slots {
                let average = 0.55 * Double(slot.fontSize)
                #expect(Double(slot.chars) * average <= slot.width && Double(slot.chars + 1) * average > slot.width)
            }
        }
        #expect(Placement.standBy.budget.slots == Placement.lockScreen.budget.slots)
        // Both phone classes: the larger is never narrower; the lock screen gains 380 - 343.
        for placement in Placement.allCases {
            for slot in placement.budget.slots {
                #expect(slot.widths.keys.sorted() == PlacementSlot.phoneClasses && slot.wideWidth >= slot.width)
            }
        }
        #expect(Placement.lockScreen.budget.slots.map { $0.wideWidth - $0.width } == [37, 37])
        #expect(Placement.islandMinimal.budget.slots[0].widths == [393: 28.67, 430: 28.67])
        // The minimal view with a dot fills the guidelines' 45 pt: 4 + dot + text + 4.
        #expect(abs(8 + Glyph.dot(.green).width + Placement.islandMinimal.budget.slots[0].width - 45) < 0.01)
        // Only Android's title line takes the first field whatever slot a rule names.
        #expect(Placement.allCases.flatMap { p in p.budget.slots.filter(\.lead).map { "\(p.rawValue).\($0.name)" } } == ["androidOngoing.title"])
        #expect(Placement.islandMinimal.budget.slots[0].chars == 4)
        #expect(Placement.androidOngoing.budget.slots.last?.chars == 7)
    }

    /// Unknown names in the helpers get the host's suggestion, worded as the host words it.
    @Test func helpersSuggestAsTheHostDoes() throws {
        let state = try helperState()
        let resolve = try state.run("""
            local placements = require "liverules.placements"
            return function(id, slot) return select(2, placements.resolve(id, slot)) end
            """, chunkName: "resolve.lua", returning: LuaRef.self)
        let ids = Placement.allCases.map(\.rawValue)
        for typo in ["lockscreen", "islandMinmal", "standby", "andriodOngoing", "compactTrailing", "tv", "x"] {
            let reason = try state.call(resolve, typo, returning: String.self)
            #expect(reason == "unknown placement '\(typo)'" + Suggestion.hint(for: typo, among: ids))
        }
        let slots = Placement.lockScreen.budget.slots.map(\.name)
        for typo in ["bdy", "tilte", "headline"] {
            let reason = try state.call(resolve, "lockScreen", typo, returning: String.self)
            #expect(reason == "placement 'lockScreen' has no slot '\(typo)'" + Suggestion.hint(for: typo, among: slots))
        }
        #expect(try state.call(resolve, "lockscreen", returning: String.self) == "unknown placement 'lockscreen' — did you mean lockScreen?")
    }

    /// `colour.valid` (Lua, which parses the channels too) accepts exactly what `Colour.isValid`
    /// (Swift, which checks rule output) accepts: every ASCII byte in every position of a
    /// colour, other lengths, and characters beyond ASCII.
    @Test func colourSyntaxIsTheHosts() throws {
        let state = try helperState()
        let valid = try state.run("""
            local colour = require "liverules.colour"
            return function(list)
              local verdicts = {}
              for i, text in ipairs(list) do verdicts[i] = colour.valid(text) end
              return verdicts
            end
            """, chunkName: "valid.lua", returning: LuaRef.self)
        var inputs = ["", "#", "#FFF", "#12345", "#1234567", "FFFFFF0", "#ÄBCDEF", "#０12345", "#12345é", "é#12345"]
        let base = Array("#a0B9fF".unicodeScalars)
        for position in base.indices {
            for byte in 0..<128 {
                var scalars = base
                scalars[position] = Unicode.Scalar(UInt8(byte))
                inputs.append(String(String.UnicodeScalarView(scalars)))
            }
        }
        let verdicts = try state.call(valid, inputs, returning: [Bool].self)
        #expect(verdicts.count == inputs.count)
        #expect(verdicts.filter { $0 }.count > 100)
        for (input, verdict) in zip(inputs, verdicts) {
            #expect(verdict == Colour.isValid(input), "\(input.debugDescription)")
        }
    }
}
