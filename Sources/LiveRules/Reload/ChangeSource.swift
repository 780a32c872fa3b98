import Foundation

/// What ended a ``ChangeSource/wait(timeout:)``.
enum ChangeWake {
    /// Changes may be ready: call ``ChangeSource/changedPacks()``.
    case events
    case timeout
    /// ``ChangeSource/wake()`` was called (or the source broke): the watcher stops.
    case woken
}

/// What a ``FolderWatcher``'s thread waits on and reads changes from: inotify or polling.
/// `wake()` may be called from any thread; everything else belongs to the watcher's thread.
protocol ChangeSource: AnyObject, Sendable {
    /// Blocks until changes may be ready, `timeout` passed (nil waits without limit), or
    /// `wake()` was called; once woken, every later wait returns `.woken` at once.
    func wait(timeout: Duration?) -> ChangeWake
    /// The packs changed since the last call, as standardized directory URLs.
    func changedPacks() -> Set<URL>
    /// Makes the current or next `wait` return `.woken`.
    func wake()
    /// Releases what the source holds; called once, when the watcher's thread ends.
    func close()
}
