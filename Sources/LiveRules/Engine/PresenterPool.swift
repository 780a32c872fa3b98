import Foundation

/// The presenters of one pack version, each used by one thread at a time. The pool makes up to
/// `capacity` of them, the first when the version is checked; a caller that finds none idle
/// waits for one to come back.
final class PresenterPool: @unchecked Sendable {
    let capacity: Int
    private let make: @Sendable () throws(PresentationError) -> Presenter
    private let condition = NSCondition()
    private var idle: [Presenter]
    private var made: Int

    init(first: Presenter, capacity: Int, make: @escaping @Sendable () throws(PresentationError) -> Presenter) {
        self.capacity = max(1, capacity)
        self.make = make
        idle = [first]
        made = 1
    }

    /// Runs `body` with a presenter no other thread is using.
    func withPresenter<T>(_ body: (Presenter) throws(PresentationError) -> T) throws(PresentationError) -> T {
        let presenter = try acquire()
        defer { release(presenter) }
        return try body(presenter)
    }

    private func acquire() throws(PresentationError) -> Presenter {
        condition.lock()
        while idle.isEmpty && made >= capacity { condition.wait() }
        if let presenter = idle.popLast() {
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

    private func release(_ presenter: Presenter) {
        condition.lock()
        idle.append(presenter)
        condition.signal()
        condition.unlock()
    }
}
