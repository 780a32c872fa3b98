import Foundation
import LiveRules
import Testing

/// The engine shared across threads, and versions swapped under load.
@Suite(.serialized) struct RuleEngineTests {
    @Test func presentsThroughTheActiveVersion() throws {
        let root = try TinyPack.folder(version: 1)
        let engine = RuleEngine(statesPerVersion: 2)
        let version = try engine.load(root.appendingPathComponent("tiny"))
        #expect(engine.packNames == ["tiny"])
        let result = try engine.presentReportingVersion("tiny", attributes: TinyPack.Attributes(), state: TinyPack.State(n: 7), now: Date())
        #expect(result.presentation.badge.text == "v1")
        #expect(result.presentation.layout[.islandMinimal]?.fields.first?.text == "v1:7")
        #expect(result.version === version)
        #expect(throws: PresentationError.self) {
            try engine.present("tinny", attributes: TinyPack.Attributes(), state: TinyPack.State(n: 1), now: Date())
        }
        do {
            _ = try engine.present("tinny", attributes: TinyPack.Attributes(), state: TinyPack.State(n: 1), now: Date())
        } catch {
            #expect(error.description == "RuleEngine: no pack named 'tinny' is active — did you mean tiny? (active: tiny)")
        }
    }

    /// A caller that must not wait (a server's event loop) gets an idle presenter at once, under
    /// its own shorter deadline, or is told to do the work elsewhere: every presenter busy, or
    /// the attempt overstayed. Waiting, the same input runs to the state's own deadline.
    @Test func anAttemptOnAnIdlePresenterNeverWaits() throws {
        let root = try TinyPack.folder(version: 1)
        let spinning = "return function(input) if input.state.n == 99 then while true do end end return { text = \"v1\", tone = \"neutral\" } end\n"
        try Data(spinning.utf8).write(to: root.appendingPathComponent("tiny/badge.lua"))
        let engine = RuleEngine(limits: .serving(deadline: .milliseconds(400)), statesPerVersion: 1)
        let version = try engine.load(root.appendingPathComponent("tiny"))
        func fixture(_ n: Int) throws -> Fixture {
            let text = "{\"now\": \"2026-03-02T09:00:00Z\", \"attributes\": {}, \"state\": {\"n\": \(n)}}"
            return try Fixture.read(Data(text.utf8), displayPath: "n\(n).json", manifest: version.pack.manifest)
        }
        let (quick, runaway) = (try fixture(1), try fixture(99))
        func attempt(_ input: Fixture) -> PackVersion.Attempt<Result<Presentation, PresentationError>> {
            version.withIdlePresenter(deadline: .milliseconds(20)) { presenter throws(PresentationError) in try presenter.present(input) }
        }
        guard case .done(let result) = attempt(quick) else { Issue.record("an idle presenter presents at once"); return }
        #expect(try result.get().badge.text == "v1")
        guard case .overstayed = attempt(runaway) else { Issue.record("a runaway rule overstays the short deadline"); return }
        try version.withPresenter { _ throws(PresentationError) in
            guard case .busy = attempt(quick) else { Issue.record("with the only presenter in use, the attempt is busy"); return }
        }
        guard case .done(let after) = attempt(quick) else { Issue.record("the presenter serves on after an overstay"); return }
        #expect(try after.get().badge.text == "v1")
        do {
            _ = try version.present(runaway)
            Issue.record("the runaway rule ends at the state's own deadline")
        } catch {
            #expect(error.dependsOnMachine)
            #expect(error.description.contains("400 ms"), "\(error)")
        }
    }

    /// A thread gets back the presenter it used last, not the one given back most recently, so
    /// a state stays warm in its thread's cache. (Without the preference the pool is a stack: the
    /// second thread would get the first thread's presenter.)
    @Test func aThreadGetsBackThePresenterItUsedLast() throws {
        let root = try TinyPack.folder(version: 1)
        let version = try RuleEngine(statesPerVersion: 2).load(root.appendingPathComponent("tiny"))
        @Sendable func presenterID() throws -> ObjectIdentifier {
            try version.withPresenter { presenter throws(PresentationError) in ObjectIdentifier(presenter) }
        }
        final class Seen: @unchecked Sendable { var ids: [ObjectIdentifier] = [] }
        let seen = Seen(), firstDone = DispatchSemaphore(value: 0), go = DispatchSemaphore(value: 0), secondDone = DispatchSemaphore(value: 0)
        let other = Thread {
            seen.ids.append((try? presenterID()) ?? ObjectIdentifier(Seen.self))
            firstDone.signal()
            go.wait()
            seen.ids.append((try? presenterID()) ?? ObjectIdentifier(Seen.self))
            secondDone.signal()
        }
        // This thread holds one presenter while the other thread gets (and makes) the second.
        let mine = try version.withPresenter { presenter throws(PresentationError) -> ObjectIdentifier in
            other.start()
            firstDone.wait()
            return ObjectIdentifier(presenter)
        }
        // Both are idle now, this thread's given back last.
        go.signal()
        secondDone.wait()
        #expect(seen.ids.count == 2 && seen.ids[0] != mine, "the other thread had a presenter of its own")
        #expect(seen.ids.count == 2 && seen.ids[1] == seen.ids[0], "the other thread got its own presenter back")
        #expect(try presenterID() == mine)
    }

    @Test func aSwapLeavesInFlightWorkOnItsVersion() throws {
        let root = try TinyPack.folder(version: 1)
        let engine = RuleEngine(statesPerVersion: 1)
        let first = try engine.load(root.appendingPathComponent("tiny"))
        try TinyPack.write(version: 2, to: root.appendingPathComponent("tiny"))
        let second = try engine.prepare(RulePack.load(from: root.appendingPathComponent("tiny")))
        #expect(engine.activate(second) === first)
        // The old version still presents for whoever holds it, and presents its own content.
        let fixture = try Fixture.load(from: root.appendingPathComponent("tiny/fixtures/one.json"), displayPath: "one.json",
                                       manifest: first.pack.manifest)
        #expect(try first.present(fixture).badge.text == "v1")
        #expect(try engine.present("tiny", attributes: TinyPack.Attributes(), state: TinyPack.State(n: 1), now: Date()).badge.text == "v2")
    }

    /// Two threads present continuously while versions are activated, a third of them broken.
    /// Every result must be exactly the output of one version, and that version must have been
    /// active during the call (the clock only orders what happened: a call begun after a swap
    /// returned must not see the version it replaced). After each reload both threads finish a
    /// call begun after it, so every version that activated serves, whatever the scheduling.
    @Test func reloadUnderLoadServesNoTornOrStaleResults() throws {
        let root = try TinyPack.folder(version: 0)
        let folder = root.appendingPathComponent("tiny")
        let engine = RuleEngine(statesPerVersion: 2)
        let reloader = try Reloader(engine: engine, roots: [root.path], options: ReloadOptions(watches: false))
        let clock = ContinuousClock()
        let log = LoadLog(start: clock.now)
        log.activated(0, lower: clock.now)

        let stop = LockedFlag()
        let threads = (0..<2).map { thread in
            Thread {
                var n = thread
                while !stop.isSet {
                    let started = clock.now
                    do {
                        let result = try engine.present("tiny", attributes: TinyPack.Attributes(), state: TinyPack.State(n: n), now: Date())
                        log.record(result, n: n, started: started, ended: clock.now)
                    } catch {
                        log.fail("\(error)")
                    }
                    log.finished(thread, started: started)
                    n += 2
                }
                log.threadDone()
            }
        }
        threads.forEach { $0.start() }
        defer {
            stop.set()
            reloader.stop()
        }
        var broken = 0
        for k in 1...150 {
            let kind: TinyPack.Breakage? = k % 3 == 0 ? (k % 2 == 0 ? .syntax : .runtimeAtLoad) : nil
            try TinyPack.write(version: k, broken: kind, to: folder)
            log.activated(k, lower: clock.now)  // a lower bound, noted before the swap can happen
            let event = reloader.reload(folder)
            switch (event, kind) {
            case (.activated, nil): break
            case (.rejected, _?):
                broken += 1
                log.neverActivated(k)
            default: Issue.record("version \(k): unexpected \(event)")
            }
            log.deactivatePrevious(k, upper: clock.now, activated: kind == nil)
            let reloaded = clock.now
            guard Self.poll(until: { log.bothFinishedCalls(startedAfter: reloaded) }) else {
                Issue.record("the presenting threads made no call after reloading version \(k) within \(Patience.seconds) s")
                break
            }
        }
        stop.set()
        #expect(Self.poll { log.finishedThreads == 2 }, "the presenting threads stop")

        #expect(broken == 50)
        #expect(log.failures.isEmpty, "\(log.failures.prefix(3))")
        #expect(log.problems.isEmpty, "\(log.problems.prefix(5))")
        #expect(log.versionsSeen.subtracting([0]) == Set((1...150).filter { $0 % 3 != 0 }),
                "every good version served, no broken one: \(log.versionsSeen.sorted())")
    }

    /// Polls `done` until it holds (true) or ``Patience`` passed (false).
    private static func poll(until done: () -> Bool) -> Bool {
        let end = Date().addingTimeInterval(Patience.seconds)
        while !done() {
            guard Date() < end else { return false }
            Thread.sleep(forTimeInterval: 0.001)
        }
        return true
    }

    @Test func everyReplacedVersionIsReleasedOverAThousandReloads() throws {
        let root = try TinyPack.folder(version: 0)
        let folder = root.appendingPathComponent("tiny")
        let engine = RuleEngine(statesPerVersion: 1)
        let reloader = try Reloader(engine: engine, roots: [root.path], options: ReloadOptions(watches: false))
        defer { reloader.stop() }
        // Each version holds its Lua states: one still alive after it was replaced is a leak of
        // well over 100 KiB. Watched without keeping them alive.
        var versions: [WeakVersion] = []
        for k in 1...1_000 {
            try TinyPack.write(version: k, to: folder)
            guard case .activated = reloader.reload(folder) else { throw CocoaError(.fileReadUnknown) }
            _ = try engine.present("tiny", attributes: TinyPack.Attributes(), state: TinyPack.State(n: k), now: Date())
            versions.append(WeakVersion(engine.version(named: "tiny")))
        }
        let alive = versions.filter { $0.version != nil }.map { $0.version!.hash }
        #expect(alive == [engine.version(named: "tiny")!.hash], "versions still alive after 1,000 reloads: \(alive.count)")
    }
}

