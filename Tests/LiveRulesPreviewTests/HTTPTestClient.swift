import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A response read off a real socket.
struct HTTPTestResponse {
    var status: Int
    var headers: [String: String]
    var body: String

    /// The body parsed as a JSON object.
    var json: [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(body.utf8))) as? [String: Any] ?? [:]
    }
}

/// A plain HTTP/1.1 client over a TCP socket to 127.0.0.1: one request per connection, sent
/// exactly as given (so tests can send what browsers would not, such as `..` in a path). Its
/// blocking socket calls run on a thread of their own, never on the threads the server's
/// handlers need.
enum HTTPTestClient {
    /// Sends the request with `Host: host` (by default 127.0.0.1 and the port).
    static func request(
        port: Int, _ method: String, _ target: String, host: String? = nil, headers: [String: String] = [:], body: String = ""
    ) async throws -> HTTPTestResponse {
        try await onThread { try blockingRequest(port: port, method, target, host: host, headers: headers, body: body) }
    }

    /// `work`'s result, run on a new thread.
    static func onThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread { continuation.resume(with: Result { try work() }) }
        }
    }

    static func blockingRequest(
        port: Int, _ method: String, _ target: String, host: String?, headers: [String: String], body: String
    ) throws -> HTTPTestResponse {
        let socket = try connect(port: port)
        defer { close(socket) }
        var head = "\(method) \(target) HTTP/1.1\r\nHost: \(host ?? "127.0.0.1:\(port)")\r\nConnection: close\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if !body.isEmpty || method == "POST" { head += "Content-Length: \(body.utf8.count)\r\n" }
        try send(socket, head + "\r\n" + body)
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = recv(socket, &buffer, buffer.count, 0)
            if count <= 0 { break }
            data.append(contentsOf: buffer[0..<count])
        }
        return try parse(data)
    }

    static func connect(port: Int) throws -> Int32 {
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

    static func send(_ socket: Int32, _ text: String) throws {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let sent = bytes.withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard sent > 0 else { throw HTTPTestError("cannot send the request") }
            bytes = bytes.dropFirst(sent)
        }
    }

    static func parse(_ data: Data) throws -> HTTPTestResponse {
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
    static func dechunked(_ body: String) -> String {
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

/// An open `GET /api/events` connection whose bytes a thread of its own collects as they arrive.
/// Its waits poll and return as soon as what they wait for arrived, at most `seconds` (by default
/// far past what it takes on a slow, loaded machine).
final class EventStreamClient: @unchecked Sendable {
    private let socket: Int32
    private let lock = NSLock()
    private var received = ""

    init(port: Int) throws {
        socket = try HTTPTestClient.connect(port: port)
        try HTTPTestClient.send(socket, "GET /api/events HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAccept: text/event-stream\r\n\r\n")
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
        close(socket)
    }

    /// Waits until `marker` arrived; whether it did.
    func arrived(_ marker: String, within seconds: Double = 60) async -> Bool {
        await arrived(within: seconds) { $0.contains(marker) }
    }

    /// Waits until a `change` event for `revision` or a later one arrived; whether it did.
    func arrivedChange(revision: Int, within seconds: Double = 60) async -> Bool {
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

struct HTTPTestError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
