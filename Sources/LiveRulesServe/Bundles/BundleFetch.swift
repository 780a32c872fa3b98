#if Service
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One GET of a bundle URL, bounded in size and in time whatever the server sends: the body is
/// taken as it arrives (decoded, when the server compressed it) and the fetch fails as soon as
/// it passes `limit` bytes, or a `Content-Length` says it would; and the whole answer must arrive
/// within `deadline`, however slowly its bytes trickle in. So memory stays within `limit` and a
/// poll always ends.
final class BundleFetch: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    /// Why a fetch gave no answer, in the words the log and `/health` show.
    struct Failure: Error {
        var message: String
    }

    private let limit: Int
    private let lock = NSLock()
    private var body = Data()
    private var response: HTTPURLResponse?
    private var continuation: CheckedContinuation<(Data, HTTPURLResponse), any Error>?

    private init(limit: Int) {
        self.limit = limit
    }

    /// The answer to `request`: its body (at most `limit` bytes) and its head; throws a
    /// ``Failure`` when the answer is larger, is not HTTP, does not arrive whole within
    /// `deadline`, or cannot be fetched at all, and `CancellationError` when the task is
    /// cancelled.
    static func get(_ request: URLRequest, limit: Int, deadline: Duration) async throws -> (Data, HTTPURLResponse) {
        let fetch = BundleFetch(limit: limit)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalAndRemoteCacheData
        let session = URLSession(configuration: configuration, delegate: fetch, delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        let task = session.dataTask(with: request)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                fetch.lock.withLock { fetch.continuation = continuation }
                task.resume()
                DispatchQueue.global().asyncAfter(deadline: .now() + deadline.inSeconds) {
                    let seconds = deadline.inSeconds
                    let words = seconds == seconds.rounded() ? "\(Int(seconds)) s" : "\(seconds) s"
                    fetch.finish(.failure(Failure(message: "the answer did not arrive whole within \(words)")), cancelling: task)
                }
            }
        } onCancel: {
            fetch.finish(.failure(CancellationError()), cancelling: task)
        }
    }

    /// Ends the fetch once with `result`, cancelling `task` when it is still running.
    private func finish(_ result: Result<(Data, HTTPURLResponse), any Error>, cancelling task: URLSessionTask?) {
        let waiting = lock.withLock {
            defer { continuation = nil; body = Data() }
            return continuation
        }
        guard let waiting else { return }
        task?.cancel()
        waiting.resume(with: result)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
        guard let http = response as? HTTPURLResponse else {
            finish(.failure(Failure(message: "the answer is not HTTP")), cancelling: dataTask)
            return completionHandler(.cancel)
        }
        if http.statusCode == 200, let length = http.value(forHTTPHeaderField: "Content-Length").flatMap(Int.init), length > limit {
            finish(.failure(Failure(message: "the bundle is over \(limit >> 20) MiB (Content-Length \(length))")), cancelling: dataTask)
            return completionHandler(.cancel)
        }
        lock.withLock { self.response = http }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let over = lock.withLock {
            guard continuation != nil else { return false }
            guard body.count + data.count <= limit else { return true }
            body.append(data)
            return false
        }
        if over { finish(.failure(Failure(message: "the bundle is over \(limit >> 20) MiB")), cancelling: dataTask) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let (data, head) = lock.withLock { (body, response) }
        if let error {
            finish(.failure(Failure(message: "cannot fetch the bundle: \(error.localizedDescription)")), cancelling: nil)
        } else if let head {
            finish(.success((data, head)), cancelling: nil)
        } else {
            finish(.failure(Failure(message: "the answer is not HTTP")), cancelling: nil)
        }
    }
}
#endif
