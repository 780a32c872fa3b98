import Foundation
import LiveRules
import LiveRulesTooling
import TestPacks
import Testing

/// A fixture stepped through time: the moments where the presentation changes, the pushes a
/// device needs among them, and what the device draws in between.
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
        let timeline = Timeline(fixture, range: range) { fixture throws(PresentationError) in try presenter.presentNoting(fixture) }
        let phases = timeline.moments.compactMap { moment -> String? in
            guard moment.changes.contains(.phase), case .success(let presentation) = moment.outcome else { return nil }
            return "\(Timeline.time(moment.now).dropFirst(11).prefix(5)) \(presentation.phase)"
        }
        #expect(phases == [
            "08:00 progress", "08:15 upcoming", "09:15 countdown", "09:30 progress", "10:20 combo", "10:30 countdown",
            "10:35 progress", "11:00 upcoming", "12:45 countdown", "13:00 progress", "14:00 countdown", "14:06 progress",
            "14:30 done",
        ])
        // Every minute of a countdown or a meeting changes its clock's text; the hours before a
        // meeting do not. A device counts the clock itself: no push for it.
        #expect(!timeline.moments.contains { Timeline.time($0.now) == "2026-03-02T08:30:00Z" })
        let ticking = try #require(timeline.moments.first { Timeline.time($0.now) == "2026-03-02T09:16:00Z" })
        #expect(ticking.changes == [.fields(Placement.allCases.filter { $0 != .islandCompactLeading })])
        #expect(ticking.push.isEmpty)
        #expect(timeline.updates == timeline.moments.count)
        // The goal: at most 20 pushes for the day (317 when times were frozen text): the phase and
        // badge changes, the start, and each meeting's location and running-late action leaving
        // 10 minutes in, which no timer can do.
        let pushes = timeline.moments.filter { !$0.push.isEmpty }.map { moment in
            "\(Timeline.time(moment.now).dropFirst(11).prefix(5)) " + moment.push.map(\.description).joined(separator: ", ")
        }
        #expect(timeline.pushes == pushes.count)
        #expect(pushes.count <= 20)
        // A field leaving gives its room to the next meeting's title, shortened until then
        // (10:45, 13:10).
        for minute in ["08:10", "09:40", "13:10", "14:16"] {
            #expect(pushes.contains { $0.hasPrefix(minute) && $0.contains("location gone, runningLate gone") }, "\(pushes)")
        }
        #expect(pushes.contains("13:10 location gone, runningLate gone, nextTitle text"), "\(pushes)")
        #expect(pushes.contains("10:45 runningLate gone, nextTitle text"), "the meeting at 10:35 has no location")
        #expect(pushes.allSatisfy { !$0.contains("remaining") || $0.contains("phase") }, "the clock never needs a push: \(pushes)")
        #expect(timeline.mismatches.isEmpty)
        let alerts = timeline.moments.filter(\.alerts).map { String(Timeline.time($0.now).dropFirst(11).prefix(5)) }
        #expect(alerts == ["08:00", "09:15", "09:30", "10:30", "10:35", "12:45", "13:00", "14:00", "14:06"])
        #expect(timeline.alerts == alerts.count)
        #expect(timeline.lines.last == "\(timeline.pushes) pushes needed, \(timeline.updates) presentations differ, \(alerts.count) alerts")
        #expect(timeline.lines.count == 1 + timeline.pushes + 1, "the header, one line per push, the counts")
    }

    @Test func keepsOnlyChangesAndNamesThem() throws {
        let (pack, fixture) = try Self.meetings("countdown-middle")
        let presenter = try Presenter(pack: pack)
        var range = TimelineRange.span(of: fixture, schema: pack.manifest.schema)
        range.to = range.from + 600
        range.step = 300
        let timeline = Timeline(fixture, range: range) { fixture throws(PresentationError) in try presenter.presentNoting(fixture) }
        #expect(timeline.moments.first?.changes.contains(.phase) == true, "the first moment is the whole presentation")
        for moment in timeline.moments.dropFirst() {
            #expect(!moment.changes.isEmpty)
        }
        #expect(TimelineRange(from: 0, to: 10, step: 0).problem != nil)
        #expect(TimelineRange(from: 10, to: 0, step: 1).problem != nil)
        #expect(TimelineRange(from: 0, to: 86_400 * 30, step: 60).problem != nil)
    }

    /// Every fixture of every bundled pack, stepped through its day: no step where a device
    /// drawing the last push's live fields would show something the rules would not; every
    /// meetings fixture within the 20 pushes of the goal (a day of 50 meetings, two a meeting).
    @Test(arguments: ["meetings", "match", "delivery"])
    func aDeviceNeverDrawsAWrongTime(_ name: String) throws {
        let pack = try RulePack.load(from: Paths.rules.appendingPathComponent(name), displayPath: "rules/\(name)")
        let presenter = try Presenter(pack: pack)
        let folder = Paths.rules.appendingPathComponent("\(name)/fixtures")
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path).filter({ $0.hasSuffix(".json") }).sorted() {
            let fixture = try Fixture.load(from: folder.appendingPathComponent(file), displayPath: file, manifest: pack.manifest)
            let timeline = Timeline(fixture, range: TimelineRange.span(of: fixture, schema: pack.manifest.schema)) { fixture throws(PresentationError) in
                try presenter.presentNoting(fixture)
            }
            #expect(timeline.mismatches.isEmpty, "\(name)/\(file): \(timeline.mismatches)")
            #expect(timeline.pushes >= 1 && timeline.pushes <= timeline.updates, "\(name)/\(file)")
            // A day of up to 8 meetings within 20 pushes; a busier one about two a meeting.
            if name == "meetings", case .object(let state) = fixture.state, case .array(let meetings)? = state["meetings"] {
                #expect(timeline.pushes <= max(20, 2 * meetings.count + 1), "\(file): \(timeline.pushes) pushes for \(meetings.count) meetings")
            }
        }
    }

    /// A live field whose form stays needs no push whatever its text; one whose dates change, a
    /// text no form keeps, a field that goes: each a push, named with its placements.
    @Test func namesWhyEachPushIsNeeded() throws {
        let start = Date(timeIntervalSince1970: 600)
        func presentation(_ fields: [LayoutField], alert: Bool = false) -> Presentation {
            var layout: [Placement: PlacementLayout] = [:]
            for placement in Placement.allCases { layout[placement] = PlacementLayout(fields: placement == .lockScreen ? fields : [], dropped: []) }
            let look = Appearance(background: Colour(hex: "#000000")!, foreground: Colour(hex: "#FFFFFF")!, accent: Colour(hex: "#FFFFFF")!)
            return Presentation(phase: "countdown", badge: Badge(text: "Next up", tone: .neutral), relevance: Relevance(score: 80, alert: alert),
                                layout: layout, palette: Palette(light: look, dark: look, standByNight: look))
        }
        let countdown = { (now: Double) in
            LayoutField(id: "countdown", text: LiveForm.timer(date: start, counts: .down, prefix: "in ").reading(at: Date(timeIntervalSince1970: now)),
                        live: .timer(date: start, counts: .down, prefix: "in "))
        }
        let pushed = presentation([LayoutField(id: "title", text: "Review"), countdown(0)])
        #expect(PushReason.reasons(from: pushed, to: presentation([LayoutField(id: "title", text: "Review"), countdown(60)])).isEmpty)
        #expect(TimelineMismatch.readings(of: pushed, against: presentation([LayoutField(id: "title", text: "Review"), countdown(60)]), at: 60).isEmpty)
        let moved = LayoutField(id: "countdown", text: "in 10:00", live: .timer(date: start.addingTimeInterval(60), counts: .down, prefix: "in "))
        let reasons = PushReason.reasons(from: pushed, to: presentation([LayoutField(id: "title", text: "Review!"), moved]))
        #expect(reasons == [.text("title", [.lockScreen]), .live("countdown", [.lockScreen])])
        #expect(TimelineMismatch.readings(of: pushed, against: presentation([LayoutField(id: "title", text: "Review!"), moved]), at: 60).isEmpty,
                "a field whose form changed is pushed, not drawn from the old form")
        #expect(PushReason.reasons(from: pushed, to: presentation([countdown(60)])) == [.gone("title", [.lockScreen])])
        #expect(PushReason.reasons(from: pushed, to: presentation([countdown(60), LayoutField(id: "title", text: "Review")]))
                    == [.reordered([.lockScreen])])
        // An alert is news once: the rules alerting again over what the device shows and alerted
        // about need no push; over a push that did not alert, or with a change, they do.
        let alerted = presentation([LayoutField(id: "title", text: "Review"), countdown(0)], alert: true)
        let again = presentation([LayoutField(id: "title", text: "Review"), countdown(60)], alert: true)
        #expect(PushReason.reasons(from: alerted, to: again).isEmpty)
        #expect(PushReason.reasons(from: pushed, to: again) == [.alert])
        #expect(PushReason.reasons(from: alerted, to: presentation([LayoutField(id: "title", text: "Goal"), countdown(60)], alert: true))
                    == [.alert, .text("title", [.lockScreen])])
        // The rules giving a text the form does not read: the device would draw another time.
        let wrongText = presentation([LayoutField(id: "title", text: "Review"),
            LayoutField(id: "countdown", text: "in 10 min", live: .timer(date: start, counts: .down, prefix: "in "))])
        #expect(PushReason.reasons(from: pushed, to: wrongText).isEmpty)
        let mismatches = TimelineMismatch.readings(of: pushed, against: wrongText, at: 60)
        #expect(mismatches.map(\.description) == [#"1970-01-01T00:01:00Z lockScreen.countdown: the device draws "in 9:00", the rules give "in 10 min""#])
    }

    /// A timeline whose rules give a live field a text the device would not draw reports the step
    /// and field, and the command fails.
    @Test func reportsAStepWhereTheDeviceWouldDrawAWrongTime() throws {
        let (pack, fixture) = try Self.meetings("countdown-middle")
        let presenter = try Presenter(pack: pack)
        let range = TimelineRange(from: fixture.now, to: fixture.now + 180, step: 60)
        let timeline = Timeline(fixture, range: range) { fixture throws(PresentationError) in
            var (presentation, soonest) = try presenter.presentNoting(fixture)
            if fixture.now == range.from + 120, var card = presentation.layout[.lockScreen],
               let index = card.fields.firstIndex(where: { $0.id == "countdown" }) {
                card.fields[index].text = "in 8 min"
                presentation.layout[.lockScreen] = card
            }
            return (presentation, soonest)
        }
        #expect(timeline.mismatches.map(\.description) == [#"2026-03-02T09:22:00Z lockScreen.countdown: the device draws "in 8:00", the rules give "in 8 min""#])
        #expect(timeline.lines.contains("error: " + timeline.mismatches[0].description))
        #expect(timeline.pushes == 1, "only the start: the clock ticks on the device")
    }

    @Test func reportsAFailingStepWithItsProblems() throws {
        let (pack, fixture) = try Self.meetings("done")
        let range = TimelineRange(from: fixture.now, to: fixture.now + 120, step: 60)
        var calls = 0
        let timeline = Timeline(fixture, range: range) { fixture throws(PresentationError) in
            calls += 1
            if calls == 2 { throw PresentationError.output(file: "rules/meetings/badge.lua", line: 1, column: 1, path: "badge", message: "broken") }
            return try Presenter(pack: pack).presentNoting(fixture)
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
            return try presenter.presentNoting(fixture)
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

