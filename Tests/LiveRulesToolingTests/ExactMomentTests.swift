import Foundation
import LiveRules
import LiveRulesTooling
import TestPacks
import Testing

/// Pushes at the exact second: a timeline presents every moment its rules announce (their
/// `time.reached` comparisons), always its range's end, and finds a change no rule announced by
/// halving, to the second, reporting it.
struct ExactMomentTests {
    /// The combo day with the 1:1 moved to start at 10:35:01 and the standup to end at 08:15:37.
    static func oddSeconds(_ pack: RulePack) throws -> Fixture {
        var fixture = try Fixture.load(from: pack.folder.url.appendingPathComponent("fixtures/combo-back-to-back-5-min.json"),
                                       displayPath: "combo.json", manifest: pack.manifest)
        guard case .object(var state) = fixture.state, case .array(var meetings)? = state["meetings"],
              case .object(var standup) = meetings[0], case .object(var sam) = meetings[2] else {
            throw Failure("the combo fixture changed shape")
        }
        standup["end"] = JSONValue.integer(1_772_439_337)  // 2026-03-02T08:15:37Z
        sam["start"] = JSONValue.integer(1_772_447_701)    // 2026-03-02T10:35:01Z
        meetings[0] = JSONValue.object(standup)
        meetings[2] = JSONValue.object(sam)
        state["meetings"] = JSONValue.array(meetings)
        fixture.state = JSONValue.object(state)
        return fixture
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    static func pushes(_ timeline: Timeline) -> [String] {
        timeline.moments.filter { !$0.push.isEmpty }.map { Timeline.time($0.now) }
    }

    @Test func pushesEachChangeAtItsSecondFromAnyStart() throws {
        let pack = try RulePack.load(from: Paths.rules.appendingPathComponent("meetings"), displayPath: "rules/meetings")
        let presenter = try Presenter(pack: pack)
        let fixture = try Self.oddSeconds(pack)
        // Steps at :59 of each minute; the day ends at 14:30:00, between two steps.
        let range = TimelineRange(from: 1_772_438_399, to: 1_772_461_800, step: 60)
        #expect(range.count == 392, "391 steps and the range's end")
        #expect(range.moment(range.count - 1) == range.to)
        let timeline = Timeline(fixture, range: range) { fixture throws(PresentationError) in try presenter.presentNoting(fixture) }
        let pushes = Self.pushes(timeline)
        for moment in ["2026-03-02T08:15:37Z", "2026-03-02T10:35:01Z", "2026-03-02T10:45:01Z", "2026-03-02T14:30:00Z"] {
            #expect(pushes.contains(moment), "\(moment) not in \(pushes)")
        }
        #expect(!pushes.contains("2026-03-02T10:35:59Z") && !pushes.contains("2026-03-02T08:15:59Z"), "\(pushes)")
        #expect(timeline.unannounced.isEmpty, "\(timeline.unannounced)")
        #expect(timeline.mismatches.isEmpty, "\(timeline.mismatches)")
        #expect(timeline.pushes <= 20)
        guard case .success(let last)? = timeline.moments.last?.outcome else { Issue.record("no last moment"); return }
        #expect(last.phase == "done", "the range's end is presented: All done is pushed")
    }

    /// Stoppage time begins at the second after the regular time's minute: the push lands at
    /// 14:46:00 exactly (nextUpdate names it), the clock reading "45:59" the second before and
    /// "45+1:00" then.
    @Test func stoppageTimeIsPushedAtItsSecond() throws {
        let pack = try RulePack.load(from: Paths.rules.appendingPathComponent("match"), displayPath: "rules/match")
        let presenter = try Presenter(pack: pack)
        let fixture = try Fixture.load(from: pack.folder.url.appendingPathComponent("fixtures/live-first-half-last-regular-minute.json"),
                                       displayPath: "live.json", manifest: pack.manifest)
        let (presentation, next) = try presenter.presentWithNextUpdate(fixture)
        #expect(presentation.layout[.lockScreen]?.fields.first { $0.id == "clock" }?.text == "45:40")
        #expect(next.map { Timeline.time($0.at.timeIntervalSince1970) } == "2026-05-16T14:46:00Z", "\(String(describing: next))")
        // Steps of a minute from :30, so no step falls on 14:46:00.
        let range = TimelineRange(from: fixture.now - 10, to: fixture.now + 290, step: 60)
        let timeline = Timeline(fixture, range: range) { fixture throws(PresentationError) in try presenter.presentNoting(fixture) }
        #expect(Self.pushes(timeline).contains("2026-05-16T14:46:00Z"), "\(Self.pushes(timeline))")
        #expect(timeline.unannounced.isEmpty && timeline.mismatches.isEmpty, "\(timeline.unannounced) \(timeline.mismatches)")
        func clock(_ at: String) -> String? {
            guard let moment = timeline.moments.last(where: { Timeline.time($0.now) <= at }), case .success(let shown) = moment.outcome else { return nil }
            return shown.layout[.lockScreen]?.fields.first { $0.id == "clock" }?.live?.reading(at: Date(timeIntervalSince1970: ISO8601.parse(at)!))
        }
        #expect(clock("2026-05-16T14:45:59Z") == "45:59")
        #expect(clock("2026-05-16T14:46:00Z") == "45+1:00")
    }

    /// A timeline counts every presentation it makes (its steps, the announced moments between
    /// them, the seconds before pushes and the halving), and its `stopping` sees the count, so a
    /// limit on it stops the timeline at the same step on any machine.
    @Test func countsEveryPresentationAndStopsOnACount() throws {
        let pack = try RulePack.load(from: Paths.rules.appendingPathComponent("meetings"), displayPath: "rules/meetings")
        let presenter = try Presenter(pack: pack)
        let fixture = try Self.oddSeconds(pack)
        let range = TimelineRange(from: 1_772_438_399, to: 1_772_461_800, step: 60)
        var made = 0
        let whole = Timeline(fixture, range: range) { fixture throws(PresentationError) in
            made += 1
            return try presenter.presentNoting(fixture)
        }
        #expect(whole.stop == nil && whole.presented == range.count)
        #expect(made > range.count, "announced moments and the seconds before pushes are presented too")
        #expect(whole.presentations == made)
        var seen: [Int] = []
        let stopped = Timeline(fixture, range: range, stopping: { timeline in
            seen.append(timeline.presentations)
            return timeline.presentations >= 100 ? "counted" : nil
        }) { fixture throws(PresentationError) in try presenter.presentNoting(fixture) }
        #expect(seen == seen.sorted() && seen.first == 0)
        #expect(stopped.stop == .stopped("counted"))
        let last = try #require(seen.last)
        #expect(last >= 100 && seen.dropLast().allSatisfy { $0 < 100 })
        #expect(stopped.presented < whole.presented && stopped.presented == seen.count - 1)
        // The count the stop saw is the count made so far: presenting the same steps again makes as many.
        var again = 0
        _ = Timeline(fixture, range: range, stopping: { timeline in timeline.presentations >= 100 ? "counted" : nil }) { fixture throws(PresentationError) in
            again += 1
            return try presenter.presentNoting(fixture)
        }
        #expect(again == last)
    }

    /// A rule comparing `now` with `<` hides the moment its answer changes: the timeline finds
    /// the push by halving, to the second, and reports it; a backend following nextUpdate would
    /// miss it.
    @Test func findsAndReportsAChangeNoRuleAnnounced() throws {
        let copy = try TemporaryPack()
        let content = try copy.read("content.lua")
        let hidden = content.replacingOccurrences(of: "actionTime = not time.reached(now, meeting.start + LOCATION_WINDOW)",
                                                  with: "actionTime = now - meeting.start < LOCATION_WINDOW")
        #expect(hidden != content)
        try hidden.write(to: copy.directory.appendingPathComponent("content.lua"), atomically: true, encoding: .utf8)
        let pack = try RulePack.load(from: copy.directory, displayPath: "meetings")
        let presenter = try Presenter(pack: pack)
        let fixture = try Self.oddSeconds(pack)
        let range = TimelineRange(from: 1_772_438_399, to: 1_772_461_800, step: 60)
        let timeline = Timeline(fixture, range: range) { fixture throws(PresentationError) in try presenter.presentNoting(fixture) }
        #expect(Self.pushes(timeline).contains("2026-03-02T10:45:01Z"), "found to the second: \(Self.pushes(timeline))")
        let found = timeline.unannounced.map { Timeline.time($0.now) }
        #expect(found == ["2026-03-02T08:10:00Z", "2026-03-02T09:40:00Z", "2026-03-02T10:45:01Z", "2026-03-02T13:10:00Z",
                          "2026-03-02T14:16:00Z"])
        let report = try #require(timeline.unannounced.first { Timeline.time($0.now) == "2026-03-02T10:45:01Z" })
        #expect(report.description == "2026-03-02T10:45:01Z: a push is needed (runningLate gone, nextTitle text) that the rules did not "
                + "announce (the next moment they compared now with: 2026-03-02T11:00:00Z); compare now with dates through time.reached")
        #expect(timeline.lines.contains("error: combo.json: " + report.description))
    }

    /// A rule comparing `now` with a moment no date reaches announces nothing: no next update,
    /// and no crash writing one.
    @Test func aMomentBeyondEveryDateIsNoNextUpdate() throws {
        let copy = try TemporaryPack()
        let content = try copy.read("content.lua")
        let far = content.replacingOccurrences(of: "function M.of(input)\n", with: "function M.of(input)\n  time.reached(input.now, 1e300)\n")
        #expect(far != content)
        try far.write(to: copy.directory.appendingPathComponent("content.lua"), atomically: true, encoding: .utf8)
        let pack = try RulePack.load(from: copy.directory, displayPath: "meetings")
        let fixture = try Fixture.load(from: copy.directory.appendingPathComponent("fixtures/done.json"), displayPath: "done.json",
                                       manifest: pack.manifest)
        let (_, next) = try Presenter(pack: pack).presentWithNextUpdate(fixture)
        #expect(next == nil)
    }

    /// What a backend sees, held apart from the timeline: it pushes the first presentation, then
    /// at each nextUpdate the presentation there, and nothing else. At :00, :30 and :59 of every
    /// minute of every bundled fixture's day, what the device draws from its last push equals
    /// what the rules present: no late push, no missed push, no wrong reading.
    @Test(arguments: ["meetings", "match", "delivery"])
    func aBackendFollowingNextUpdateNeverLeavesTheDeviceWrong(_ name: String) throws {
        let pack = try RulePack.load(from: Paths.rules.appendingPathComponent(name), displayPath: "rules/\(name)")
        let presenter = try Presenter(pack: pack)
        let folder = Paths.rules.appendingPathComponent("\(name)/fixtures")
        var wrong: [String] = [], checked = 0
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path).filter({ $0.hasSuffix(".json") }).sorted() {
            var fixture = try Fixture.load(from: folder.appendingPathComponent(file), displayPath: file, manifest: pack.manifest)
            let range = TimelineRange.span(of: fixture, schema: pack.manifest.schema)
            fixture.now = range.from
            fixture.previousPhase = nil
            guard var (pushed, next) = try? presenter.presentWithNextUpdate(fixture) else { continue }
            var minute = (range.from / 60).rounded(.down) * 60
            while minute <= range.to {
                for second in [0.0, 30, 59] where minute + second >= range.from && minute + second <= range.to {
                    let now = minute + second
                    // The backend has pushed every nextUpdate up to now.
                    while let due = next, !due.failing, due.at.timeIntervalSince1970 <= now {
                        var push = fixture
                        push.now = due.at.timeIntervalSince1970
                        push.previousPhase = pushed.phase
                        (pushed, next) = try presenter.presentWithNextUpdate(push)
                    }
                    var rules = fixture
                    rules.now = now
                    rules.previousPhase = pushed.phase
                    let truth = try presenter.present(rules)
                    checked += 1
                    let late = PushReason.reasons(from: pushed, to: truth)
                    let readings = TimelineMismatch.readings(of: pushed, against: truth, at: now)
                    if !late.isEmpty { wrong.append("\(file) \(Timeline.time(now)): missed or late push: \(late)") }
                    wrong += readings.map { "\(file): \($0)" }
                }
                minute += 60
            }
        }
        #expect(checked > 1000)
        #expect(wrong.isEmpty, "\(wrong.count) wrong moments of \(checked), first: \(wrong.prefix(5))")
    }
}
