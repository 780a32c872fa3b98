#if Studio
import NIOCore
import NIOHTTP1

/// Sits between the HTTP/1 decoder and Hummingbird's codec and marks, for ``PreviewGuard`` to
/// refuse, what the guard could not see once Hummingbird has read a request:
/// - a request target that is not a path: the absolute form (`GET http://elsewhere/`) names a
///   host that takes precedence over `Host`, but Hummingbird keeps only its path; the other
///   forms are for proxies (`CONNECT host:port`) and `OPTIONS *`;
/// - bytes between two requests that are not HTTP/1.1 (conflicting lengths, a folded header…):
///   the decoder fails, and Hummingbird would close the connection with an empty 400.
///
/// A marked request is a `GET *` with the reason in the ``header`` field (a client's own field of
/// that name is removed) that closes the connection; it reaches the guard in its turn, so the
/// answers on a connection stay in order. After a decoding failure nothing else is read. (The
/// decoder tells NIO's encoder of a `CONNECT`, which then sends its answer without a body.)
final class RequestMarker: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart

    /// The field that carries why a request is refused.
    static let header = "LiveRules-Refusal"
    /// Inside a request: after its head, before its end.
    private var inRequest = false
    private var failed = false

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !failed else { return }
        switch unwrapInboundIn(data) {
        case .head(var head):
            inRequest = true
            head.headers.remove(name: Self.header)
            if !head.uri.hasPrefix("/") {
                head.headers.add(name: Self.header, value: "the request target must be a path such as /api/studio: this server is not a proxy")
                head.headers.replaceOrAdd(name: "Connection", value: "close")
                head.method = .GET
                head.uri = "*"
            }
            context.fireChannelRead(wrapInboundOut(.head(head)))
        case .body:
            context.fireChannelRead(data)
        case .end:
            inRequest = false
            context.fireChannelRead(data)
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard !failed else { return }
        guard let error = error as? HTTPParserError, !inRequest else {
            context.fireErrorCaught(error)
            return
        }
        failed = true
        let reason = switch error {
        case .unknown, .invalidInternalState, .paused, .strictModeAssertion: "malformed framing or headers"
        default: error.debugDescription
        }
        let headers = HTTPHeaders([("Connection", "close"), (Self.header, "the request is not well-formed HTTP/1.1: \(reason)")])
        context.fireChannelRead(wrapInboundOut(.head(HTTPRequestHead(version: .http1_1, method: .GET, uri: "*", headers: headers))))
        context.fireChannelRead(wrapInboundOut(.end(nil)))
        context.fireChannelReadComplete()
    }
}
#endif
