#if Service
import CBundleFetch
import Foundation

/// One GET of a bundle URL, bounded in size and in time whatever the server sends, on the
/// system's libcurl (`lrb_fetch`): the body is taken as it arrives and the transfer stops the
/// moment it would pass `limit` bytes (a `Content-Length` over it stops it before a byte), and
/// the whole answer must arrive within `deadline`, however slowly its bytes trickle in. libcurl
/// hands each piece over before it reads the next, so nothing piles up unread: memory stays
/// within `limit` and a poll always ends.
enum BundleFetch {
    /// Why a fetch gave no answer, in the words the log and `/health` show.
    struct Failure: Error {
        var message: String
    }

    /// An answer: its status, its `ETag` (nil when none) and its body.
    struct Answer: Sendable {
        var status: Int
        var etag: String?
        var body: Data
    }

    /// The answer to a GET of `url` with `userAgent` and, when given, `If-None-Match: etag`;
    /// throws a ``Failure`` when the body passes `limit` bytes, the answer does not arrive whole
    /// within `deadline`, or it cannot be fetched at all. Runs on a thread of its own.
    static func get(_ url: URL, userAgent: String, etag: String?, limit: Int, deadline: Duration) async throws(Failure) -> Answer {
        let result: Result<Answer, Failure> = await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(returning: fetch(url, userAgent: userAgent, etag: etag, limit: limit, deadline: deadline))
            }
        }
        return try result.get()
    }

    /// The fetch itself, blocking: see ``get(_:userAgent:etag:limit:deadline:)``.
    private static func fetch(_ url: URL, userAgent: String, etag: String?, limit: Int, deadline: Duration) -> Result<Answer, Failure> {
        var answer = lrb_answer()
        defer { lrb_free(&answer) }
        let milliseconds = Int(clamping: deadline.inMillisecondsRoundedUp)
        switch lrb_fetch(url.absoluteString, userAgent, etag ?? "", limit, milliseconds, &answer) {
        case LRB_ANSWERED:
            let body = answer.body.map { Data(bytes: $0, count: answer.body_length) } ?? Data()
            let tag = withUnsafeBytes(of: answer.etag) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            return .success(Answer(status: answer.status, etag: tag.isEmpty ? nil : tag, body: body))
        case LRB_TOO_LARGE:
            let claimed = answer.claimed > 0 ? " (Content-Length \(answer.claimed))" : ""
            return .failure(Failure(message: "the bundle is over \(limit >> 20) MiB\(claimed)"))
        case LRB_TIMED_OUT:
            let seconds = deadline.inSeconds
            let words = seconds == seconds.rounded() ? "\(Int(seconds)) s" : "\(seconds) s"
            return .failure(Failure(message: "the answer did not arrive whole within \(words)"))
        default:
            let reason = withUnsafeBytes(of: answer.error) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            return .failure(Failure(message: "cannot fetch the bundle: \(reason)"))
        }
    }
}
#endif
