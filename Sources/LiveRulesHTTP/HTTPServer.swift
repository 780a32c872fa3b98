#if Studio || Service
import Foundation
import Hummingbird
import Logging
import NIOCore

/// What the studio's and the service's HTTP servers share: the address they listen on, how an
/// `Application` over a router is started there, and what a person is told when it cannot start.
package struct HTTPServer: Sendable {
    /// What a start failure advises beyond its cause, where a server has advice to give.
    package struct Advice: Sendable {
        /// Who may hold a port in use, said after `port N is in use` (` (another studio?)`), or empty.
        package var holder = ""
        /// The port to suggest when the one asked for needs privileges.
        package var port: Int?
        /// The host to suggest when the one asked for cannot be listened on.
        package var host: String?

        /// `holder`, `port` and `host` as given; by default no advice.
        package init(holder: String = "", port: Int? = nil, host: String? = nil) {
            self.holder = holder
            self.port = port
            self.host = host
        }
    }

    /// The `Server` field of every answer.
    package static let serverName = "liverules"

    /// The address to listen on.
    package let host: String
    /// The port; 0 takes any free port.
    package let port: Int
    /// The server's name in its logger's label (`liverules.NAME`).
    package let name: String
    /// What a start failure advises.
    package let advice: Advice

    /// A server named `name` on `host`:`port`, whose start failures give `advice`.
    package init(host: String, port: Int, name: String, advice: Advice = Advice()) {
        self.host = host
        self.port = port
        self.name = name
        self.advice = advice
    }

    /// Whether the server listens on the loopback interface only.
    package var isLoopback: Bool { ["127.0.0.1", "::1", "localhost"].contains(host) }

    /// Where a person reaches the server once it listens on `port`: `http://HOST:PORT/`, an IPv6
    /// address in brackets.
    package func url(port: Int) -> String {
        "http://\(host.contains(":") ? "[\(host)]" : host):\(port)/"
    }

    /// Runs `serve` to its end from a command's synchronous `run`, blocking the calling thread
    /// meanwhile; the error it stopped with, or nil.
    package static func untilStopped(_ serve: @escaping @Sendable () async throws -> Void) -> (any Error)? {
        final class Outcome: @unchecked Sendable {
            var error: (any Error)?
        }
        let outcome = Outcome(), stopped = DispatchSemaphore(value: 0)
        Task {
            do { try await serve() } catch { outcome.error = error }
            stopped.signal()
        }
        stopped.wait()
        return outcome.error
    }

    /// The application answering with `router`'s routes on connections set up as `channel`
    /// says, logging warnings and worse; `onRunning` gets the port it listens on.
    package func application(
        router: Router<HTTPRequestContext>, channel: HTTPChannel.Options, onRunning: @escaping @Sendable (Int) async -> Void
    ) -> some ApplicationProtocol {
        var logger = Logger(label: "liverules.\(name)")
        logger.logLevel = .warning
        let port = port
        return Application(
            router: router,
            server: HTTPChannel.builder(channel),
            configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: Self.serverName),
            onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? port) },
            logger: logger)
    }

    /// What to tell the person when the server could not start or stopped with `error`: the
    /// cause in their terms (`port 4747 is in use; pass --port N, …`) with the advice, never the
    /// error's own text.
    package func failure(_ error: any Error) -> String {
        let address = "\(host.contains(":") ? "[\(host)]" : host):\(port)"
        let portAdvice = advice.port.map { ": pass --port \($0)" } ?? ""
        let hostAdvice = advice.host.map { ": pass --host \($0)" } ?? ""
        switch error {
        case let error as IOError where error.errnoCode == EADDRINUSE:
            return "port \(port) is in use\(advice.holder); pass --port N, or --port 0 for any free port"
        case let error as IOError where error.errnoCode == EACCES:
            return "cannot listen on port \(port): permission denied (ports below 1024 need privileges)\(portAdvice)"
        case let error as IOError where error.errnoCode == EADDRNOTAVAIL:
            return "cannot listen on \(host): it is not an address of this machine\(hostAdvice)"
        case let error as IOError:
            return "cannot serve on \(address): \(String(cString: strerror(error.errnoCode)))"
        case is SocketAddressError:
            return "cannot listen on \(host): no such address\(hostAdvice)"
        default:
            return "the server on \(address) stopped unexpectedly"
        }
    }
}
#endif
