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
