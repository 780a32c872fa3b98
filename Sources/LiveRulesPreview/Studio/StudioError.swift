#if Studio
import HTTPTypes

/// Why the studio refused a request: a status for HTTP and a message for the person.
package struct StudioError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, as an HTTP status code says it.
    package enum Kind: Sendable, Equatable {
        /// No such pack or case.
        case notFound
        /// Writing is not allowed here (`CI` is set, or the copy is static).
        case forbidden
        /// The case changed since the page showed it, or has nothing to accept.
        case conflict
        /// The request is malformed or ambiguous.
        case badRequest
        /// The request is addressed to another host or port than the studio's.
        case misdirected
        /// Writing or reading a file of the pack failed.
        case failed
        /// As much of this work as the studio does at once is running: try again when it ends.
        case busy
    }

    /// What went wrong.
    package var kind: Kind
    /// What to tell the person, in one line.
    package var message: String

    /// An error of `kind` saying `message`.
    package init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// The message.
    package var description: String { message }
}

extension StudioError {
    /// The HTTP status of the error.
    var status: HTTPResponse.Status {
        switch kind {
        case .notFound: .notFound
        case .forbidden: .forbidden
        case .conflict: .conflict
        case .badRequest: .badRequest
        case .misdirected: .misdirectedRequest
        case .failed: .internalServerError
        case .busy: .serviceUnavailable
        }
    }
}
#endif
