#if Studio
import Hummingbird

/// The studio's request context: Hummingbird's, and the port the connection came in on (a
/// `Host` that names a port must name this one).
struct PreviewRequestContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    /// The port the server accepted the connection on.
    let localPort: Int?

    init(source: ApplicationRequestContextSource) {
        coreContext = CoreRequestContextStorage(source: source)
        localPort = source.channel.localAddress?.port
    }
}
#endif
