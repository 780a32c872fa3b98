import Foundation
import Lua

/// The object an app or server shares across threads and tasks: the active version of each
/// pack, each with a pool of sandboxed states (one per core by default). `present` may be
/// called concurrently; ``activate(_:)`` swaps one pack's version atomically.
public final class RuleEngine: @unchecked Sendable {
    /// The budgets of every state.
    public let limits: LuaLimits
    /// States per pack version: how many presentations of one pack run at once.
    public let statesPerVersion: Int
    private let lock = NSLock()
    private var active: [String: PackVersion] = [:]

    /// The release of the Lua library the rules run on, as it names itself (`Lua 5.4.6`).
    public static var luaRelease: String { LuaState.release }

    /// An engine with no packs whose states have the budgets `limits` (serving by default: no
    /// instruction counting, a deadline; see `LuaBudgetMode`), with up to
    /// `statesPerVersion` states (at least 1) per pack version, made as concurrent
    /// presentations need them.
    public init(limits: LuaLimits = .serving(), statesPerVersion: Int = ProcessInfo.processInfo.activeProcessorCount) {
        self.limits = limits
        self.statesPerVersion = max(1, statesPerVersion)
    }

    /// Checks `pack` and returns it as a version ready to activate; nothing changes yet. Throws
    /// when a rule file fails to run or does not return a function.
    public func prepare(_ pack: RulePack) throws(PresentationError) -> PackVersion {
        try PackVersion(pack: pack, limits: limits, states: statesPerVersion)
    }

    /// Makes `version` the one its pack's presentations start on; returns the one it replaced.
    @discardableResult
    public func activate(_ version: PackVersion) -> PackVersion? {
        lock.withLock {
            let previous = active[version.name]
            active[version.name] = version
            return previous
        }
    }

    /// Loads the pack in `directory`, checks it and activates it; returns the new version.
    /// Throws ``DiagnosticError`` when the pack does not load and ``PresentationError`` when it
    /// does not check; the active version is then unchanged. `displayPath` names the folder in
    /// messages.
    @discardableResult
    public func load(_ directory: URL, displayPath: String? = nil) throws -> PackVersion {
        let version = try prepare(RulePack.load(from: directory, displayPath: displayPath))
        activate(version)
        return version
    }

    /// The active version of the pack named `name`, or `nil` when none is active.
    public func version(named name: String) -> PackVersion? {
        lock.withLock { active[name] }
    }

    /// The names of the packs with an active version, sorted.
    public var packNames: [String] {
        lock.withLock { active.keys.sorted() }
    }

    /// Presents `attributes` and `state` at `now` with the active version of pack `name`; the
    /// presentation finishes on that version whatever is activated meanwhile. `previousPhase` is
    /// the phase of the update before, for alerts. Throws ``PresentationError`` when no version
    /// of `name` is active, the inputs do not match the schema, or a rule fails.
    public func present<Attributes: Encodable, State: Encodable>(
        _ name: String, attributes: Attributes, state: State, now: Date, previousPhase: String? = nil
    ) throws(PresentationError) -> Presentation {
        try presentReportingVersion(name, attributes: attributes, state: state, now: now, previousPhase: previousPhase).presentation
    }

    /// As ``present(_:attributes:state:now:previousPhase:)``, also naming the version that made it.
    public func presentReportingVersion<Attributes: Encodable, State: Encodable>(
        _ name: String, attributes: Attributes, state: State, now: Date, previousPhase: String? = nil
    ) throws(PresentationError) -> (presentation: Presentation, version: PackVersion) {
        guard let version = version(named: name) else { throw .unknownPack(name: name, known: packNames) }
        let presentation = try version.pool.withPresenter { presenter throws(PresentationError) in
            try presenter.present(attributes: attributes, state: state, now: now, previousPhase: previousPhase)
        }
        return (presentation, version)
    }
}
