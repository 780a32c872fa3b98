import Foundation
@testable import LiveRules
import TestPacks
import Testing

/// `liverules explore`: states generated from a pack's schema, checked against the host's
/// promises and the pack's own (`promises.lua`), shrunk when they break one.
@Suite struct ExploreTests {
    /// The meetings pack with `files` replaced.
    private func meetings(_ files: [String: String?] = [:]) throws -> RulePack {
        try RulePack.load(from: TemporaryPack(files: files).directory, displayPath: "rules/meetings")
    }

    /// What setting up explore on meetings with `promises` as its promises file reports (none
    /// when the file is taken).
    private func setupProblems(promises: String) throws -> [Diagnostic] {
        let pack = try meetings(["promises.lua": promises])
        do {
            _ = try Explorer(pack: pack)
            return []
        } catch {
            return error.diagnostics()
        }
    }

    /// The same seed gives the same states and the same findings; another seed other states.
    @Test func aSeedGivesTheSameStatesEverywhere() throws {
        let schema = try meetings().manifest.schema
        var first = StateGenerator(schema: schema, seed: 7), again = StateGenerator(schema: schema, seed: 7)
        var other = StateGenerator(schema: schema, seed: 8)
        let states = (0..<200).map { _ in first.next() }
        #expect(states == (0..<200).map { _ in again.next() })
        #expect(states != (0..<200).map { _ in other.next() })
        // Every state is one the app could send: written as a fixture file, it reads against the
        // schema, as the same fixture.
        let pack = try meetings()
        let explorer = try Explorer(pack: pack)
        for state in states {
            let text = try JSONWriter.compact(explorer.fileForm(state))
            let read = try Fixture.read(Data(text.utf8), displayPath: "explored.json", manifest: pack.manifest)
            #expect(read == Explorer.state(state), "\(text)")
        }
    }

