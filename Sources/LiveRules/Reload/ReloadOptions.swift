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
