#if Studio || Service
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1

/// Hummingbird's HTTP/1 child channel with a server's own handlers right after the HTTP/1
/// decoder, where a request is still as the client sent it, and, when a stall time is set, a
/// ``StallGuard`` first that closes a connection on which nothing moved for that long.
package struct HTTPChannel: ServerChildChannel {
    /// How a server's connections are set up.
    package struct Options: Sendable {
        /// How long Hummingbird keeps a connection with no request in progress open; nil: forever.
        package var idleTimeout: TimeAmount?
        /// How long a connection may go without a read or a completed write before it is
        /// closed; nil: forever.
        package var stall: TimeAmount?
        /// Whether a connection's requests are answered on its event loop (``LoopExecutor``)
        /// rather than on Swift's pool: no thread is woken to answer, so the handlers must never
        /// block for long.
        package var onLoop: Bool
        /// The handlers for each new connection, put after the HTTP/1 decoder in this order.
        package var afterDecoder: @Sendable () -> [any ChannelHandler]

        /// Options with the given timeouts and handlers; by default none, answered on Swift's pool.
        package init(
            idleTimeout: TimeAmount? = nil, stall: TimeAmount? = nil, onLoop: Bool = false,
            afterDecoder: @escaping @Sendable () -> [any ChannelHandler] = { [] }
        ) {
            self.idleTimeout = idleTimeout
            self.stall = stall
            self.onLoop = onLoop
            self.afterDecoder = afterDecoder
        }
    }

    let http1: HTTP1Channel
    let options: Options

    package func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<HTTP1Channel.Value> {
        http1.setup(channel: channel, logger: logger).flatMapThrowing { [options] value in
            let pipeline = channel.pipeline.syncOperations
            var previous: any ChannelHandler = try pipeline.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
            for handler in options.afterDecoder() {
                try pipeline.addHandler(handler, position: .after(previous))
                previous = handler
            }
            if let stall = options.stall {
                let idle = IdleStateHandler(allTimeout: stall)
                try pipeline.addHandler(idle, position: .first)
                try pipeline.addHandler(StallGuard(), position: .after(idle))
            }
            return value
        }
    }

    package func handle(value: HTTP1Channel.Value, logger: Logger) async {
        guard options.onLoop else { return await http1.handle(value: value, logger: logger) }
        await withTaskExecutorPreference(LoopExecutor(value.channel.eventLoop)) {
            await http1.handle(value: value, logger: logger)
        }
    }

    /// The builder an `Application` takes, for channels set up as `options` say.
    static func builder(_ options: Options) -> HTTPServerBuilder {
        HTTPServerBuilder { responder in
            HTTPChannel(http1: HTTP1Channel(responder: responder, configuration: .init(idleTimeout: options.idleTimeout)), options: options)
        }
    }
}

/// Closes a connection on which nothing was read and no write completed for the stall time of
/// the `IdleStateHandler` before it: a client that stopped reading its answer (a stream waiting
/// on it holds its place) or that sends nothing. Closing it fails the waiting write, which ends
/// the stream.
final class StallGuard: ChannelInboundHandler, Sendable {
    typealias InboundIn = NIOAny

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let idle = event as? IdleStateHandler.IdleStateEvent, idle == .all {
            context.close(promise: nil)
            return
        }
        context.fireUserInboundEventTriggered(event)
    }
}
#endif
