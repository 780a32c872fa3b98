#if Service
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import LiveRules
import LiveRulesBundle

/// Keeps the pack of one bundle URL served (`liverules serve --bundle URL`). Every interval it
/// asks for the bundle with the last `ETag` in `If-None-Match`, taking at most
/// ``OpenedBundle/maxBytes`` within the poll's timeout (``BundleFetch``); a new bundle is
/// verified (its signature by one of the keys, every file's SHA-256), unpacked into a folder of
/// its own and handed to ``ServedPacks``, which activates it only when its golden tests pass.
///
/// Versions only move forward: once a version is served, a bundle of a lower version, or of the
/// same version with other content, is refused (a replayed old bundle, validly signed, cannot
/// roll a server back). Rolling back means publishing the old content as a new, higher version.
/// A bundle that fails any step, an answer other than 200 or 304, or no answer, leaves the last
/// good version serving; the failure is logged once until it changes, and shown by `/health`.
///
/// Its state is touched only by its polling task, one poll at a time.
package final class BundlePoller: @unchecked Sendable {
    /// The bundle's URL, which names it in `/health`, `/metrics` and the log.
    package let source: String
    private let url: URL
    private let keys: [VerifyKey]
    private let interval: Duration
    private let timeout: Duration
    private let packs: ServedPacks
    private let workspace: URL
    private let userAgent: String
    private var task: Task<Void, Never>?
    /// The `ETag` of the last bundle fetched, good or not: it is not fetched again until it changes.
    private var etag: String?
    /// The version of this URL served, and the folder it was unpacked into.
    private var active: (pack: String, version: String, hash: String, folder: URL)?
    private var lastFailure: String?
    /// The last bundle taken, served or refused: from a server without `ETag`s, the same bytes
    /// again are not checked (nor a refusal told) again.
    private var taken: Data?
    private var unpacked = 0

    /// A poller of `url` every `interval`, accepting bundles signed by one of `keys`, unpacking
    /// them under `workspace` (which it makes and owns), asking with `userAgent`; a poll whose
    /// answer has not arrived whole within `timeout` fails.
    package init(url: URL, keys: [VerifyKey], interval: Duration, timeout: Duration, packs: ServedPacks, workspace: URL,
                 userAgent: String) {
        self.url = url
        source = url.absoluteString
        self.keys = keys
        self.interval = interval
        self.timeout = timeout
        self.packs = packs
        self.workspace = workspace
        self.userAgent = userAgent
    }

    /// Polls now and then every interval, until ``stop()``.
    package func start() {
        task = Task.detached { [self] in
            while !Task.isCancelled {
                await poll()
                try? await Task.sleep(for: interval)
            }
        }
    }

    /// Stops polling; a poll under way finishes.
    package func stop() {
        task?.cancel()
    }

    /// One poll: fetch, and when the bundle is new, check it and hand it over.
    func poll() async {
        let answer: BundleFetch.Answer
        do {
            answer = try await BundleFetch.get(url, userAgent: userAgent, etag: etag, limit: OpenedBundle.maxBytes, deadline: timeout)
        } catch {
            guard !Task.isCancelled else { return }
            return failed(error.message)
        }
        switch answer.status {
        case 304:
            packs.metrics.polled(source, .notModified)
            return
        case 200:
            packs.metrics.polled(source, .fetched)
        default:
            let reason = HTTPURLResponse.localizedString(forStatusCode: answer.status)
            return failed("GET answered \(answer.status) \(reason)")
        }
        lastFailure = nil
        etag = answer.etag
        take(answer.body)
    }

    /// Verifies, unpacks, checks and hands over the bundle `archive`, unless it is the one taken
    /// last. A bundle of the version served is checked too (its manifest could claim that
    /// version's hash for other files), and is then found unchanged.
    private func take(_ archive: Data) {
        guard archive != taken else { return }
        taken = archive
        let bundle: OpenedBundle
        do {
            bundle = try OpenedBundle(archive: archive, keys: keys)
        } catch {
            return packs.refuse(source, hash: nil, problems: [error.diagnostic(source: source)])
        }
        let manifest = bundle.manifest
        if let active, active.pack != manifest.pack {
            return packs.refuse(source, hash: manifest.hash, problems: [Diagnostic(about: source,
                message: "the bundle holds pack '\(manifest.pack)', but this URL serves '\(active.pack)'")])
        }
        if let active, let backwards = Self.backwards(manifest, from: active) {
            return packs.refuse(source, hash: manifest.hash, problems: [Diagnostic(about: source, message: backwards)])
        }
        if let other = packs.statuses.first(where: { $0.pack == manifest.pack && $0.path != source && $0.isServing }) {
            return packs.refuse(source, hash: manifest.hash, problems: [Diagnostic(about: source,
                message: "the bundle holds pack '\(manifest.pack)', which \(other.path) serves already")])
        }
        unpacked += 1
        let folder = workspace.appendingPathComponent("\(unpacked)-\(manifest.pack)-\(manifest.hash)")
        do {
            try FileManager.default.createDirectory(at: workspace, withIntermediateDirectories: true)
            try bundle.unpack(into: folder)
        } catch let error as BundleError {
            return packs.refuse(source, hash: manifest.hash, problems: [error.diagnostic(source: source)])
        } catch {
            return packs.refuse(source, hash: manifest.hash, problems: [Diagnostic(about: workspace.path,
                message: "cannot make the folder bundles are unpacked into: \(error.localizedDescription)")])
        }
        if let pack = try? RulePack.load(from: folder, displayPath: source), let mismatch = Self.mismatch(pack, manifest) {
            try? FileManager.default.removeItem(at: folder)
            return packs.refuse(source, hash: manifest.hash, problems: [Diagnostic(about: source, message: mismatch)])
        }
        let event = packs.reload(folder, source: source)
        let serving: Bool
        switch event {
        case .activated: serving = true
        case .unchanged: serving = active == nil
        case .rejected: serving = false
        }
        guard serving else {
            try? FileManager.default.removeItem(at: folder)
            return
        }
        if let previous = active?.folder { try? FileManager.default.removeItem(at: previous) }
        active = (manifest.pack, manifest.version, manifest.hash, folder)
    }

    /// Why `manifest` would move this URL's pack back from `active`, or nil when it moves it
    /// forward or is the version served. Versions are MAJOR.MINOR.PATCH, compared as numbers.
    private static func backwards(_ manifest: BundleManifest, from active: (pack: String, version: String, hash: String, folder: URL)) -> String? {
        let rollBack = "to roll back, publish the old content as a new version"
        guard let new = numbers(manifest.version), let served = numbers(active.version) else {
            return "the bundle's version '\(manifest.version)' is not MAJOR.MINOR.PATCH"
        }
        if new.lexicographicallyPrecedes(served, by: precedes) {
            return "the bundle has version \(manifest.version), older than \(active.version), which this URL serves: "
                + "versions only move forward (\(rollBack))"
        }
        if new.elementsEqual(served, by: { !precedes($0, $1) && !precedes($1, $0) }), manifest.hash != active.hash {
            return "the bundle has version \(manifest.version), which this URL serves with other content (\(active.hash)): "
                + "a version names one content (publish a new version)"
        }
        return nil
    }

    /// The three numbers of `version` as digit strings without leading zeros, or nil.
    private static func numbers(_ version: String) -> [Substring]? {
        let parts = version.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { ("0"..."9").contains($0) } }) else { return nil }
        return parts.map { $0.drop { $0 == "0" } }
    }

    /// Whether the number written `a` is less than `b` (digit strings of any length).
    private static func precedes(_ a: Substring, _ b: Substring) -> Bool {
        a.count != b.count ? a.count < b.count : a < b
    }

    /// How the unpacked `pack` differs from what its signed `manifest` says it is, or nil.
    private static func mismatch(_ pack: RulePack, _ manifest: BundleManifest) -> String? {
        let (name, version, hash) = (pack.manifest.name, pack.manifest.version, pack.contentHash)
        if name != manifest.pack { return "the bundle's pack.json names pack '\(name)', but its manifest says '\(manifest.pack)'" }
        if version != manifest.version { return "the bundle's pack.json has version \(version), but its manifest says \(manifest.version)" }
        if hash != manifest.hash { return "the pack's content hash is \(hash), but its manifest says \(manifest.hash)" }
        return nil
    }

    /// Counts a failed poll, and tells it when it differs from the last one told.
    private func failed(_ message: String) {
        packs.metrics.polled(source, .failed)
        guard message != lastFailure else { return }
        lastFailure = message
        packs.unreachable(source, problem: Diagnostic(about: source, message: message))
    }
}
#endif
