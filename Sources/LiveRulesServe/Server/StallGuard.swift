#if Service
import NIOCore

/// Closes a connection on which nothing was read and no write completed for the stall time of
/// the `IdleStateHandler` before it: a client that stopped reading its answer (a batch's stream
/// waits on it, holding its place of ``Admission``) or that sends nothing. Closing it fails the
/// waiting write, which ends the batch.
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
