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
