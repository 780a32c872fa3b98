import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A response read off a real socket.
public struct HTTPTestResponse: Sendable {
    public var status: Int
    public var headers: [String: String]
    public var body: String

    /// The body parsed as a JSON object.
    public var json: [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(body.utf8))) as? [String: Any] ?? [:]
    }
}

/// A plain HTTP/1.1 client over a TCP socket to 127.0.0.1: one request per connection, sent
/// exactly as given (so tests can send what browsers would not, such as `..` in a path). Its
/// blocking socket calls run on a thread of their own, never on the threads the server's
/// handlers need.
public enum HTTPTestClient {
    /// Sends the request with `Host: host` (by default 127.0.0.1 and the port).
    public static func request(
        port: Int, _ method: String, _ target: String, host: String? = nil, headers: [String: String] = [:], body: String = ""
    ) async throws -> HTTPTestResponse {
        try await onThread { try blockingRequest(port: port, method, target, host: host, headers: headers, body: body) }
    }

    /// `work`'s result, run on a new thread.
    public static func onThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread { continuation.resume(with: Result { try work() }) }
        }
    }

    /// Sends `text` as it is (the tests write its `Host` and framing) and reads until `count`
    /// whole responses arrived or the server closes: the whole responses, in order.
    public static func raw(port: Int, _ text: String, count: Int) async throws -> [HTTPTestResponse] {
        try await onThread {
            let socket = try connect(port: port)
            defer { close(socket) }
            try send(socket, text)
            var data = Data()
            var buffer = [UInt8](repeating: 0, count: 65536)
            while try responses(in: data).count < count {
                let received = recv(socket, &buffer, buffer.count, 0)
                if received <= 0 { break }
                data.append(contentsOf: buffer[0..<received])
            }
            return try responses(in: data)
        }
    }

    public static func blockingRequest(
        port: Int, _ method: String, _ target: String, host: String?, headers: [String: String], body: String
    ) throws -> HTTPTestResponse {
        let socket = try connect(port: port)
        defer { close(socket) }
        var head = "\(method) \(target) HTTP/1.1\r\nHost: \(host ?? "127.0.0.1:\(port)")\r\nConnection: close\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if !body.isEmpty || method == "POST" { head += "Content-Length: \(body.utf8.count)\r\n" }
        try send(socket, head + "\r\n" + body)
        return try parse(readAll(socket))
    }

    /// The bytes `socket` receives until the server closes it (or a minute passes without any).
    public static func readAll(_ socket: Int32) -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = recv(socket, &buffer, buffer.count, 0)
            if count <= 0 { break }
            data.append(contentsOf: buffer[0..<count])
        }
        return data
    }

    /// The whole responses at the start of `data`, one after another (each framed by its
    /// Content-Length).
    public static func responses(in data: Data) throws -> [HTTPTestResponse] {
        var rest = data[...], responses: [HTTPTestResponse] = []
        while let split = rest.firstRange(of: Data("\r\n\r\n".utf8)) {
            let head = String(decoding: rest[..<split.lowerBound], as: UTF8.self)
            let length = head.components(separatedBy: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
                .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
            guard rest.distance(from: split.upperBound, to: rest.endIndex) >= length else { break }
            let end = rest.index(split.upperBound, offsetBy: length)
            responses.append(try parse(Data(rest[..<end])))
            rest = rest[end...]
        }
        return responses
    }

    public static func connect(port: Int) throws -> Int32 {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var timeout = timeval(tv_sec: 60, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else {
            close(socket)
            throw HTTPTestError("cannot connect to 127.0.0.1:\(port)")
        }
        return socket
    }

    public static func send(_ socket: Int32, _ text: String) throws {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let sent = bytes.withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard sent > 0 else { throw HTTPTestError("cannot send the request") }
            bytes = bytes.dropFirst(sent)
        }
    }

    public static func parse(_ data: Data) throws -> HTTPTestResponse {
        let text = String(decoding: data, as: UTF8.self)
        guard let split = text.range(of: "\r\n\r\n") else { throw HTTPTestError("no response head in: \(text.prefix(200))") }
        let lines = text[..<split.lowerBound].components(separatedBy: "\r\n")
        let status = Int(lines[0].split(separator: " ")[1]) ?? 0
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        var body = String(text[split.upperBound...])
        if headers["transfer-encoding"] == "chunked" { body = dechunked(body) }
        return HTTPTestResponse(status: status, headers: headers, body: body)
    }

    /// A chunked body's content (chunk sizes counted in UTF-8 bytes).
    public static func dechunked(_ body: String) -> String {
        var bytes = Array(body.utf8)[...], content: [UInt8] = []
        while let end = bytes.firstIndex(of: UInt8(ascii: "\r")),
              let size = Int(String(decoding: bytes[bytes.startIndex..<end], as: UTF8.self), radix: 16), size > 0 {
            let start = end + 2
            content += bytes[start..<min(start + size, bytes.endIndex)]
            bytes = bytes[min(start + size + 2, bytes.endIndex)...]
        }
        return String(decoding: content, as: UTF8.self)
    }
}

