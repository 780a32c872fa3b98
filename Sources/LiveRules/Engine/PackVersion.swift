import Lua

/// One immutable, checked version of a pack and the presenters that serve it. A version stays
/// alive while any presentation that started on it runs, so in-flight work finishes on the
/// version it started with even after a newer one is active.
public final class PackVersion: Sendable {
    /// The loaded pack this version presents.
    public let pack: RulePack
    let pool: PresenterPool

    /// Checks `pack` by setting it up in a presenter (every rule runs its file and returns a
    /// function); that presenter is the first of the version's pool.
    init(pack: RulePack, limits: LuaLimits, states: Int) throws(PresentationError) {
        self.pack = pack
        let first = try Presenter(pack: pack, limits: limits)
        pool = PresenterPool(first: first, capacity: states) { () throws(PresentationError) in
            try Presenter(pack: pack, limits: limits)
        }
    }

    /// The pack's name in its manifest.
    public var name: String { pack.manifest.name }
    /// The content hash naming this version.
    public var hash: String { pack.contentHash }

    /// Presents a fixture on this version, waiting for an idle state when all are busy; throws
    /// when a state cannot be set up or the rules fail on the fixture.
    public func present(_ fixture: Fixture) throws(PresentationError) -> Presentation {
        try pool.withPresenter { presenter throws(PresentationError) in try presenter.present(fixture) }
    }
}

// MARK: - Presenter

extension PackVersion {
    /// `body`'s result with one of this version's presenters that no other thread is using,
    /// waiting for one when all are busy: for work on one input that needs the presenter itself
    /// (``PushBatch/payload(for:presenter:)``). Throws when a presenter cannot be set up.
    package func withPresenter<T>(_ body: (Presenter) throws(PresentationError) -> T) throws(PresentationError) -> T {
        try pool.withPresenter(body)
    }

    /// What ``withIdlePresenter(deadline:_:)`` came to.
    package enum Attempt<T> {
        /// `body` ran within the deadline: its result.
        case done(T)
        /// Every presenter was busy: `body` did not run.
        case busy
        /// A call of `body`'s overstayed the deadline: its result is the deadline's doing, not the
        /// rules', and is dropped.
        case overstayed

        /// The attempt with `transform` applied to its result when it is done.
        package func map<U, E: Error>(_ transform: (T) throws(E) -> U) throws(E) -> Attempt<U> {
            switch self {
            case .done(let result): .done(try transform(result))
            case .busy: .busy
            case .overstayed: .overstayed
            }
        }
    }

    /// `body`'s result with an idle presenter whose calls run under `deadline` (shorter than the
    /// state's own); ``Attempt/busy`` at once when every presenter is busy. For a caller that
    /// must not wait, such as a server's event loop, which does the work again where it may
    /// wait when the attempt did not finish it: rules are pure, so the second run is the first
    /// one finished.
    package func withIdlePresenter<T>(deadline: Duration, _ body: (Presenter) throws(PresentationError) -> T) -> Attempt<Result<T, PresentationError>> {
        let attempt = pool.withIdlePresenter { presenter -> Attempt<Result<T, PresentationError>> in
            let result = presenter.lua.withDeadline(deadline) { Result { () throws(PresentationError) in try body(presenter) } }
            return presenter.lua.lastCallOverstayed ? .overstayed : .done(result)
        }
        return attempt ?? .busy
    }
}

extension PackVersion.Attempt: Sendable where T: Sendable {}
