#if Service
import LiveRules
import LiveRulesServe
import Synchronization
import Testing

/// Where a presentation runs: on the loop first, moved when it finds every presenter busy or
/// overstays, and paused for its own pack version only. The work here is a stand-in that says
/// how its attempt on the loop ends, so no rule runs and nothing depends on speed: the pauses
/// are an hour long, or none.
@Suite struct PresentationSiteTests {
    /// Runs work on `site` for `subject` whose attempt on the loop ends `onLoop`, and which
    /// answers 7 when it may wait; the places it was tried in, in order. An answer moved must
    /// come to the `moved` callback, and only then.
    static func places(_ site: PresentationSite, _ subject: PresentationSite.Subject,
                       onLoop: PackVersion.Attempt<Int>) async throws -> [String] {
        let tried = Mutex<[String]>([])
        let work: @Sendable (PackRequests.Place) -> PackVersion.Attempt<Int> = { place in
            switch place {
            case .idle(let deadline):
                #expect(deadline == site.deadline)
                tried.withLock { $0.append("loop") }
                return onLoop
            case .waiting:
                tried.withLock { $0.append("moved") }
                return .done(7)
            }
        }
        let answer = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Int, any Error>) in
            do {
                let here = try site.run(for: subject, work) { moved in continuation.resume(with: moved) }
                if let here { continuation.resume(returning: here) }
            } catch {
                continuation.resume(throwing: error)
            }
        }
        #expect(answer == 7)
        return tried.withLock { $0 }
    }

    static func moves(_ metrics: ServeMetrics) -> [String] {
        metrics.exposition(packs: [], inFlight: 0).split(separator: "\n")
            .filter { $0.hasPrefix("liverules_presentations_moved_total{") }.map(String.init)
    }

    @Test func anOverstayPausesItsOwnVersionOnly() async throws {
        let metrics = ServeMetrics()
        let site = PresentationSite(deadline: .milliseconds(20), metrics: metrics, pause: .seconds(3600))
        let runaway = PresentationSite.Subject(pack: "match", hash: "1")
        let fixed = PresentationSite.Subject(pack: "match", hash: "2")
        let other = PresentationSite.Subject(pack: "meetings", hash: "1")
        #expect(try await Self.places(site, runaway, onLoop: .done(7)) == ["loop"])
        #expect(Self.moves(metrics).isEmpty, "nothing moved yet")
        #expect(try await Self.places(site, runaway, onLoop: .overstayed) == ["loop", "moved"])
        #expect(try await Self.places(site, runaway, onLoop: .done(7)) == ["moved"], "the version is paused")
        #expect(try await Self.places(site, other, onLoop: .done(7)) == ["loop"], "another pack is not")
        #expect(try await Self.places(site, fixed, onLoop: .done(7)) == ["loop"], "nor a new version of the same pack")
        #expect(try await Self.places(site, other, onLoop: .busy) == ["loop", "moved"])
        #expect(Self.moves(metrics) == [
            #"liverules_presentations_moved_total{pack="match",reason="overstayed"} 1"#,
            #"liverules_presentations_moved_total{pack="match",reason="paused"} 1"#,
            #"liverules_presentations_moved_total{pack="meetings",reason="busy"} 1"#,
        ])
    }

    @Test func aPauseEnds() async throws {
        let site = PresentationSite(deadline: .milliseconds(7), metrics: ServeMetrics(), pause: .zero)
        let subject = PresentationSite.Subject(pack: "match", hash: "1")
        #expect(try await Self.places(site, subject, onLoop: .overstayed) == ["loop", "moved"])
        #expect(try await Self.places(site, subject, onLoop: .done(7)) == ["loop"])
    }
}
#endif
