#if Service
import Foundation
import HTTPTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// A `POST` whose body a test sends a part at a time (chunked), on a connection of its own whose
/// answer a thread of its own collects as it arrives: for a batch streamed while it is sent, a
/// request that holds its place, or a client that stops sending.
final class StreamingRequest: @unchecked Sendable {
    private let socket: Int32
    private let lock = NSLock()
    private var received = Data()
    private var closed = false

    /// Sends the head of `POST target` with `headers`: chunked, unless `length` gives a
    /// `Content-Length`.
    init(port: Int, _ target: String, length: Int? = nil, headers: [String: String] = [:]) throws {
        socket = try HTTPTestClient.connect(port: port)
        let framing = length.map { "Content-Length: \($0)" } ?? "Transfer-Encoding: chunked"
        let fields = headers.map { "\($0.key): \($0.value)\r\n" }.joined()
        try HTTPTestClient.send(socket, "POST \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\(fields)\(framing)\r\n\r\n")
        Thread.detachNewThread { [self] in
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let count = recv(socket, &buffer, buffer.count, 0)
                if count <= 0 { break }
                lock.withLock { received.append(contentsOf: buffer[0..<count]) }
            }
            lock.withLock { closed = true }
        }
    }

    deinit {
        shutdown(socket, Int32(SHUT_RDWR))
        Glibc.close(socket)
    }

    /// Sends `text` as one chunk.
    func send(chunk text: String) throws {
        try HTTPTestClient.send(socket, String(text.utf8.count, radix: 16) + "\r\n" + text + "\r\n")
    }

    /// Sends `text` as it is (a body with a `Content-Length`).
    func send(raw text: String) throws {
        try HTTPTestClient.send(socket, text)
    }

    /// Goes away: closes the connection without reading the rest of the answer.
    func close() {
        shutdown(socket, Int32(SHUT_RDWR))
    }

    /// Ends a chunked body.
    func end() throws {
        try HTTPTestClient.send(socket, "0\r\n\r\n")
    }

    /// Everything received so far, as it came.
    var raw: String {
        String(decoding: lock.withLock { received }, as: UTF8.self)
    }

    /// The body received so far, de-chunked (only whole chunks).
    var body: String {
        let text = raw
        guard let split = text.range(of: "\r\n\r\n") else { return "" }
        let head = text[..<split.lowerBound].lowercased()
        let rest = String(text[split.upperBound...])
        return head.contains("transfer-encoding: chunked") ? HTTPTestClient.dechunked(rest) : rest
    }

    /// Waits until the body received satisfies `done`, at most `seconds` (by default far past
    /// what it takes on a slow, loaded machine); whether it did.
    func wait(seconds: Double = 60, until done: (String) -> Bool) async -> Bool {
        let end = Date().addingTimeInterval(seconds)
        while !done(body) {
            guard Date() < end else { return false }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return true
    }

    /// The whole response, once the server closed the connection (at most `seconds`).
    func response(seconds: Double = 60) async throws -> HTTPTestResponse {
        let end = Date().addingTimeInterval(seconds)
        while !lock.withLock({ closed }) {
            guard Date() < end else { throw HTTPTestError("no whole answer within \(seconds) s") }
            try await Task.sleep(for: .milliseconds(10))
        }
        return try HTTPTestClient.parse(Data(Self.final(raw).utf8))
    }

    /// `text` without the informational answers (`100 Continue`) before the final one.
    static func final(_ text: String) -> String {
        var text = Substring(text)
        while text.hasPrefix("HTTP/1.1 1"), let end = text.range(of: "\r\n\r\n") { text = text[end.upperBound...] }
        return String(text)
    }
}
#endif
