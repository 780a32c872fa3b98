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

/// What `liverules serve` knows of one pack folder: the version it serves, if any, and the last
/// version it refused since then.
package struct PackStatus: Sendable {
    /// A version that failed its checks and was not activated.
    package struct Refusal: Sendable {
        /// Its content hash; nil when it did not load far enough to have one.
        package var hash: String?
        /// Why it was refused, as the reload log says.
        package var problems: [Diagnostic]
    }

    /// The folder, as the command line named it (`rules/meetings`).
    package var path: String
    /// The pack's name in its manifest (the `{pack}` of the routes); nil until a version loads.
    package var pack: String?
    /// The manifest's `version` of the version served.
    package var version: String?
    /// The content hash of the version served; nil when none is.
    package var hash: String?
    /// The last refused version since the one served was activated.
    package var refusal: Refusal?

    /// Whether a good version is served.
    package var isServing: Bool { hash != nil }
}
#endif
