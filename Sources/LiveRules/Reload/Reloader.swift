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

// MARK: - ReloadOptions

/// How a ``Reloader`` decides.
public struct ReloadOptions: Sendable {
    /// How long no file event must arrive before a batch of changes is reloaded (editors write
    /// several files, or a temp file and a rename).
    public var quiet: Duration
    /// Whether a new version must pass its pack's golden tests to be activated. Without it, a
    /// new version must present every fixture of its pack without an input, rule or output
    /// error (whatever the presentations are).
    public var requireGoldens: Bool
    /// Whether to watch the folders; without it the host calls ``Reloader/reload(_:displayPath:)`` itself.
    public var watches: Bool
    /// How changes are noticed: ``WatchMethod/automatic`` (inotify on Linux, polling every
    /// 250 ms elsewhere), ``WatchMethod/inotify`` (Linux only) or ``WatchMethod/polling(interval:)``.
    public var watchMethod: WatchMethod

    /// Options for a ``Reloader``; the defaults watch with ``WatchMethod/automatic``, reload 50 ms
    /// after the last change, and do not require goldens.
    public init(
        quiet: Duration = .milliseconds(50), requireGoldens: Bool = false, watches: Bool = true,
        watchMethod: WatchMethod = .automatic
    ) {
        self.quiet = quiet
        self.requireGoldens = requireGoldens
        self.watches = watches
        self.watchMethod = watchMethod
    }
}

// MARK: - WatchMethod

/// How a ``Reloader`` notices changes on disk.
public enum WatchMethod: Sendable, Hashable {
    /// inotify on Linux, ``polling(interval:)`` at ``defaultPollingInterval`` elsewhere.
    case automatic
    /// The kernel reports each change as it happens: a change is seen at once and an idle
    /// watcher costs nothing. Linux only; elsewhere starting a watcher with it throws.
    case inotify
    /// Scans the watched folders every `interval` (a snapshot of every entry's path, size,
    /// modification time and file identity) and compares it with the last one: a change is
    /// seen within `interval`, and each scan reads the metadata of every entry under the roots.
    case polling(interval: Duration = WatchMethod.defaultPollingInterval)

    /// The polling interval ``automatic`` uses off Linux: 250 ms.
    public static let defaultPollingInterval: Duration = .milliseconds(250)

    /// What ``automatic`` means on this system; other methods are themselves.
    public var resolved: WatchMethod {
        guard self == .automatic else { return self }
        #if os(Linux)
        return .inotify
        #else
        return .polling(interval: Self.defaultPollingInterval)
        #endif
    }
}

// MARK: - WatchError

/// Why a ``Reloader`` could not watch its folders: a root that is missing, not a folder or unreadable,
/// or a watch method this system lacks. Described as `cannot watch <path>: <reason>`.
public struct WatchError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The root (or roots, comma-separated) that cannot be watched.
    public var path: String
    /// What went wrong, as the system words it (`No such file or directory`).
    public var reason: String

    /// The failure to watch `path`, for `reason`.
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "cannot watch \(path): \(reason)" }
}
