#if Studio
import Foundation
import HTTPTestSupport
import Testing

/// Routes that present: bounded, one timeline at a time, off the threads that serve the page,
/// stopped when their client goes away. No test here reads a clock: each waits for what it
/// needs to see (a patience of a minute is only a failure guard) and checks the order things
/// happened in.
@Suite(.serialized) struct ExpensiveRouteTests {
    /// Starts `count` (2 or more) long timelines at once; returns the one the studio runs, once
    /// all the others were refused as busy (which shows that one holds the studio's only place
    /// for timelines).
    private func startLongTimelines(_ count: Int, on running: RunningStudio) async throws -> OpenRequest {
        let long = StudioRuleEdits.long(pack: try await running.packPath())
        let requests = try (0..<count).map { _ in try running.open(long) }
        let end = Date().addingTimeInterval(60)
        while requests.filter(\.isAnswered).count < count - 1, Date() < end {
            try await Task.sleep(for: .milliseconds(10))
        }
        let refused = requests.filter(\.isAnswered)
        try #require(refused.count == count - 1, "all but one long timeline are refused while one runs")
        for request in refused {
            let response = await request.response()
            #expect(response?.status == 503, "\(response?.status ?? 0) \(response?.body.prefix(200) ?? "")")
            #expect((response?.json["error"] as? String)?.contains("already stepping through a timeline") == true)
        }
        return try #require(requests.first { !$0.isAnswered })
    }

    /// On one CPU, Swift's cooperative pool (which runs the handlers) is one thread wide: a
    /// timeline stepped through on it would keep every other request waiting.
    @Test(arguments: [
        ("slow at every step", StudioRuleEdits.slow, false),
        ("out of budget every other step", StudioRuleEdits.failingEveryOtherStep, false),
        ("slow at every step, on one CPU", StudioRuleEdits.slow, true),
        ("out of budget every other step, on one CPU", StudioRuleEdits.failingEveryOtherStep, true),
    ])
    func thePageIsServedWhileTimelinesRun(_ variant: String, edits: [String: @Sendable (String) -> String], oneCPU: Bool) async throws {
        let running = try await RunningStudio(edits: edits, oneCPU: oneCPU)
        defer { running.stop() }
        let timeline = try await startLongTimelines(4, on: running)
        defer { timeline.close() }
        let css = try await running.request("GET", "/studio.css")
        #expect(css.status == 200 && css.body.contains("--zoom"), "\(variant)")
        let page = try await running.request("GET", "/")
        #expect(page.status == 200 && page.body.contains(running.token), "\(variant)")
        #expect(try await running.request("GET", "/studio.js").status == 200, "\(variant)")
        #expect(try await running.api("GET", "/api/studio").status == 200, "\(variant)")
        let events = try EventStreamClient(port: running.port, token: running.token)
        defer { events.close() }
        #expect(await events.arrived("event: hello"), "\(variant)")
        #expect(!timeline.isAnswered, "\(variant): the page was served while the timeline was still running")
    }

    @Test func goldenDecisionsHaveTheirOwnLane() async throws {
        let running = try await RunningStudio(edits: StudioRuleEdits.slow)
        defer { running.stop() }
        let timeline = try await startLongTimelines(2, on: running)
        defer { timeline.close() }
        let rejected = try await running.api("POST", "/api/reject", body: #"{"pack": "\#(try await running.packPath())", "case": "meetings/done"}"#)
        #expect(rejected.status == 200, "\(rejected.body)")
        #expect(!timeline.isAnswered)
    }

    @Test(arguments: ["closes", "stops sending"])
    func aClientThatGoesAwayStopsItsTimeline(_ how: String) async throws {
        let running = try await RunningStudio(edits: StudioRuleEdits.slow)
        defer { running.stop() }
        let pack = try await running.packPath()
        let probe = StudioRuleEdits.timeline(pack: pack, steps: 1)
        for round in 1...2 {
            let timeline = try await startLongTimelines(2, on: running)
            if how == "closes" { timeline.close() } else { timeline.stopSending() }
            let marker = "timeline of \(StudioRuleEdits.caseID): stopped after"
            let stopped = try await running.waitForLog { log in log.components(separatedBy: marker).count - 1 == round }
            #expect(stopped, "round \(round): \(running.log)")
            let stops = running.log.components(separatedBy: "\n").filter { $0.contains(marker) }
            #expect(stops.count == round, "\(stops)")
            #expect(stops.allSatisfy { $0.contains("the client went away") }, "\(stops)")
            let free = try await running.api("GET", probe)
            #expect(free.status == 200, "the lane is free again: \(free.body.prefix(200))")
            timeline.close()
        }
    }

    @Test func theBusyLanesAnswerClearly() async throws {
        let running = try await RunningStudio(edits: StudioRuleEdits.slow)
        defer { running.stop() }
        let timeline = try await startLongTimelines(2, on: running)
        defer { timeline.close() }
        let busy = try await running.api("GET", StudioRuleEdits.timeline(pack: try await running.packPath(), steps: 1))
        #expect(busy.status == 503)
        #expect(busy.headers["retry-after"] == "1")
        #expect(busy.headers["content-type"] == "application/json")
        #expect(busy.json["error"] as? String == "the studio is already stepping through a timeline: try again when it is done")

        var streams = try (0..<16).map { _ in try EventStreamClient(port: running.port, token: running.token) }
        for stream in streams { #expect(await stream.arrived("event: hello")) }
        let seventeenth = try await running.ask("GET", "/api/events?token=\(running.token)")
        #expect(seventeenth.status == 503)
        #expect(seventeenth.json["error"] as? String == "16 pages are following the studio already: close one")
        streams.removeFirst().close()
        // The server notices the closed stream on its own time: ask until a place is free.
        var another: EventStreamClient?
        let end = Date().addingTimeInterval(60)
        while another == nil, Date() < end {
            let stream = try EventStreamClient(port: running.port, token: running.token)
            if await stream.opened() == true { another = stream } else { stream.close() }
        }
        #expect(another != nil, "a stream that closed gives its place back")
        for stream in streams + [another].compactMap({ $0 }) { stream.close() }
    }

    @Test func aTimelineFailingAtEveryStepStopsEarly() async throws {
        let running = try await RunningStudio(edits: StudioRuleEdits.failing)
        defer { running.stop() }
        let response = try await running.api("GET", StudioRuleEdits.timeline(pack: try await running.packPath(), steps: 481))
        #expect(response.status == 200)
        #expect(response.json["presented"] as? Int == 20)
        #expect(response.json["stopped"] as? String == "stopped after 20 of 481 steps: 20 steps in a row failed; 461 steps skipped")
        let moments = response.json["moments"] as? [[String: Any]] ?? []
        #expect(moments.count == 1, "the error is reported once")
        #expect((moments.first?["problems"] as? [String])?.first?.contains("instruction") == true, "\(moments.first ?? [:])")
    }

    @Test func aTimelineAnswerHoldsAtMost2000Updates() async throws {
        let running = try await RunningStudio(edits: StudioRuleEdits.changing)
        defer { running.stop() }
        let response = try await running.api("GET", StudioRuleEdits.timeline(pack: try await running.packPath(), steps: 3000))
        #expect(response.status == 200)
        #expect(response.json["updates"] as? Int == 2000)
        #expect(response.json["presented"] as? Int == 2000)
        #expect(response.json["stopped"] as? String
                == "stopped after 2000 of 3000 steps: it reached 2000 updates, the most one answer holds; 1000 steps skipped")
        #expect(try await running.waitForLog("timeline of \(StudioRuleEdits.caseID): stopped after 2000 of 3000 steps"))
    }
}
#endif
