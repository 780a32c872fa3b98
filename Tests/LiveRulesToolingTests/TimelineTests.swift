import Foundation
import LiveRules
import LiveRulesTooling
import TestPacks
import Testing

/// A fixture stepped through time: only the moments where the presentation changes.
struct TimelineTests {
    static func meetings(_ name: String) throws -> (RulePack, Fixture) {
        let pack = try RulePack.load(from: Paths.rules.appendingPathComponent("meetings"), displayPath: "rules/meetings")
        let fixture = try Fixture.load(from: Paths.rules.appendingPathComponent("meetings/fixtures/\(name).json"),
                                       displayPath: "rules/meetings/fixtures/\(name).json", manifest: pack.manifest)
        return (pack, fixture)
    }

    @Test func stepsThroughTheDayAndListsEachPhaseChangeAtItsMinute() throws {
        let (pack, fixture) = try Self.meetings("combo-back-to-back-5-min")
        let presenter = try Presenter(pack: pack)
        let range = TimelineRange.span(of: fixture, schema: pack.manifest.schema)
        #expect(Timeline.time(range.from) == "2026-03-02T08:00:00Z")
        #expect(Timeline.time(range.to) == "2026-03-02T14:30:00Z")
        #expect(range.count == 391)
        let timeline = Timeline(fixture, range: range) { fixture throws(PresentationError) in try presenter.present(fixture) }
        let phases = timeline.moments.compactMap { moment -> String? in
            guard moment.changes.contains(.phase), case .success(let presentation) = moment.outcome else { return nil }
            return "\(Timeline.time(moment.now).dropFirst(11).prefix(5)) \(presentation.phase)"
        }
        #expect(phases == [
            "08:00 progress", "08:15 upcoming", "09:15 countdown", "09:30 progress", "10:20 combo", "10:30 countdown",
            "10:35 progress", "11:00 upcoming", "12:45 countdown", "13:00 progress", "14:00 countdown", "14:06 progress",
            "14:30 done",
        ])
        // Every minute of a countdown or a meeting changes its text; the hours before a meeting do not.
        #expect(!timeline.moments.contains { Timeline.time($0.now) == "2026-03-02T08:30:00Z" })
        #expect(timeline.moments.contains { Timeline.time($0.now) == "2026-03-02T09:16:00Z" })
        #expect(timeline.updates == timeline.moments.count)
        let alerts = timeline.moments.filter(\.alerts).map { String(Timeline.time($0.now).dropFirst(11).prefix(5)) }
        #expect(alerts == ["08:00", "09:15", "09:30", "10:30", "10:35", "12:45", "13:00", "14:00", "14:06"])
        #expect(timeline.alerts == alerts.count)
        #expect(timeline.lines.last == "\(timeline.updates) updates, \(alerts.count) alerts")
    }

    @Test func keepsOnlyChangesAndNamesThem() throws {
        let (pack, fixture) = try Self.meetings("countdown-middle")
        let presenter = try Presenter(pack: pack)
        var range = TimelineRange.span(of: fixture, schema: pack.manifest.schema)
        range.to = range.from + 600
        range.step = 300
        let timeline = Timeline(fixture, range: range) { fixture throws(PresentationError) in try presenter.present(fixture) }
        #expect(timeline.moments.first?.changes.contains(.phase) == true, "the first moment is the whole presentation")
        for moment in timeline.moments.dropFirst() {
            #expect(!moment.changes.isEmpty)
        }
        #expect(TimelineRange(from: 0, to: 10, step: 0).problem != nil)
        #expect(TimelineRange(from: 10, to: 0, step: 1).problem != nil)
        #expect(TimelineRange(from: 0, to: 86_400 * 30, step: 60).problem != nil)
    }

    @Test func reportsAFailingStepWithItsProblems() throws {
        let (pack, fixture) = try Self.meetings("done")
        let range = TimelineRange(from: fixture.now, to: fixture.now + 120, step: 60)
        var calls = 0
        let timeline = Timeline(fixture, range: range) { fixture throws(PresentationError) in
            calls += 1
            if calls == 2 { throw PresentationError.output(file: "rules/meetings/badge.lua", line: 1, column: 1, path: "badge", message: "broken") }
            return try Presenter(pack: pack).present(fixture)
        }
        #expect(timeline.moments.count == 3, "a failure and the recovery after it are both changes")
        guard case .failure(let failure) = timeline.moments[1].outcome else { Issue.record("no failure"); return }
        #expect(failure.diagnostics.first?.description == "rules/meetings/badge.lua:1:1: error: badge: broken")
        #expect(timeline.lines.contains { $0.contains("ERROR") })
    }

    /// A timeline of `steps` minutes of the `done` case whose step `index` (from 0) fails when
    /// `fails(index)`; the number of presentations asked for.
    private static func timeline(steps: Int, stopping: (Timeline) -> String? = { _ in nil },
                                 failing fails: (Int) -> Bool) throws -> (Timeline, Int) {
        let (pack, fixture) = try meetings("done")
        let presenter = try Presenter(pack: pack)
        let range = TimelineRange(from: fixture.now, to: fixture.now + Double(steps - 1) * 60, step: 60)
        var calls = 0
        let timeline = Timeline(fixture, range: range, stopping: stopping) { fixture throws(PresentationError) in
            calls += 1
            if fails(calls - 1) { throw PresentationError.output(file: "rules/meetings/badge.lua", line: 1, column: 1, path: "badge", message: "broken") }
            return try presenter.present(fixture)
        }
        return (timeline, calls)
    }

    @Test func stopsAfterTwentyStepsInARowFail() throws {
        #expect(Timeline.failuresBeforeStopping == 20)
        for firstFailure in [0, 7] {
            let (timeline, calls) = try Self.timeline(steps: 481) { $0 >= firstFailure }
            #expect(calls == firstFailure + 20, "nothing is presented after the twentieth failure in a row")
            #expect(timeline.presented == calls)
            #expect(timeline.skipped == 481 - calls)
            #expect(timeline.stop == .failing)
            #expect(timeline.moments.filter { if case .failure = $0.outcome { true } else { false } }.count == 1, "the error once")
            let note = "stopped after \(calls) of 481 steps: 20 steps in a row failed; \(481 - calls) steps skipped"
            #expect(timeline.stopNote == note)
            #expect(timeline.lines.dropLast().last == note)
            guard case .object(let json) = timeline.json else { Issue.record("not an object"); return }
            #expect(json["stopped"] == .string(note))
            #expect(json["presented"] == .integer(Int64(calls)))
        }
    }

    @Test func goesOnThroughFailuresThatAreNotTwentyInARow() throws {
        for fails in [{ (index: Int) in index % 2 == 0 }, { $0 < 19 }, { $0 % 20 != 19 }] as [(Int) -> Bool] {
            let (timeline, calls) = try Self.timeline(steps: 100, failing: fails)
            #expect(calls == 100)
            #expect(timeline.stop == nil)
            #expect(timeline.stopNote == nil)
            guard case .object(let json) = timeline.json else { Issue.record("not an object"); return }
            #expect(json["stopped"] == .null)
        }
        let (lastTwenty, calls) = try Self.timeline(steps: 40) { $0 >= 20 }
        #expect(calls == 40, "failing to the end of the range skips nothing")
        #expect(lastTwenty.stop == nil)
    }

    @Test func stopsWhereTheCallerSays() throws {
        var asked: [Int] = []
        let (timeline, calls) = try Self.timeline(steps: 100, stopping: { timeline in
            asked.append(timeline.presented)
            return timeline.presented == 5 ? "the client went away" : nil
        }, failing: { _ in false })
        #expect(asked == [0, 1, 2, 3, 4, 5], "asked before each step, with the timeline so far")
        #expect(calls == 5)
        #expect(timeline.stop == .stopped("the client went away"))
        #expect(timeline.stopNote == "stopped after 5 of 100 steps: the client went away; 95 steps skipped")
    }
}

