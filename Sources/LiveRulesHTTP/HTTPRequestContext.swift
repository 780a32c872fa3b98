#if Studio || Service
import Hummingbird
import NIOCore

/// The servers' request context: Hummingbird's, and the port the connection came in on (the
/// studio's guard refuses a `Host` that names another).
package struct HTTPRequestContext: RequestContext {
    package var coreContext: CoreRequestContextStorage
    /// The port the server accepted the connection on.
    package let localPort: Int?
    /// The event loop of the connection: where its reads, writes and timers run.
    package let eventLoop: any EventLoop

    package init(source: ApplicationRequestContextSource) {
        coreContext = CoreRequestContextStorage(source: source)
        localPort = source.channel.localAddress?.port
        eventLoop = source.channel.eventLoop
    }
}
#endif