/// A version, not kept alive.
private final class WeakVersion {
    weak var version: PackVersion?

    init(_ version: PackVersion?) {
        self.version = version
    }
}

/// What the load test saw, shared by its threads.
private final class LoadLog: @unchecked Sendable {
    private let lock = NSLock()
    let start: ContinuousClock.Instant
    private var activeFrom: [Int: ContinuousClock.Instant] = [:]
    private var activeUntil: [Int: ContinuousClock.Instant] = [:]
    private var current = 0
    /// When the latest call each presenting thread finished had begun, by thread.
    private var lastStarted: [Int: ContinuousClock.Instant] = [:]
    private(set) var problems: [String] = []
    private(set) var failures: [String] = []
    private(set) var versionsSeen: Set<Int> = []
    private(set) var finishedThreads = 0

    init(start: ContinuousClock.Instant) {
        self.start = start
    }

    /// Version k was activated no earlier than `lower`.
    func activated(_ k: Int, lower: ContinuousClock.Instant) {
        lock.withLock { activeFrom[k] = lower }
    }

    /// Version k was rejected: it never served.
    func neverActivated(_ k: Int) {
        lock.withLock { activeFrom[k] = nil }
    }

    /// After reloading version k: if it activated, the version before it stopped serving no later than `upper`.
    func deactivatePrevious(_ k: Int, upper: ContinuousClock.Instant, activated: Bool) {
        lock.withLock {
            guard activated else { return }
            activeUntil[current] = upper
            current = k
        }
    }