    /// The minimal view says when: in phase upcoming it shows the meeting's start time whole
    /// ("9:30", "10:30"), never cut and never the title's initials, on every explored state.
    @Test func theMinimalViewShowsTheWholeStartTime() throws {
        let pack = try meetings()
        let explorer = try Explorer(pack: pack)
        let presenter = try Presenter(pack: pack)
        var generator = StateGenerator(schema: pack.manifest.schema, seed: 3)
        var upcoming = 0
        for _ in 0..<2000 {
            let text = try JSONWriter.compact(explorer.fileForm(generator.next()))
            let fixture = try Fixture.read(Data(text.utf8), displayPath: "explored.json", manifest: pack.manifest)
            guard let presentation = try? presenter.present(fixture), presentation.phase == "upcoming" else { continue }
            upcoming += 1
            let shown = presentation.layout[.islandMinimal]?.fields ?? []
            #expect(shown.count == 1 && shown[0].id == "startTime" && shown[0].text.wholeMatch(of: /[0-9]{1,2}:[0-9]{2}/) != nil,
                    "\(shown.map(\.text)) in \(text)")
        }
        #expect(upcoming > 100, "\(upcoming) upcoming states")
    }

    /// The match clock reads as football fans read it on every explored state: the minute of play
    /// without hours ("67:20", "96:30"), stoppage time after the regular time's minute ("90+3:20"),
    /// the feed's frozen minute ("67'"), or half time; never "1:07:20". On Android, its minutes.
    @Test func theMatchClockNeverShowsHours() throws {
        let pack = try RulePack.load(from: Paths.rules.appendingPathComponent("match"), displayPath: "rules/match")
        let explorer = try Explorer(pack: pack)
        let presenter = try Presenter(pack: pack)
        var generator = StateGenerator(schema: pack.manifest.schema, seed: 5)
        var (clocks, stoppage) = (0, 0)
        for _ in 0..<3000 {
            let text = try JSONWriter.compact(explorer.fileForm(generator.next()))
            let fixture = try Fixture.read(Data(text.utf8), displayPath: "explored.json", manifest: pack.manifest)
            guard let presentation = try? presenter.present(fixture) else { continue }
            for (placement, layout) in presentation.layout {
                for field in layout.fields where field.id == "clock" {
                    clocks += 1
                    let fan = field.text.wholeMatch(of: /[0-9]+(\+[0-9]+)?:[0-9]{2}|[0-9]+'|Half time|HT/) != nil
                    #expect(fan, "\(placement.rawValue): \(field.text) in \(text)")
                    guard let live = field.live else { continue }
                    #expect(live.isMinutesOnAndroid, "\(placement.rawValue): \(live)")
                    if field.text.contains("+") { stoppage += 1 }
                }
            }
        }
        #expect(clocks > 500 && stoppage > 20, "\(clocks) clocks, \(stoppage) in stoppage time")
    }

    /// The generator reaches the places rules break: no meeting, one and 50; texts that are
    /// long, CJK, emoji and right-to-left; optional members missing; `now` exactly at a start.
    @Test func statesReachWhereRulesBreak() throws {
        var generator = StateGenerator(schema: try meetings().manifest.schema, seed: 1)
        var counts: Set<Int> = [], titles: Set<String> = [], missingLocation = false, atAStart = false
        for _ in 0..<2000 {
            guard case .object(let fixture) = generator.next(), case .object(let state)? = fixture["state"],
                  case .array(let list)? = state["meetings"], case .number(let now)? = fixture["now"] else { continue }
            counts.insert(list.count)
            for case .object(let meeting) in list {
                if case .string(let title)? = meeting["title"] { titles.insert(title) }
                missingLocation = missingLocation || meeting["location"] == nil
                atAStart = atAStart || meeting["start"] == .number(now)
            }
        }
        #expect(counts.isSuperset(of: [0, 1, 50]))
        #expect(titles.isSuperset(of: ["四半期の事業計画レビュー会議", "🚀 Launch 🎉 party 🥳", "اجتماع الفريق الأسبوعي", ""]))
        #expect(missingLocation && atAStart)
    }

    /// A planted bug: a combo that drops the next meeting's countdown when the next title is
    /// long. Explore finds it within its default budget, names the promise's line and the
    /// placement, and shrinks the state to at most two meetings.
    @Test func aPlantedBugIsFoundAndShrunk() throws {
        let original = try TemporaryPack().read("layout.lua")
        let planted = original.replacingOccurrences(of: "  local texts, glance = content.of(input)\n", with: """
              local texts, glance = content.of(input)
              local following = input.facts["next"]
              if input.phase == "combo" and following and #following.title > 30 then texts.nextCountdown = nil end

            """)
        #expect(planted != original)
        let findings = try Explorer(pack: meetings(["layout.lua": planted])).explore(seed: 1, count: 1000).findings
        let combo = try #require(findings.first { $0.failure.property == "promise" && $0.failure.message == "nextCountdown is not shown" },
                                 "\(findings.map(\.failure))")
        let promises = try TemporaryPack().read("promises.lua")
        let line = try #require(promises.split(separator: "\n", omittingEmptySubsequences: false)
            .firstIndex { $0.contains("shows = \"nextCountdown\"") }) + 1
        #expect(combo.failure.file == "rules/meetings/promises.lua" && combo.failure.line == line, "\(combo.failure)")
        #expect(["lockScreen", "islandExpanded"].contains(combo.failure.placement ?? ""))
        guard case .object(let fixture) = combo.fixture, case .object(let state)? = fixture["state"],
              case .array(let list)? = state["meetings"] else {
            Issue.record("not a fixture: \(combo.fixture)")
            return
        }
        #expect(list.count <= 2, "\(combo.fixture)")
        // It says why: the rule line that placed the placement's fields.
        #expect(combo.why.contains { $0.hasPrefix("rules/meetings/layout.lua:") && $0.contains("shows") }, "\(combo.why)")
        // The shrunk state still breaks it, and the pack without the bug keeps it there.
        #expect(try Explorer(pack: meetings(["layout.lua": planted])).failures(of: combo.fixture).contains { $0.isSame(as: combo.failure) })
        #expect(try !Explorer(pack: meetings()).failures(of: combo.fixture).contains { $0.property == "promise" })
    }

    /// The host's promises hold for every pack with nothing to write: a pack whose minimal view
    /// shows nothing breaks `placement-not-empty`; a field both shown and dropped breaks
    /// `shown-or-dropped`; a rule that fails on a valid state breaks `rules-never-fail`.
    @Test func theHostsPromisesNeedNothingWritten() throws {
        let layout = try TemporaryPack().read("layout.lua")
        let empty = layout.replacingOccurrences(of: "progress = { \"progress\" }, combo = { \"progress\" }, countdown = { \"progress\" }, upcoming = { \"startTime\" },",
                                                with: "progress = {}, combo = {}, countdown = {}, upcoming = {},")
        #expect(empty != layout)
        let found = try Explorer(pack: meetings(["layout.lua": empty, "promises.lua": nil])).explore(seed: 1, count: 100).findings
        #expect(found.contains { $0.failure.property == "placement-not-empty" && $0.failure.placement == "islandMinimal" }, "\(found.map(\.failure))")
        let failing = try TemporaryPack().read("badge.lua").replacingOccurrences(
            of: "return function(input)\n", with: "return function(input)\n  if #input.state.meetings > 40 then error('too many') end\n")
        let failed = try Explorer(pack: meetings(["badge.lua": failing, "promises.lua": nil])).explore(seed: 1, count: 300).findings
        let failure = try #require(failed.first { $0.failure.property == "rules-never-fail" })
        let line = try #require(failing.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("too many") }) + 1
        #expect(failure.failure.file == "rules/meetings/badge.lua" && failure.failure.line == line
                && failure.failure.message.contains("too many"), "\(failure.failure)")
    }

    /// Two ways a rule fails are two findings, each shrunk to a state failing in its own way:
    /// shrinking never trades one failure for another (here a state of 41 meetings shrinks to
    /// 41, not to a title the other line fails on). What the failure does not need shrinks to
    /// the simplest values: the time zone to UTC.
    @Test func shrinkingKeepsTheSameFailure() throws {
        let failing = try TemporaryPack().read("badge.lua").replacingOccurrences(of: "return function(input)\n", with: """
            return function(input)
              if #input.state.meetings > 40 then error('too many: ' .. #input.state.meetings) end
              for _, m in ipairs(input.state.meetings) do if m.title == '' then error('untitled') end end

            """)
        let findings = try Explorer(pack: meetings(["badge.lua": failing, "promises.lua": nil])).explore(seed: 1, count: 400).findings
            .filter { $0.failure.property == "rules-never-fail" }
        let many = try #require(findings.first { $0.failure.message.contains("too many") }, "\(findings.map(\.failure))")
        let untitled = try #require(findings.first { $0.failure.message.contains("untitled") }, "\(findings.map(\.failure))")
        #expect(many.failure.line != untitled.failure.line)
        guard case .object(let fixture) = many.fixture, case .object(let state)? = fixture["state"],
              case .array(let list)? = state["meetings"], case .object(let attributes)? = fixture["attributes"] else {
            Issue.record("not a fixture: \(many.fixture)")
            return
        }
        #expect(list.count == 41, "\(many.fixture)")
        #expect(attributes["timeZone"] == .string("UTC"), "\(many.fixture)")
        guard case .object(let other) = untitled.fixture, case .object(let otherState)? = other["state"],
              case .array(let otherList)? = otherState["meetings"] else {
            Issue.record("not a fixture: \(untitled.fixture)")
            return
        }
        #expect(otherList.count == 1, "\(untitled.fixture)")
    }

    /// A promises file that is wrong is an error at its line when explore sets the pack up.
    @Test func aBrokenPromisesFileIsAnErrorAtItsLine() throws {
        let broken = "local promise = require 'liverules.promise'\nlocal promises = promise.cases(function(input) return input end, {\n  { placements = 'lockScreen' },\n})\nreturn promises\n"
        let problem = try #require(try setupProblems(promises: broken).first, "the promises were taken")
        #expect(problem.file == "rules/meetings/promises.lua" && problem.line == 3 && problem.message.contains("row 1: promises nothing"), "\(problem)")
    }

    /// A row's mistake is reported at the row, whether the file returns the cases through a
    /// local or as a tail call (which leaves no line of the file on Lua's stack).
    @Test func aRowsMistakeIsAtTheRowEvenFromATailCall() throws {
        let tail = "local promise = require 'liverules.promise'\nreturn promise.cases(function(input) return input end, {\n  { placements = 'lockScreen', shows = 'title' },\n  { placements = 'lockScreen', shows = {} },\n})\n"
        let problem = try #require(try setupProblems(promises: tail).first, "the promises were taken")
        #expect(problem.file == "rules/meetings/promises.lua" && problem.line == 4 && problem.message.contains("row 2:"), "\(problem)")
    }

    /// A row naming a placement, a field or a phase the pack does not have is an error at its
    /// line with the closest name; every such mistake is reported, not only the first.
    @Test func unknownNamesAreErrorsWithTheClosestName() throws {
        let promises = """
            local promise = require 'liverules.promise'
            local promises = promise.cases(function(input) return { phase = input.phase } end, {
              { when = { phase = "combo" }, placements = "lockScreen", shows = "nextCountdown" },
              { when = { phase = "comb" }, placements = "lockScren", shows = "nextCountdwn" },
              { when = { phase = { "progress", "upcomming" } }, placements = { "islandMinimal" }, hides = "titel" },
            })
            return promises

            """
        let problems = try setupProblems(promises: promises).map { "\($0.line): \($0.message)" }
        #expect(problems == [
            "4: row 2: unknown placement 'lockScren' — did you mean lockScreen?",
            "4: row 2: unknown field 'nextCountdwn' — did you mean nextCountdown?",
            "4: row 2: unknown phase 'comb' — did you mean combo?",
            "5: row 3: unknown field 'titel' — did you mean title?",
            "5: row 3: unknown phase 'upcomming' — did you mean upcoming?",
        ], "\(problems)")
    }

    /// A row whose `when` matches none of the explored states is reported with its line: a
    /// promise that never applies checks nothing.
    @Test func aRowThatNeverAppliesIsReported() throws {
        let promises = """
            local promise = require 'liverules.promise'
            local promises = promise.cases(function(input) return { phase = input.phase, count = #input.state.meetings } end, {
              { when = { phase = "combo" }, placements = "lockScreen", shows = "nextCountdown" },
              { when = { phase = "upcoming", count = 1000 }, placements = "islandMinimal", shows = "startTime" },
            })
            return promises

            """
        let report = try Explorer(pack: meetings(["promises.lua": promises])).explore(seed: 1, count: 300)
        #expect(report.neverApplied.map(\.row) == [2] && report.neverApplied.map(\.line) == [4], "\(report.neverApplied)")
        #expect(report.promisesFile == "rules/meetings/promises.lua")
    }
}
