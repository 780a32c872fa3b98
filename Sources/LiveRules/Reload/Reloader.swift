import Foundation

/// Keeps a ``RuleEngine`` serving the packs in some folders as they change on disk: on a change
/// it builds the new version off to the side, checks it (compiles and sets up every rule, then
/// presents every fixture of the pack on it, or with ``ReloadOptions/requireGoldens`` runs the
/// pack's golden tests) and activates it in one swap. A version that fails any check is never
/// activated: the last good version keeps serving. ``events`` tells the host what happened.
public final class Reloader: @unchecked Sendable {
    /// The engine whose versions this reloader replaces.
    public let engine: RuleEngine
    /// How it watches and what a new version must pass.
    public let options: ReloadOptions
    /// Every reload's outcome, in order.
    public let events: AsyncStream<ReloadEvent>
    private let continuation: AsyncStream<ReloadEvent>.Continuation
    private let onEvent: (@Sendable (ReloadEvent) -> Void)?
    private let lock = NSLock()
    /// Held for a whole reload, so two reloads never race to activate (the newer build wins).
    private let reloading = NSLock()
    /// Stops the folder watcher, when there is one.
    private var stopWatching: (@Sendable () -> Void)?
    /// How messages name each pack folder, by its path.
    private var displayPaths: [String: String] = [:]

    /// Loads every pack under `roots` (a pack folder, or a folder of packs) into `engine` and
    /// starts watching them (``ReloadOptions/watchMethod``); throws ``WatchError`` when a root
    /// cannot be watched. Packs that fail to load are reported as rejected events. Besides
    /// ``events``, `onEvent` (when given) gets each event at once, on the thread that reloaded.
    public init(
        engine: RuleEngine, roots: [String], options: ReloadOptions = ReloadOptions(),
        onEvent: (@Sendable (ReloadEvent) -> Void)? = nil
    ) throws {
        self.engine = engine
        self.options = options
        self.onEvent = onEvent
        (events, continuation) = AsyncStream.makeStream(of: ReloadEvent.self)
        var folders: [URL] = []
        for root in roots {
            let rootURL = URL(fileURLWithPath: root).standardizedFileURL
            let packs = PackFinder.packs(at: rootURL)
            for pack in packs {
                let display = PackFinder.displayPath(root) + (pack == rootURL ? "" : "/" + pack.lastPathComponent)
                displayPaths[pack.standardizedFileURL.path] = display
                folders.append(pack)
            }
        }
        for folder in folders { _ = reload(folder) }
        guard options.watches else { return }
        let watcher = try FolderWatcher(roots: roots.map { URL(fileURLWithPath: $0).standardizedFileURL }, quiet: options.quiet,
                                        method: options.watchMethod) { [weak self] changed in
            for folder in changed.sorted(by: { $0.path < $1.path }) { _ = self?.reload(folder) }
        }
        stopWatching = { watcher.stop() }
    }

    deinit {
        stop()
    }

    /// Stops watching and ends ``events``.
    public func stop() {
        let stop = lock.withLock {
            defer { stopWatching = nil }
            return stopWatching
        }
        stop?()
        continuation.finish()
    }

    /// Reloads the pack in `folder` now: load, check, swap; reports and returns what happened.
    /// Messages name the folder `displayPath` (by default as the reloader's roots name it, or
    /// relative to the current directory). Reloads run one at a time.
    @discardableResult
    public func reload(_ folder: URL, displayPath: String? = nil) -> ReloadEvent {
        reloading.lock()
        defer { reloading.unlock() }
        let started = ContinuousClock.now
        let folder = folder.standardizedFileURL
        let display = displayPath ?? lock.withLock { displayPaths[folder.path] } ?? PackFinder.displayPath(of: folder)
        let event = build(folder, display: display, started: started)
        onEvent?(event)
        continuation.yield(event)
        return event
    }

    private func build(_ folder: URL, display: String, started: ContinuousClock.Instant) -> ReloadEvent {
        func elapsed() -> Double {
            (ContinuousClock.now - started).inSeconds
        }
        let pack: RulePack
        do {
            pack = try RulePack.load(from: folder, displayPath: display)
        } catch {
            return .rejected(path: display, hash: nil, problems: error.diagnostics, seconds: elapsed())
        }
        let previous = engine.version(named: pack.manifest.name)
        if previous?.hash == pack.contentHash {
            return .unchanged(pack: pack.manifest.name, path: display, hash: pack.contentHash)
        }
        let version: PackVersion
        do {
            version = try engine.prepare(pack)
        } catch {
            return .rejected(path: display, hash: pack.contentHash, problems: error.diagnostics(inputFile: display), seconds: elapsed())
        }
        if let problems = problems(of: pack, on: version) {
            return .rejected(path: display, hash: pack.contentHash, problems: problems, seconds: elapsed())
        }
        let replaced = engine.activate(version)
        let warnings = replaced.map { pack.schemaDiagnostics(since: $0.pack.manifest, breakingIsError: false) } ?? []
        return .activated(pack: pack.manifest.name, path: display, hash: pack.contentHash,
                          previousHash: replaced?.hash, seconds: elapsed(), warnings: warnings)
    }
}

extension Reloader {
    /// Why `version` of `pack` must not be activated, or nil when it may: with
    /// ``ReloadOptions/requireGoldens``, every golden test that fails; otherwise every fixture
    /// that does not match the schema and every rule or output error a fixture hits, naming the
    /// file, the line and the fixtures. A file that leads outside the pack fails either way.
    private func problems(of pack: RulePack, on version: PackVersion) -> [Diagnostic]? {
        guard options.requireGoldens else {
            do {
                let sweep = try FixtureSweep(pack) { fixture throws(PresentationError) in try version.present(fixture) }
                return sweep.diagnostics.isEmpty ? nil : sweep.diagnostics
            } catch {
                return error.diagnostics
            }
        }
        let suite = GoldenSuite.discover(pack: pack.folder)
        guard suite.refused.isEmpty else { return suite.refused }
        let groups = GoldenRunner(workers: 1).run(suite.cases, packs: [pack.directory: pack]).groupedByProblem()
        guard !groups.isEmpty else { return nil }
        return groups.flatMap { group -> [Diagnostic] in
            // One mistake that fails many fixtures alike is reported once, naming them.
            if let diagnostics = group[0].outcome.problems, group.count > 1 {
                return diagnostics.map { FixtureSweep.merged($0, presenting: group.map { $0.testCase.name + ".json" }) }
            }
            return [Diagnostic(file: group[0].testCase.fixturePath, message: "golden test fails: "
                + (group[0].problems.first ?? "the presentation differs from its golden"))]
        }
    }
}
