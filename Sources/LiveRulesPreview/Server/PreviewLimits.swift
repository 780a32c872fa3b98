#if Studio
/// The bounds of the studio's work: how much one request may cost, and how many expensive
/// requests run at once. A request over a count is refused at once with 503 and a message
/// (never queued); each bounded job runs on a thread of its own (``PreviewLane``).
package enum PreviewLimits {
    /// Timelines stepped through at once, per studio.
    package static let timelines = 1
    /// Golden decisions (accept, reject: each presents the case and renders its pack again) at once.
    package static let decisions = 1
    /// `/api/studio` answers encoded at once (the data of the bundled packs is about 1 MB).
    package static let snapshots = 4
    /// Event streams open at once (one per open page).
    package static let eventStreams = 16
    /// The most updates one timeline answer holds (each carries a whole presentation): past
    /// that, the timeline stops and says so.
    package static let timelineUpdates = 2_000
    /// How long one timeline may step before it stops and answers with what it has: a far
    /// backstop (the whole range of 20,000 steps of the bundled packs takes about 10 s here);
    /// each presentation is bounded by its counted budgets.
    package static let timelineTime: Duration = .seconds(60)
    /// The largest request body read, in bytes.
    package static let body = 64 * 1024
}
#endif
