#if Service
import Foundation
import LiveRules

/// The packs `liverules serve` serves: a ``RuleEngine`` kept up to date by a ``Reloader`` that
/// watches their folders, and by ``BundlePoller``s that hand it the bundles they fetch. A new
/// version is activated only when it passes its pack's golden tests; a refused one is logged and
/// counted, and the last good version keeps serving.
package final class ServedPacks: @unchecked Sendable {
    /// The engine presenting every request.
    package let engine: RuleEngine
    /// Where reloads are counted.
    package let metrics: ServeMetrics
    private let board: PackBoard
    private let reloader: Reloader
    private let log: @Sendable (String) -> Void

    /// Loads every pack under `paths` (pack folders, or folders of packs) and watches them,
    /// reloading a folder `quiet` after its last change; each reload's outcome goes to `log`. A
    /// pack that fails to load is served once a version of it passes. Throws ``WatchError`` when
    /// a folder cannot be watched. Each of `bundles` (URLs) is not served until
    /// ``reload(_:source:)`` activates a version of it.
    package init(
        paths: [String], bundles: [String] = [], quiet: Duration = .milliseconds(50), metrics: ServeMetrics,
        log: @escaping @Sendable (String) -> Void
    ) throws {
        let engine = RuleEngine()
        let board = PackBoard()
        self.engine = engine
        self.metrics = metrics
        self.board = board
        let record: @Sendable (ReloadEvent) -> Void = { event in
            board.record(event) { engine.version(named: $0)?.pack.manifest.version }
            switch event {
            case .activated(_, let path, _, _, _, _): metrics.reloaded(path, accepted: true)
            case .rejected(let path, _, _, _): metrics.reloaded(path, accepted: false)
            case .unchanged: break
            }
            log(Self.told(event, serving: board.isServing(event.path)))
        }
        self.log = log
        for bundle in bundles { board.expect(bundle) }
        let options = ReloadOptions(quiet: quiet, requireGoldens: true, watches: !paths.isEmpty)
        reloader = try Reloader(engine: engine, roots: paths, options: options, onEvent: record)
    }

    /// Loads, tests and (when it passes) activates the pack unpacked in `folder`, naming it
    /// `source` (its bundle's URL); records and returns the outcome.
    package func reload(_ folder: URL, source: String) -> ReloadEvent {
        reloader.reload(folder, displayPath: source)
    }

    /// Records that `source` offered a version that could not be tested (the bundle did not
    /// verify): logged and counted as refused; the last good version keeps serving.
    package func refuse(_ source: String, hash: String?, problems: [Diagnostic]) {
        board.record(.rejected(path: source, hash: hash, problems: problems, seconds: 0)) { _ in nil }
        metrics.reloaded(source, accepted: false)
        log(Self.told(source, "refused" + (hash.map { " \($0)" } ?? ""), problems, serving: board.isServing(source)))
    }

    /// Records that `source` could not be fetched: logged and shown by `/health` as its last
    /// refusal (not counted as a refused version); the last good version keeps serving.
    package func unreachable(_ source: String, problem: Diagnostic) {
        board.record(.rejected(path: source, hash: nil, problems: [problem], seconds: 0)) { _ in nil }
        log(Self.told(source, "not fetched", [problem], serving: board.isServing(source)))
    }

    /// A log entry of a refusal: `<source>: <what>; the last good version keeps serving` (or,
    /// when the source has none, that none is served yet), then each problem.
    private static func told(_ source: String, _ what: String, _ problems: [Diagnostic], serving: Bool) -> String {
        "\(source): \(what); " + (serving ? "the last good version keeps serving" : "no version of it is served yet")
            + problems.map { "\n  " + $0.description }.joined()
    }

    /// How the log tells a reload's `event`: as the reloader words it, but a refusal in the words
    /// of ``told(_:_:_:serving:)``, which know whether the source has a version served.
    private static func told(_ event: ReloadEvent, serving: Bool) -> String {
        guard case .rejected(let path, let hash, let problems, let seconds) = event else { return event.description }
        return told(path, "rejected" + (hash.map { " \($0)" } ?? "") + String(format: " in %.1f ms", seconds * 1000), problems,
                    serving: serving)
    }

    /// Every source's status, by path.
    package var statuses: [PackStatus] {
        board.all
    }

    /// Stops watching the folders.
    package func stop() {
        reloader.stop()
    }
}
#endif
