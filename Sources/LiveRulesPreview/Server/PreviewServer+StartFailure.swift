#if Studio
import Foundation
import NIOCore

extension PreviewServer {
    /// What to tell the person when the server could not start or stopped with `error`: the
    /// cause in their terms (`port 4747 is in use (another studio?); pass --port N, …`), never the error's own text.
    package func failure(_ error: any Error) -> String {
        let address = "\(host.contains(":") ? "[\(host)]" : host):\(port)"
        switch error {
        case let error as IOError where error.errnoCode == EADDRINUSE:
            return "port \(port) is in use (another studio?); pass --port N, or --port 0 for any free port"
        case let error as IOError where error.errnoCode == EACCES:
            return "cannot listen on port \(port): permission denied (ports below 1024 need privileges): pass --port 4747"
        case let error as IOError where error.errnoCode == EADDRNOTAVAIL:
            return "cannot listen on \(host): it is not an address of this machine: pass --host 127.0.0.1"
        case let error as IOError:
            return "cannot serve on \(address): \(String(cString: strerror(error.errnoCode)))"
        case is SocketAddressError:
            return "cannot listen on \(host): no such address: pass --host 127.0.0.1"
        default:
            return "the server on \(address) stopped unexpectedly"
        }
    }
}
#endif
