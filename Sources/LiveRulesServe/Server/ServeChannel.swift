#if Service
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1

/// Hummingbird's HTTP/1 child channel with a ``ContinueAnswer`` after the HTTP/1 decoder, and a
/// ``StallGuard`` first, closing the connection after `stall` without a read or a completed write.
struct ServeChannel: ServerChildChannel {
    let http1: HTTP1Channel
    let stall: TimeAmount

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<HTTP1Channel.Value> {
        http1.setup(channel: channel, logger: logger).flatMapThrowing { [stall] value in
            let pipeline = channel.pipeline.syncOperations
            let decoder = try pipeline.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
            try pipeline.addHandler(ContinueAnswer(), position: .after(decoder))
            let idle = IdleStateHandler(allTimeout: stall)
            try pipeline.addHandler(idle, position: .first)
            try pipeline.addHandler(StallGuard(), position: .after(idle))
            return value
        }
    }

    func handle(value: HTTP1Channel.Value, logger: Logger) async {
        await http1.handle(value: value, logger: logger)
    }

    /// The builder an `Application` takes, for HTTP/1 channels configured by `configuration`,
    /// closed after `stall`.
    static func builder(_ configuration: HTTP1Channel.Configuration, stall: TimeAmount) -> HTTPServerBuilder {
        HTTPServerBuilder { responder in
            ServeChannel(http1: HTTP1Channel(responder: responder, configuration: configuration), stall: stall)
        }
    }
}
#endif
