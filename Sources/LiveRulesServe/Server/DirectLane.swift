#if Service
import Foundation
import HTTPTypes
import HummingbirdCore
import LiveRules
import LiveRulesHTTP
import NIOCore
import NIOHTTP1

/// Answers `POST /v1/{pack}/present` and `POST /v1/{pack}/payload` in the connection's pipeline,
/// right after the HTTP/1 decoder, on its event loop, as the request's last part is read: no
/// task, router, middleware or conversion to swift-http-types runs for them. Those were most of
/// the code a request ran, and so most of what made serving dearer than presenting in process.
/// Every other request goes on to Hummingbird.
///
/// A request's head is checked first (``Admission``, ``PackCall``, a `Content-Length` over the
/// limit): a refusal is answered at once and the rest of its body dropped. Its body is collected
/// within ``ServeLimits`` (over the size limit: refused, and the connection closed; not whole
/// within the read timeout: refused, and the connection closed; malformed framing: refused, and
/// the connection closed) and presented at ``PresentationSite``. Answers, made bytes here, go
/// out in the order the requests came: while one is answered elsewhere (by the router, or
/// presented on a Dispatch thread) the parts of those after it wait here, and the connection is
/// not read. Answers carry the fields Hummingbird's would: `Content-Type`, `Content-Length`,
/// `Date`, `Server`; a client that does not keep the connection alive (`Connection: close`,
/// HTTP/1.0) has it closed after its answer. Hummingbird's connection state does not see these
/// requests, so the lane keeps a graceful stop itself: asked to quiesce while it answers, it
/// closes the connection after that answer. (Idle connections are closed by the server's ``StallGuard``.)
///
/// For one connection; every method runs on the connection's loop.
final class DirectLane: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    /// What every connection's lane answers with.
    struct Service: Sendable {
        var requests: PackRequests
        var limits: ServeLimits
        var admission: Admission
        var site: PresentationSite
        var metrics: ServeMetrics
    }

    /// A request the lane answers, from its head on.
    private final class Exchange {
        let call: PackCall
        let ticket: Admission.Ticket
        let started: ContinuousClock.Instant
        /// The request's HTTP version, which the answer speaks.
        let version: HTTPVersion
        /// Whether the client keeps the connection alive after the answer.
        let keepsAlive: Bool
        var body: ByteBuffer?

        init(call: PackCall, ticket: Admission.Ticket, started: ContinuousClock.Instant, head: HTTPRequestHead) {
            self.call = call
            self.ticket = ticket
            self.started = started
            version = head.version
            keepsAlive = head.isKeepAlive
        }
    }

    private enum State {
        /// Between requests.
        case idle
        /// A request for the router: its parts go on; `read` once its end went on, `answered`
        /// once its answer's end came back.
        case routing(read: Bool, answered: Bool)
        /// A request of the lane, its body arriving.
        case reading(Exchange)
        /// A request refused at its head, its answer written: at most `left` more bytes of its
        /// body are dropped before the connection is closed.
        case dropping(left: Int)
        /// A request of the lane presented on a Dispatch thread.
        case presenting
        /// An answer was written after which the connection closes: what comes is dropped.
        case closing
    }

    private let service: Service
    private var state = State.idle
    /// Parts that came while an earlier request was answered elsewhere, in order.
    private var held = CircularBuffer<HTTPServerRequestPart>()
    /// Whether a read was asked for while parts were held.
    private var readAsked = false
    /// The read timeout of the request being read, set once a read ends without its body.
    private var timer: Scheduled<Void>?
    /// Whether the server asked the connection to quiesce while the lane was answering.
    private var quiescing = false
    /// The `Date` field last written, and the second it is of.
    private var lastDate: (second: time_t, field: String) = (-1, "")

    /// The context of the connection's HTTP/1 response encoder, from `handlerAdded` to
    /// `handlerRemoved`: the lane's answers are made bytes here and written from that context,
    /// so they pass no encoder (the router's answers still do).
    private var wire: ChannelHandlerContext?

    /// A lane for one connection, answering with `service`.
    init(_ service: Service) {
        self.service = service
    }

    /// Whether the parts that come now must wait: an earlier request is answered elsewhere.
    private var waits: Bool {
        switch state {
        case .routing(read: true, answered: false), .presenting: true
        default: false
        }
    }

    /// Whether a request of the lane is being answered.
    private var answering: Bool {
        switch state {
        case .reading, .dropping, .presenting: true
        case .idle, .routing, .closing: false
        }
    }

    func handlerAdded(context: ChannelHandlerContext) {
        guard let encoder = try? context.pipeline.syncOperations.context(handlerType: HTTPResponseEncoder.self) else {
            preconditionFailure("a DirectLane goes after the HTTP/1 decoder of a pipeline with its response encoder")
        }
        wire = encoder
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        wire = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let part = unwrapInboundIn(data)
        if waits || !held.isEmpty {
            held.append(part)
        } else {
            take(part, context: context)
        }
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        awaitBody(context: context)
        context.fireChannelReadComplete()
    }

    func read(context: ChannelHandlerContext) {
        if waits { readAsked = true } else { context.read() }
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        context.write(data, promise: promise)
        guard case .end = unwrapOutboundIn(data), case .routing(let read, _) = state else { return }
        if read {
            state = .idle
            resume(context: context)
        } else {
            state = .routing(read: false, answered: true)
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if !abandon(with: BodyReader.malformed(error), context: context) { context.fireErrorCaught(error) }
    }

    /// Ends the body being read: a request being collected is refused with `error`, one being
    /// dropped ends the connection; the connection closes either way. Whether a body was read.
    private func abandon(with error: ServeError, context: ChannelHandlerContext) -> Bool {
        switch state {
        case .reading(let exchange):
            refuse(error, exchange: exchange, closing: true, context: context)
        case .dropping:
            context.close(promise: nil)
        case .idle, .routing, .presenting, .closing:
            return false
        }
        return true
    }

    /// A graceful stop while the lane answers closes the connection after that answer; otherwise
    /// Hummingbird's connection state closes it, at once or after the router's answer.
    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is ChannelShouldQuiesceEvent, answering {
            quiescing = true
        } else {
            context.fireUserInboundEventTriggered(event)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        stopTimer()
        state = .idle
        held.removeAll()
        context.fireChannelInactive()
    }

    /// Takes `part` in the current state.
    private func take(_ part: HTTPServerRequestPart, context: ChannelHandlerContext) {
        switch (state, part) {
        case (.idle, .head(let head)):
            if let (route, pack, query) = Self.target(head) {
                begin(route, pack: pack, query: query, head: head, context: context)
            } else {
                state = .routing(read: false, answered: false)
                context.fireChannelRead(wrapInboundOut(part))
            }
        case (.routing(read: false, let answered), .end):
            state = answered ? .idle : .routing(read: true, answered: false)
            context.fireChannelRead(wrapInboundOut(part))
        case (.reading(let exchange), .body(let buffer)):
            collect(buffer, into: exchange, context: context)
        case (.reading(let exchange), .end):
            finish(exchange, context: context)
        case (.dropping(let left), .body(let buffer)):
            if buffer.readableBytes > left {
                context.close(promise: nil)
            } else {
                state = .dropping(left: left - buffer.readableBytes)
            }
        case (.dropping, .end):
            stopTimer()
            state = .idle
            if quiescing { context.close(promise: nil) }
        case (.closing, _):
            break
        default:
            // The router's request, or parts out of order, which the router refuses.
            context.fireChannelRead(wrapInboundOut(part))
        }
    }

    /// The route, pack and query of `head` when it is a request the lane answers. A target that
    /// is a plain path is split here; one with a query or in another form is read by
    /// Hummingbird's `URI`, as the router reads it.
    private static func target(_ head: HTTPRequestHead) -> (ServeRoute, String, [String: String])? {
        guard head.method == .POST else { return nil }
        let target = head.uri
        let plain = target.utf8.first == slash && !target.utf8.contains(where: { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") })
        let uri = plain ? nil : URI(target)
        let path = uri?.path ?? target
        let parts = path.utf8.split(separator: slash, maxSplits: 4, omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0].isEmpty, parts[1].elementsEqual("v1".utf8), !parts[2].isEmpty,
              let route = ServeRoute(rawValue: String(Substring(parts[3]))), route != .batch else { return nil }
        return (route, String(Substring(parts[2])), uri.map(ServeServer.query) ?? [:])
    }

    private static let slash = UInt8(ascii: "/")

    /// Starts answering `route` of `pack`: refuses it at once, or collects its body.
    private func begin(_ route: ServeRoute, pack: String, query: [String: String], head: HTTPRequestHead, context: ChannelHandlerContext) {
        let ticket: Admission.Ticket
        do throws(ServeError) {
            ticket = try service.admission.enter()
        } catch {
            return refuseHead(error, head: head, context: context)
        }
        let started = ContinuousClock.now
        do throws(ServeError) {
            let call = try PackCall(route, pack: pack, query: query, requests: service.requests)
            if let length = head.headers.first(name: "content-length").flatMap({ Int($0) }), length > service.limits.body {
                throw BodyReader.tooLarge(service.limits.body)
            }
            state = .reading(Exchange(call: call, ticket: ticket, started: started, head: head))
        } catch {
            service.metrics.answered(route, seconds: ServeServer.seconds(since: started))
            ticket.release()
            return refuseHead(error, head: head, context: context)
        }
    }

    /// Adds `buffer` to `exchange`'s body; a body over the limit is refused.
    private func collect(_ buffer: ByteBuffer, into exchange: Exchange, context: ChannelHandlerContext) {
        var buffer = buffer
        if (exchange.body?.readableBytes ?? 0) + buffer.readableBytes > service.limits.body {
            return refuse(BodyReader.tooLarge(service.limits.body), exchange: exchange, closing: true, context: context)
        }
        if exchange.body == nil {
            exchange.body = buffer
        } else {
            exchange.body?.writeBuffer(&buffer)
        }
    }

    /// Presents `exchange`'s whole body and answers; when the presentation moves off the loop,
    /// the answer is written once it is back.
    private func finish(_ exchange: Exchange, context: ChannelHandlerContext) {
        stopTimer()
        let body = exchange.body.map { Data(buffer: $0) } ?? Data()
        let call = exchange.call
        let bound = NIOLoopBound((self, context, exchange), eventLoop: context.eventLoop)
        do throws(ServeError) {
            let answer = try service.site.run(for: .init(call.version)) { place throws(ServeError) in
                try call.answer(body, place: place)
            } moved: { result in
                bound.eventLoop.execute {
                    let (lane, context, exchange) = bound.value
                    guard case .presenting = lane.state else { return }
                    lane.deliver(result, exchange: exchange, context: context)
                    lane.resume(context: context)
                }
            }
            if let answer {
                deliver(.success(answer), exchange: exchange, context: context)
            } else {
                state = .presenting
            }
        } catch {
            deliver(.failure(error), exchange: exchange, context: context)
        }
    }

    /// Writes `exchange`'s answer, `result`, counts it, frees its place.
    private func deliver(_ result: Result<PackAnswer, ServeError>, exchange: Exchange, context: ChannelHandlerContext) {
        let closing = !exchange.keepsAlive || quiescing
        switch result {
        case .success(let answer):
            service.metrics.presented(exchange.call.version.name, on: exchange.call.route)
            var headers = HTTPHeaders()
            headers.add(name: ServeHeaders.packVersion.rawName, value: exchange.call.version.pack.manifest.version)
            headers.add(name: ServeHeaders.packHash.rawName, value: exchange.call.version.hash)
            if let next = answer.nextUpdate { headers.add(name: ServeHeaders.nextUpdate.rawName, value: next) }
            state = .idle
            write(.ok, headers, answer.text, version: exchange.version, closing: closing, context: context)
            count(exchange)
        case .failure(let error):
            refuse(error, exchange: exchange, closing: closing, context: context)
        }
    }

    /// Answers `exchange` with `error`; with `closing`, closes the connection after.
    private func refuse(_ error: ServeError, exchange: Exchange, closing: Bool, context: ChannelHandlerContext) {
        stopTimer()
        state = .idle
        service.metrics.failed(error.kind)
        write(error, version: exchange.version, closing: closing, context: context)
        count(exchange)
    }

    /// Answers the request of `head`, refused at its head with `error`, then drops the rest of
    /// its body.
    private func refuseHead(_ error: ServeError, head: HTTPRequestHead, context: ChannelHandlerContext) {
        service.metrics.failed(error.kind)
        state = .dropping(left: service.limits.body)
        write(error, version: head.version, closing: !head.isKeepAlive || quiescing, context: context)
    }

    /// Counts `exchange` answered and gives back its place.
    private func count(_ exchange: Exchange) {
        service.metrics.answered(exchange.call.route, seconds: ServeServer.seconds(since: exchange.started))
        exchange.ticket.release()
    }

    /// Writes `error`'s answer.
    private func write(_ error: ServeError, version: HTTPVersion, closing: Bool, context: ChannelHandlerContext) {
        var headers = HTTPHeaders()
        for field in error.answerFields { headers.add(name: field.name.rawName, value: field.value) }
        write(HTTPResponseStatus(statusCode: Int(error.status.code)), headers, error.answerBody, version: version, closing: closing, context: context)
    }

    /// Writes an answer of `status` with `headers` and the JSON `text` in `version`; with
    /// `closing`, closes the connection once it is written. The answer goes out as one buffer,
    /// past the response encoder (``wire``): one write, where the encoder's three parts cost
    /// three writes, each with its promise in the `IdleStateHandler`.
    private func write(
        _ status: HTTPResponseStatus, _ headers: HTTPHeaders, _ text: String, version: HTTPVersion, closing: Bool, context: ChannelHandlerContext
    ) {
        let length = text.utf8.count
        var buffer = context.channel.allocator.buffer(capacity: length + 384)
        buffer.writeString("HTTP/\(version.major).\(version.minor) \(status.code) \(status.reasonPhrase)\r\n")
        for (name, value) in headers { field(name, value, into: &buffer) }
        field("Content-Type", "application/json", into: &buffer)
        field("Content-Length", String(length), into: &buffer)
        field("Date", date(), into: &buffer)
        field("Server", HTTPServer.serverName, into: &buffer)
        if closing {
            field("Connection", "close", into: &buffer)
            state = .closing
        }
        buffer.writeStaticString("\r\n")
        buffer.writeString(text)
        let out = wire!
        guard closing else { return out.writeAndFlush(NIOAny(IOData.byteBuffer(buffer)), promise: nil) }
        let written = context.eventLoop.makePromise(of: Void.self)
        out.writeAndFlush(NIOAny(IOData.byteBuffer(buffer)), promise: written)
        let channel = context.channel
        written.futureResult.whenComplete { _ in channel.close(promise: nil) }
    }

    /// Writes the header field `name: value` and its line end to `buffer`.
    private func field(_ name: String, _ value: String, into buffer: inout ByteBuffer) {
        buffer.writeString(name)
        buffer.writeStaticString(": ")
        buffer.writeString(value)
        buffer.writeStaticString("\r\n")
    }

    /// The `Date` field for now, made once a second.
    private func date() -> String {
        let now = time(nil)
        if now != lastDate.second { lastDate = (now, HTTPDate.field(now)) }
        return lastDate.field
    }

    /// Starts the read timeout when a read ended without the whole body of the lane's request
    /// (most bodies come with their head, and need none).
    private func awaitBody(context: ChannelHandlerContext) {
        switch state {
        case .reading, .dropping: if timer == nil { startTimer(context: context) }
        case .idle, .routing, .presenting, .closing: break
        }
    }

    /// Times the request being read: once ``ServeLimits/readTimeout`` has passed, a body being
    /// collected is refused and one being dropped ends the connection.
    private func startTimer(context: ChannelHandlerContext) {
        let timeout = service.limits.readTimeout
        timer = context.eventLoop.assumeIsolated().scheduleTask(in: .nanoseconds(timeout.inNanoseconds)) { [self] in
            timer = nil
            _ = abandon(with: BodyReader.timedOut(timeout), context: context)
        }
    }

    private func stopTimer() {
        timer?.cancel()
        timer = nil
    }

    /// Takes the parts held while an earlier request was answered elsewhere, until one must
    /// wait again, and ends them as a read does (the router's stream hands on what it got at a
    /// read's end only); then reads, if a read was asked for meanwhile.
    private func resume(context: ChannelHandlerContext) {
        guard !held.isEmpty || readAsked else { return }
        var took = false
        while !waits, let part = held.popFirst() {
            take(part, context: context)
            took = true
        }
        if took {
            awaitBody(context: context)
            context.fireChannelReadComplete()
        }
        if !waits, readAsked {
            readAsked = false
            context.read()
        }
    }
}
#endif
