#if Studio || Service
import NIOCore
import NIOHTTP1

/// Answers a request head carrying `Expect: 100-continue` with `100 Continue` at once, so that a
/// client waiting for it before it sends its body (curl does, for large uploads) does not wait
/// out its own delay first. The request goes on unchanged; a refusal (413 for its length, 404)
/// follows as the final answer, which HTTP allows. For ``HTTPChannel/Options/afterDecoder``.
package final class ContinueAnswer: ChannelInboundHandler, RemovableChannelHandler {
    package typealias InboundIn = HTTPServerRequestPart
    package typealias InboundOut = HTTPServerRequestPart
    package typealias OutboundOut = HTTPServerResponsePart

    /// A handler for one connection.
    package init() {}

    package func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .head(let head) = unwrapInboundIn(data), head.version == .http1_1,
           head.headers["Expect"].contains(where: { $0.lowercased() == "100-continue" }) {
            context.writeAndFlush(wrapOutboundOut(.head(HTTPResponseHead(version: head.version, status: .continue))), promise: nil)
        }
        context.fireChannelRead(data)
    }
}
#endif
