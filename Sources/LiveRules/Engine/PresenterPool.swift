import Foundation

/// The presenters of one pack version, each used by one thread at a time. The pool makes up to
/// `capacity` of them, the first when the version is checked; a caller that finds none idle
/// waits for one to come back. A thread gets back the idle presenter it used last when there is
/// one, so that a state stays in the cache of the core its thread runs on (a server's event
/// loops each keep theirs: measured 9 points of `serve`'s throughput in `Benchmarks/README.md`).
final class PresenterPool: @unchecked Sendable {
    /// An idle presenter and the thread that used it last.
    private struct Idle {
        let presenter: Presenter
        let lastUser: pthread_t?
    }

    let capacity: Int
    private let make: @Sendable () throws(PresentationError) -> Presenter
    private let condition = NSCondition()
    private var idle: [Idle]
    private var made: Int

    init(first: Presenter, capacity: Int, make: @escaping @Sendable () throws(PresentationError) -> Presenter) {
        self.capacity = max(1, capacity)
        self.make = make
        idle = [Idle(presenter: first, lastUser: nil)]
        made = 1
    }

    /// Runs `body` with a presenter no other thread is using.
    func withPresenter<T>(_ body: (Presenter) throws(PresentationError) -> T) throws(PresentationError) -> T {
        let presenter = try acquire()
        defer { release(presenter) }
        return try body(presenter)
    }

    /// Runs `body` with an idle presenter; nil at once, `body` not run, when none is idle (none
    /// is made here: making one sets the pack up, which a caller that must not wait leaves to
    /// ``withPresenter(_:)``).
    func withIdlePresenter<T>(_ body: (Presenter) -> T) -> T? {
        let presenter: Presenter? = condition.withLock { takeIdle() }
        guard let presenter else { return nil }
        defer { release(presenter) }
        return body(presenter)
    }

    private func acquire() throws(PresentationError) -> Presenter {
        condition.lock()
        while idle.isEmpty && made >= capacity { condition.wait() }
        if let presenter = takeIdle() {
            condition.unlock()
            return presenter
        }
        made += 1
        condition.unlock()
        do {
            return try make()
        } catch {
            condition.lock()
            made -= 1
            condition.signal()
            condition.unlock()
            throw error
        }
    }

    /// The idle presenter the calling thread used last, else the one idle the shortest time;
    /// nil when none is idle. Called with the lock held.
    private func takeIdle() -> Presenter? {
        guard !idle.isEmpty else { return nil }
        let thread = pthread_self()
        let index = idle.lastIndex { $0.lastUser.map { pthread_equal($0, thread) != 0 } ?? false } ?? idle.count - 1
        return idle.remove(at: index).presenter
    }

    /// Gives `presenter` back, used last by the calling thread.
    private func release(_ presenter: Presenter) {
        let thread = pthread_self()
        condition.lock()
        idle.append(Idle(presenter: presenter, lastUser: thread))
        condition.signal()
        condition.unlock()
    }
}
