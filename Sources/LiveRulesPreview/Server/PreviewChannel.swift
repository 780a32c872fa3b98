#if Studio
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1

/// Hummingbird's HTTP/1 child channel with a ``RequestMarker`` between the HTTP/1 decoder
/// and Hummingbird's codec, where the request target is still as the client sent it.
struct PreviewChannel: ServerChildChannel {
    let http1: HTTP1Channel

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<HTTP1Channel.Value> {
        http1.setup(channel: channel, logger: logger).flatMapThrowing { value in
            let decoder = try channel.pipeline.syncOperations.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
            try channel.pipeline.syncOperations.addHandler(RequestMarker(), position: .after(decoder))
            return value
        }
    }

    func handle(value: HTTP1Channel.Value, logger: Logger) async {
        await http1.handle(value: value, logger: logger)
    }

    /// The builder an `Application` takes.
    static var builder: HTTPServerBuilder {
        HTTPServerBuilder { responder in PreviewChannel(http1: HTTP1Channel(responder: responder)) }
    }
}
#endif
