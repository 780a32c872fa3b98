#if Studio
import HTTPTypes
import Hummingbird

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
