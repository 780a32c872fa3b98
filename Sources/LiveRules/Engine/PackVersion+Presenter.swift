extension PackVersion {
    /// `body`'s result with one of this version's presenters that no other thread is using,
    /// waiting for one when all are busy: for work on one input that needs the presenter itself
    /// (``PushBatch/payload(for:presenter:)``). Throws when a presenter cannot be set up.
    package func withPresenter<T>(_ body: (Presenter) throws(PresentationError) -> T) throws(PresentationError) -> T {
        try pool.withPresenter(body)
    }
}
