#if Service
import Foundation
import NIOCore

extension ServeServer {
    /// What to tell the operator when the server could not start or stopped with `error`: the
    /// cause in their terms, never the error's own text.
    package func failure(_ error: any Error) -> String {
        let address = "\(host.contains(":") ? "[\(host)]" : host):\(port)"
        switch error {
        case let error as IOError where error.errnoCode == EADDRINUSE:
            return "port \(port) is in use; pass --port N, or --port 0 for any free port"
        case let error as IOError where error.errnoCode == EACCES:
            return "cannot listen on port \(port): permission denied (ports below 1024 need privileges)"
        case let error as IOError where error.errnoCode == EADDRNOTAVAIL:
            return "cannot listen on \(host): it is not an address of this machine"
        case let error as IOError:
            return "cannot serve on \(address): \(String(cString: strerror(error.errnoCode)))"
        case is SocketAddressError:
            return "cannot listen on \(host): no such address"
        default:
            return "the server on \(address) stopped unexpectedly"
        }
    }
}
#endif
