#if Service
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import LiveRules
import LiveRulesBundle

/// Keeps the pack of one bundle URL served (`liverules serve --bundle URL`). Every interval it
/// asks for the bundle with the last `ETag` in `If-None-Match`; a new bundle is verified (its
/// signature by one of the keys, every file's SHA-256), unpacked into a folder of its own and
/// handed to ``ServedPacks``, which activates it only when its golden tests pass. A bundle that
/// fails any step, an answer other than 200 or 304, or no answer, leaves the last good version
/// serving; the failure is logged once until it changes, and shown by `/health`.
///
/// Its state is touched only by its polling task, one poll at a time.
package final class BundlePoller: @unchecked Sendable {
    /// The bundle's URL, which names it in `/health`, `/metrics` and the log.
    package let source: String
    private let url: URL
    private let keys: [VerifyKey]
    private let interval: Duration
    private let packs: ServedPacks
    private let workspace: URL
    private let session: URLSession
    private let userAgent: String
    private var task: Task<Void, Never>?
    /// The `ETag` of the last bundle fetched, good or not: it is not fetched again until it changes.
    private var etag: String?
    /// The version of this URL served, and the folder it was unpacked into.
    private var active: (pack: String, hash: String, folder: URL)?
    private var lastFailure: String?
    /// The last bundle taken, served or refused: from a server without `ETag`s, the same bytes
    /// again are not checked (nor a refusal told) again.
    private var taken: Data?
    private var unpacked = 0

    /// A poller of `url` every `interval`, accepting bundles signed by one of `keys`, unpacking
    /// them under `workspace` (which it makes and owns), asking with `userAgent`.
    package init(url: URL, keys: [VerifyKey], interval: Duration, packs: ServedPacks, workspace: URL, userAgent: String) {
        self.url = url
        source = url.absoluteString
        self.keys = keys
        self.interval = interval
        self.packs = packs
        self.workspace = workspace
        self.userAgent = userAgent
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalAndRemoteCacheData
        session = URLSession(configuration: configuration)
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
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalAndRemoteCacheData, timeoutInterval: 30)
        request.setValue(userAgent, forHTTPHeaderField: "User-Agent")
        if let etag { request.setValue(etag, forHTTPHeaderField: "If-None-Match") }
        let body: Data, response: HTTPURLResponse
        do {
            let (data, answer) = try await session.data(for: request)
            guard let http = answer as? HTTPURLResponse else { return failed("the answer is not HTTP") }
            (body, response) = (data, http)
        } catch {
            guard !Task.isCancelled else { return }
            return failed("cannot fetch the bundle: \(error.localizedDescription)")
        }
        switch response.statusCode {
        case 304:
            packs.metrics.polled(source, .notModified)
            return
        case 200:
            packs.metrics.polled(source, .fetched)
        default:
            let reason = HTTPURLResponse.localizedString(forStatusCode: response.statusCode)
            return failed("GET answered \(response.statusCode) \(reason)")
        }
        lastFailure = nil
        etag = response.value(forHTTPHeaderField: "ETag")
        take(body)
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
        active = (manifest.pack, manifest.hash, folder)
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
