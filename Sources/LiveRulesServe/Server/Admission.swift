#if Service
import Foundation
import LiveRulesHTTP

/// The places for requests to `/v1`: at most `width` answered at once; one more is refused at
/// once with ``ServeError/Kind/overloaded`` (never queued). Safe to use from any thread.
final class Admission: Sendable {
    /// A place taken, given back by ``release()`` or at the latest when the ticket is released:
    /// whatever way the request ends (answered, its stream done, its client gone), its place is
    /// freed.
    final class Ticket: @unchecked Sendable {
        private let admission: Admission
        private let lock = NSLock()
        private var held = true

        fileprivate init(_ admission: Admission) {
            self.admission = admission
        }

        deinit {
            release()
        }

        /// Gives the place back (once; later calls do nothing).
        func release() {
            let wasHeld = lock.withLock {
                defer { held = false }
                return held
            }
            if wasHeld { admission.leave() }
        }
    }

    /// The places of the requests.
    private let places: Places

    /// Places for `width` requests.
    init(width: Int) {
        places = Places(width: width)
    }

    /// Requests being answered.
    var inFlight: Int {
        places.inUse
    }

    /// A place, or ``ServeError/Kind/overloaded`` when none is free.
    func enter() throws(ServeError) -> Ticket {
        guard places.take() else {
            throw ServeError(.overloaded, about: "liverules serve", "\(places.width) requests are being answered already (--max-concurrent): try again shortly")
        }
        return Ticket(self)
    }

    private func leave() {
        places.give()
    }
}
#endif
