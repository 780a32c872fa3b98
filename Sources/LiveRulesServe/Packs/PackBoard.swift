#if Service
import Foundation
import LiveRules

/// Each served folder's ``PackStatus``, kept up to date from the reloader's events. Safe to use
/// from any thread.
final class PackBoard: @unchecked Sendable {
    private let lock = NSLock()
    private var statuses: [String: PackStatus] = [:]

    /// The statuses, by path.
    var all: [PackStatus] {
        lock.withLock { statuses.values.sorted { $0.path < $1.path } }
    }

    /// Whether the source `path` has a version served.
    func isServing(_ path: String) -> Bool {
        lock.withLock { statuses[path]?.isServing == true }
    }

    /// Adds `path` as a source not serving yet, unless it is known.
    func expect(_ path: String) {
        lock.withLock { statuses[path] = statuses[path] ?? PackStatus(path: path) }
    }

    /// Records `event`; `version` is the manifest version of the pack it activated.
    func record(_ event: ReloadEvent, version: (String) -> String?) {
        lock.withLock {
            switch event {
            case .activated(let pack, let path, let hash, _, _, _):
                statuses[path] = PackStatus(path: path, pack: pack, version: version(pack), hash: hash)
            case .unchanged(let pack, let path, let hash):
                statuses[path] = PackStatus(path: path, pack: pack, version: version(pack), hash: hash)
            case .rejected(let path, let hash, let problems, _):
                var status = statuses[path] ?? PackStatus(path: path)
                status.refusal = PackStatus.Refusal(hash: hash, problems: problems)
                statuses[path] = status
            }
        }
    }
}
#endif