/// A request sent on a connection of its own, whose answer a thread of its own reads, so that a
/// test can do other things while the server works on it, or go away before it is answered.
public final class OpenRequest: @unchecked Sendable {
    private let socket: Int32
    private let lock = NSLock()
    private var answer: Data?
    private var closed = false

    /// Sends `GET target` with `headers`.
    public init(port: Int, _ target: String, headers: [String: String] = [:]) throws {
        socket = try HTTPTestClient.connect(port: port)
        var head = "GET \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        try HTTPTestClient.send(socket, head + "\r\n")
        Thread.detachNewThread { [self] in
            let data = HTTPTestClient.readAll(socket)
            lock.withLock { answer = data }
        }
    }

    deinit {
        close()
        Glibc.close(socket)
    }

    /// Goes away: closes the connection without waiting for the answer.
    public func close() {
        lock.withLock {
            guard !closed else { return }
            closed = true
            shutdown(socket, Int32(SHUT_RDWR))
        }
    }

    /// Stops sending (closes the connection's sending side) and still reads the answer.
    public func stopSending() {
        shutdown(socket, Int32(SHUT_WR))
    }

    /// Whether the whole answer arrived (the server answered and closed the connection).
    public var isAnswered: Bool {
        lock.withLock { answer.map { !$0.isEmpty } ?? false }
    }

    /// The answer, once the server sent it and closed, waiting at most `seconds`.
    public func response(within seconds: Double = 60) async -> HTTPTestResponse? {
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            if let answer = lock.withLock({ answer }) { return try? HTTPTestClient.parse(answer) }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return nil
    }
}

/// An open `GET /api/events` connection whose bytes a thread of its own collects as they arrive.
/// Its waits poll and return as soon as what they wait for arrived, at most `seconds` (by default
/// far past what it takes on a slow, loaded machine).
public final class EventStreamClient: @unchecked Sendable {
    private let socket: Int32
    private let lock = NSLock()
    private var received = ""

    /// Opens the stream with `token` (as the page does: `?token=`).
    public init(port: Int, token: String) throws {
        socket = try HTTPTestClient.connect(port: port)
        try HTTPTestClient.send(
            socket, "GET /api/events?token=\(token) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAccept: text/event-stream\r\n\r\n")
        Thread.detachNewThread { [self] in
            var buffer = [UInt8](repeating: 0, count: 16384)
            while true {
                let count = recv(socket, &buffer, buffer.count, 0)
                if count == 0 { break }
                if count < 0 { if errno == EAGAIN || errno == EWOULDBLOCK { continue } else { break } }
                let text = String(decoding: buffer[0..<count], as: UTF8.self)
                lock.withLock { received += text }
            }
        }
    }

    deinit {
        shutdown(socket, Int32(SHUT_RDWR))
        Glibc.close(socket)
    }

    /// Goes away: closes the connection (its reading thread holds the client until then).
    public func close() {
        shutdown(socket, Int32(SHUT_RDWR))
    }

    /// Waits until the stream opened (its `hello` arrived: true) or was refused (a 503: false);
    /// nil when neither happened.
    public func opened(within seconds: Double = 60) async -> Bool? {
        guard await arrived(within: seconds, { $0.contains("event: hello") || $0.hasPrefix("HTTP/1.1 503") }) else { return nil }
        return lock.withLock { received }.contains("event: hello")
    }

    /// Waits until `marker` arrived; whether it did.
    public func arrived(_ marker: String, within seconds: Double = 60) async -> Bool {
        await arrived(within: seconds) { $0.contains(marker) }
    }

    /// Waits until a `change` event for `revision` or a later one arrived; whether it did.
    public func arrivedChange(revision: Int, within seconds: Double = 60) async -> Bool {
        await arrived(within: seconds) { text in
            text.components(separatedBy: "\n\n").contains { event in
                let lines = event.split(whereSeparator: \.isNewline)
                guard lines.contains("event: change"), let data = lines.first(where: { $0.hasPrefix("data: ") }),
                      let change = try? JSONSerialization.jsonObject(with: Data(data.dropFirst(6).utf8)) as? [String: Any],
                      let changed = change["revision"] as? Int else { return false }
                return changed >= revision
            }
        }
    }

    private func arrived(within seconds: Double, _ done: (String) -> Bool) async -> Bool {
        let end = Date().addingTimeInterval(seconds)
        while !done(lock.withLock { received }) {
            guard Date() < end else { return false }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return true
    }
}

public struct HTTPTestError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
