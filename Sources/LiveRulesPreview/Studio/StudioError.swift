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
        /// The request is malformed.
        case badRequest
        /// Writing or reading a file of the pack failed.
        case failed
    }

    package var kind: Kind
    package var message: String

    package init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    package var description: String { message }
}
