#if Studio
import Foundation
import LiveRules

/// The packs `liverules serve` serves: a ``RuleEngine`` kept up to date by a ``Reloader`` that
/// watches their folders. A new version is activated only when it passes its pack's golden
/// tests; a refused one is logged and counted, and the last good version keeps serving.
package final class ServedPacks: @unchecked Sendable {
    /// The engine presenting every request.
    package let engine: RuleEngine
    /// Where reloads are counted.
    package let metrics: ServeMetrics
    private let board: PackBoard
    private let reloader: Reloader

    /// Loads every pack under `paths` (pack folders, or folders of packs) and watches them,
    /// reloading a folder `quiet` after its last change; each reload's outcome goes to `log`. A
    /// pack that fails to load is served once a version of it passes. Throws ``WatchError`` when
    /// a folder cannot be watched.
    package init(
        paths: [String], quiet: Duration = .milliseconds(50), metrics: ServeMetrics, log: @escaping @Sendable (String) -> Void
    ) throws {
        let engine = RuleEngine()
        let board = PackBoard()
        self.engine = engine
        self.metrics = metrics
        self.board = board
        reloader = try Reloader(engine: engine, roots: paths, options: ReloadOptions(quiet: quiet, requireGoldens: true)) { event in
            board.record(event) { engine.version(named: $0)?.pack.manifest.version }
            switch event {
            case .activated(_, let path, _, _, _, _): metrics.reloaded(path, accepted: true)
            case .rejected(let path, _, _, _): metrics.reloaded(path, accepted: false)
            case .unchanged: break
            }
            log(event.description)
        }
    }

    /// Every folder's status, by path.
    package var statuses: [PackStatus] {
        board.all
    }

    /// Stops watching the folders.
    package func stop() {
        reloader.stop()
    }
}
#endif
