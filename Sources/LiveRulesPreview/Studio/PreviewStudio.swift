#if Studio
import Foundation
import LiveRules
import LiveRulesTooling

/// The packs the preview studio shows, kept current by a ``Reloader``: every save a pack's
/// version accepts (or any save that leaves it unchanged, such as a fixture or a golden)
/// renders the pack again from its active version; a refused save sets the pack's banner and
/// leaves its last good rendering in place. Each change bumps the revision and is sent to the
/// listeners (the page's event stream). Safe to use from any thread.
package final class PreviewStudio: @unchecked Sendable {
    /// Why accepting and rejecting are refused, or nil when they are allowed.
    package let readOnlyReason: String?
    private let engine = RuleEngine(statesPerVersion: 1)
    private let lock = NSLock()
    private var packs: [String: StudioPack] = [:]
    private var currentRevision = 0
    private var listeners: [UUID: AsyncStream<StudioChange>.Continuation] = [:]
    private var reloader: Reloader?
    /// The hash of the version each pack's rendering comes from.
    private var rendered: [String: String] = [:]
    /// Per pack, the explored cases of a version (by its hash): a rendering of that version
    /// shows them at once; a new version's are explored off the render path.
    private var explored: [String: (hash: String, cases: [StudioCase])] = [:]
    /// Explores one version at a time, after its cases are on the page.
    private let exploring = DispatchQueue(label: "liverules.preview.explore", qos: .utility)

    /// Renders every pack under `paths` (pack folders, or folders of packs) and, when `watches`,
    /// keeps them current as files are saved. With `readOnlyReason`, golden decisions are
    /// refused. Throws ``WatchError`` when a path cannot be watched.
    package init(paths: [String], watches: Bool = true, quiet: Duration = .milliseconds(50), readOnlyReason: String?) throws {
        self.readOnlyReason = readOnlyReason
        for path in paths where PackFinder.packs(at: URL(fileURLWithPath: path)).isEmpty {
            throw StudioError(.notFound, "\(path): no pack here: a pack is a folder with a \(RulePack.manifestFile)")
        }
        let reloader = try Reloader(engine: engine, roots: paths, options: ReloadOptions(quiet: quiet, watches: watches)) { [weak self] event in
            self?.apply(event)
        }
        lock.withLock { self.reloader = reloader }
    }

    deinit {
        stop()
    }

    /// Stops watching and ends every listener's stream.
    package func stop() {
        let (reloader, listeners) = lock.withLock {
            defer { self.reloader = nil; self.listeners = [:] }
            return (self.reloader, self.listeners)
        }
        reloader?.stop()
        for listener in listeners.values { listener.finish() }
    }

    /// Every pack, or the pack at `path` only.
    package func snapshot(pack path: String? = nil) -> StudioSnapshot {
        lock.withLock {
            StudioSnapshot(
                revision: currentRevision, readOnly: readOnlyReason != nil, readOnlyReason: readOnlyReason,
                phoneClasses: PlacementSlot.phoneClasses, surfaces: PreviewSurface.all, appearances: PreviewAppearance.all,
                packs: packs.values.filter { path == nil || $0.path == path }.sorted { $0.path < $1.path })
        }
    }

    /// Grows by one with every re-rendering or refused save.
    package var revision: Int {
        lock.withLock { currentRevision }
    }

    /// The changes from now on, until the studio stops or the stream is dropped.
    package func changes() -> AsyncStream<StudioChange> {
        let (stream, continuation) = AsyncStream.makeStream(of: StudioChange.self, bufferingPolicy: .bufferingNewest(64))
        let id = UUID()
        let stopped = lock.withLock {
            guard reloader != nil else { return true }
            listeners[id] = continuation
            return false
        }
        if stopped { continuation.finish() }
        continuation.onTermination = { [weak self] _ in
            _ = self?.lock.withLock { self?.listeners.removeValue(forKey: id) }
        }
        return stream
    }

    /// The active version of the pack named `name`, to present with.
    package func version(named name: String) -> PackVersion? {
        engine.version(named: name)
    }

    /// Renders the pack of `event` again, or sets its banner, and tells the listeners.
    private func apply(_ event: ReloadEvent) {
        switch event {
        case .activated(let name, let path, _, _, _, let warnings):
            guard let version = engine.version(named: name) else { return }
            render(version, path: path, warnings: warnings.map(\.description))
        case .unchanged(let name, let path, _):
            guard let version = engine.version(named: name) else { return }
            render(version, path: path, warnings: lock.withLock { packs[path]?.warnings } ?? [])
        case .rejected(let path, _, let problems, _):
            var pack = lock.withLock { packs[path] } ?? StudioPack(name: "", path: path, phases: [], cases: [], banner: [], warnings: [])
            pack.banner = problems.map(\.description)
            publish(pack)
        }
    }

    /// Renders the pack at `path` again from its active version (after a golden was written).
    func refresh(_ path: String) {
        guard let old = lock.withLock({ packs[path] }), let version = engine.version(named: old.name) else { return }
        render(version, path: path, warnings: old.warnings)
    }

    /// Publishes `version`'s cases, with its explored cases when they are known; otherwise
    /// explores it afterwards and publishes them once found (if the pack still shows it).
    private func render(_ version: PackVersion, path: String, warnings: [String]) {
        var pack = StudioPack.rendering(version, path: path)
        pack.warnings = warnings
        let known = lock.withLock { () -> [StudioCase]? in
            rendered[path] = version.hash
            return explored[path].flatMap { $0.hash == version.hash ? $0.cases : nil }
        }
        pack.cases += known ?? []
        publish(pack)
        guard known == nil else { return }
        exploring.async { [weak self] in
            guard let self, self.lock.withLock({ self.rendered[path] == version.hash }) else { return }
            let cases = StudioPack.explored(version.pack, path: path)
            let shown = self.lock.withLock { () -> StudioPack? in
                self.explored[path] = (version.hash, cases)
                guard !cases.isEmpty, self.rendered[path] == version.hash, var current = self.packs[path] else { return nil }
                current.cases += cases
                return current
            }
            if let shown { self.publish(shown) }
        }
    }

    /// Stores `pack`, bumps the revision and tells the listeners.
    private func publish(_ pack: StudioPack) {
        let (change, listeners) = lock.withLock {
            packs[pack.path] = pack
            currentRevision += 1
            return (StudioChange(revision: currentRevision, pack: pack.path), Array(self.listeners.values))
        }
        for listener in listeners { listener.yield(change) }
    }

    /// The case `id` (`meetings/countdown-middle`) of the pack at `path`, as last rendered.
    func studioCase(pack path: String, id: String) -> StudioCase? {
        lock.withLock { packs[path]?.cases.first { $0.id == id } }
    }

    /// The pack at `path`, as last rendered.
    func pack(at path: String) -> StudioPack? {
        lock.withLock { packs[path] }
    }
}

/// What the page draws: every pack (or one), the surfaces and appearances to draw them on, and a
/// revision that grows with every change.
package struct StudioSnapshot: Sendable, Encodable {
    /// Grows by one with every re-rendering or refused save.
    package var revision: Int
    /// Whether accepting and rejecting are refused (`CI` is set, or a static copy).
    package var readOnly: Bool
    /// Why, when ``readOnly``.
    package var readOnlyReason: String?
    /// The phone classes surfaces are drawn for, by screen width in points.
    package var phoneClasses: [Int]
    /// The surfaces, in the order the page draws them.
    package var surfaces: [PreviewSurface]
    /// The appearances each surface is drawn in.
    package var appearances: [PreviewAppearance]
    /// The packs, in path order.
    package var packs: [StudioPack]
}

/// A pack of the studio was rendered again or refused a save.
package struct StudioChange: Sendable, Hashable, Encodable {
    /// The studio's revision after the change.
    package var revision: Int
    /// The pack's path.
    package var pack: String
}
#endif