    /// Presenting thread `thread` finished a call begun at `started`.
    func finished(_ thread: Int, started: ContinuousClock.Instant) {
        lock.withLock { lastStarted[thread] = started }
    }

    /// Whether both presenting threads finished a call begun after `instant`.
    func bothFinishedCalls(startedAfter instant: ContinuousClock.Instant) -> Bool {
        lock.withLock { (0..<2).allSatisfy { lastStarted[$0].map { $0 > instant } ?? false } }
    }

    func record(_ presentation: Presentation, n: Int, started: ContinuousClock.Instant, ended: ContinuousClock.Instant) {
        let badge = presentation.badge.text
        lock.withLock {
            guard badge.hasPrefix("v"), let k = Int(badge.dropFirst()) else {
                problems.append("not a version's badge: \(badge)")
                return
            }
            versionsSeen.insert(k)
            let texts = Set(presentation.layout.values.flatMap { $0.fields.map(\.text) })
            if texts != ["v\(k):\(n)"] || presentation.relevance.score != Double(k % 100) || presentation.layout.count != 8 {
                problems.append("torn result for version \(k): \(texts), score \(presentation.relevance.score)")
            }
            guard let from = activeFrom[k], from <= ended else {
                problems.append("version \(k) served before it was activated")
                return
            }
            if let until = activeUntil[k], until < started {
                problems.append("version \(k) served after it was replaced")
            }
        }
    }

    func fail(_ message: String) { lock.withLock { failures.append(message) } }
    func threadDone() { lock.withLock { finishedThreads += 1 } }
}

/// A flag threads can read while another sets it.
private final class LockedFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    var isSet: Bool { lock.withLock { value } }
    func set() { lock.withLock { value = true } }
}
