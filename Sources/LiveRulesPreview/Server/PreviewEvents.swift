#if Studio
import Foundation
import Hummingbird

/// The page's live updates as server-sent events: `hello` with the revision at once, then a
/// `change` (`{"revision", "pack"}`) each time a pack is rendered again or refuses a save, and
/// a comment every 15 seconds. Ends when the studio stops or the client goes away (noticed at
/// once: the connection's input closes), then calls `onEnd`.
enum PreviewEvents {
    static let heartbeat: Duration = .seconds(15)

    static func body(_ studio: PreviewStudio, request: Request, onEnd: @escaping @Sendable () -> Void) -> ResponseBody {
        ResponseBody { writer in
            defer { onEnd() }
            try await request.body.consumeWithCancellationOnInboundClose { _ in
                let (texts, continuation) = AsyncStream.makeStream(of: String.self)
                let changes = studio.changes()
                let forward = Task {
                    for await change in changes { continuation.yield(event("change", change)) }
                    continuation.finish()
                }
                let beat = Task {
                    while (try? await Task.sleep(for: heartbeat)) != nil { continuation.yield(": still here\n\n") }
                }
                defer {
                    forward.cancel()
                    beat.cancel()
                }
                continuation.yield("retry: 500\n" + event("hello", StudioChange(revision: studio.revision, pack: "")))
                for await text in texts { try await writer.write(ByteBuffer(string: text)) }
            }
            try await writer.finish(nil)
        }
    }

    /// `event: name` and `data: json` lines, and the blank line that ends an event.
    static func event(_ name: String, _ value: some Encodable) -> String {
        let data = (try? JSONEncoder().encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        return "event: \(name)\ndata: \(data)\n\n"
    }
}
#endif
