#if Studio || Service
import Hummingbird

/// The servers' request context: Hummingbird's, and the port the connection came in on (the
/// studio's guard refuses a `Host` that names another).
package struct HTTPRequestContext: RequestContext {
    package var coreContext: CoreRequestContextStorage
    /// The port the server accepted the connection on.
    package let localPort: Int?

    package init(source: ApplicationRequestContextSource) {
        coreContext = CoreRequestContextStorage(source: source)
        localPort = source.channel.localAddress?.port
    }
}
#endif
