/// Requests that read one way to the studio and another to whatever else sees them: ambiguous
/// `Host`s, targets that name another host, framing no HTTP/1.1 parser should guess at, and
/// the DNS-rebinding variants. Each is one or more whole requests, sent byte for byte on a
/// connection of its own (`{port}` and `{token}` filled in);
/// `answers` are the statuses expected on its connection, in order, and `says` is in the last
/// one's error (when it has a body).
public struct HostileRequest: Sendable, CustomStringConvertible {
    public var name: String
    public var text: String
    public var answers: [Int]
    public var says: String

    public var description: String { name }

    public static let corpus: [HostileRequest] = [
        // Two Host fields: which one a check reads must not matter.
        .init(name: "two Host fields, the same", text: "GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nHost: 127.0.0.1:{port}\r\n\r\n", answers: [400], says: "exactly one Host"),
        .init(name: "two Host fields, the other second", text: "GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nHost: attacker.example\r\n\r\n", answers: [400], says: "exactly one Host"),
        .init(name: "two Host fields, the other first", text: "GET / HTTP/1.1\r\nHost: attacker.example\r\nHost: 127.0.0.1:{port}\r\n\r\n", answers: [400], says: "exactly one Host"),
        .init(name: "two Host fields on the API", text: "GET /api/studio HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nHost: attacker.example\r\nX-LiveRules-Token: {token}\r\n\r\n", answers: [400], says: "exactly one Host"),
        .init(name: "no Host", text: "GET / HTTP/1.1\r\n\r\n", answers: [400], says: "exactly one Host"),
        .init(name: "no Host, HTTP/1.0", text: "GET / HTTP/1.0\r\n\r\n", answers: [400], says: "exactly one Host"),
        .init(name: "an empty Host", text: "GET / HTTP/1.1\r\nHost: \r\n\r\n", answers: [400], says: "expected a name or an address"),
        // Targets that are not a path name a host of their own.
        .init(name: "absolute form naming another host", text: "GET http://attacker.example/ HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n", answers: [400], says: "must be a path"),
        .init(name: "absolute form naming the studio", text: "GET http://127.0.0.1:{port}/ HTTP/1.1\r\nHost: attacker.example\r\n\r\n", answers: [400], says: "must be a path"),
        .init(name: "absolute form to the API with the token", text: "GET http://attacker.example/api/studio HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nX-LiveRules-Token: {token}\r\n\r\n", answers: [400], says: "must be a path"),
        .init(name: "absolute form with user information", text: "GET http://user@127.0.0.1:{port}/ HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n", answers: [400], says: "must be a path"),
        .init(name: "absolute form, https", text: "GET https://127.0.0.1:{port}/ HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n", answers: [400], says: "must be a path"),
        // NIO answers a CONNECT without a body, whatever the status: no message to read.
        .init(name: "authority form", text: "CONNECT attacker.example:443 HTTP/1.1\r\nHost: attacker.example:443\r\n\r\n", answers: [400], says: ""),
        .init(name: "a path without its slash", text: "GET attacker.example:443 HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n", answers: [400], says: "not well-formed HTTP/1.1"),
        .init(name: "asterisk form", text: "OPTIONS * HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n", answers: [400], says: "must be a path"),
        // Hosts read strictly.
        .init(name: "user information in Host", text: "GET / HTTP/1.1\r\nHost: user@127.0.0.1:{port}\r\n\r\n", answers: [400], says: "user information"),
        .init(name: "user information naming another host", text: "GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}@attacker.example\r\n\r\n", answers: [400], says: "user information"),
        .init(name: "a port over 65535", text: "GET / HTTP/1.1\r\nHost: 127.0.0.1:99999\r\n\r\n", answers: [400], says: "from 1 to 65535"),
        .init(name: "port 0", text: "GET / HTTP/1.1\r\nHost: 127.0.0.1:0\r\n\r\n", answers: [400], says: "from 1 to 65535"),
        .init(name: "a port with a leading zero", text: "GET / HTTP/1.1\r\nHost: 127.0.0.1:0{port}\r\n\r\n", answers: [400], says: "from 1 to 65535"),
        .init(name: "a signed port", text: "GET / HTTP/1.1\r\nHost: 127.0.0.1:+{port}\r\n\r\n", answers: [400], says: "from 1 to 65535"),
        .init(name: "a hexadecimal port", text: "GET / HTTP/1.1\r\nHost: 127.0.0.1:0x50\r\n\r\n", answers: [400], says: "from 1 to 65535"),
        .init(name: "an empty port", text: "GET / HTTP/1.1\r\nHost: 127.0.0.1:\r\n\r\n", answers: [400], says: "from 1 to 65535"),
        .init(name: "two ports", text: "GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}:{port}\r\n\r\n", answers: [400], says: "more than one colon"),
        .init(name: "IPv6 without brackets", text: "GET / HTTP/1.1\r\nHost: ::1\r\n\r\n", answers: [400], says: "more than one colon"),
        .init(name: "an unclosed bracket", text: "GET / HTTP/1.1\r\nHost: [::1:{port}\r\n\r\n", answers: [400], says: "expected a name or an address"),
        .init(name: "percent-encoding in Host", text: "GET / HTTP/1.1\r\nHost: 127.0.0.1%2f:{port}\r\n\r\n", answers: [400], says: "expected a name or an address"),
        .init(name: "a space in Host", text: "GET / HTTP/1.1\r\nHost: 127.0.0.1 :{port}\r\n\r\n", answers: [400], says: "expected a name or an address"),
        .init(name: "another port", text: "GET / HTTP/1.1\r\nHost: 127.0.0.1:1\r\n\r\n", answers: [421], says: "listens on port {port}, not 1"),
        // DNS rebinding: names that are not the loopback interface's.
        .init(name: "a rebound name", text: "GET / HTTP/1.1\r\nHost: attacker.example:{port}\r\n\r\n", answers: [421], says: "127.0.0.1 or localhost only"),
        .init(name: "a rebound name on the API", text: "GET /api/studio HTTP/1.1\r\nHost: attacker.example:{port}\r\nX-LiveRules-Token: {token}\r\n\r\n", answers: [421], says: "127.0.0.1 or localhost only"),
        .init(name: "a name beginning with the address", text: "GET / HTTP/1.1\r\nHost: 127.0.0.1.attacker.example:{port}\r\n\r\n", answers: [421], says: "127.0.0.1 or localhost only"),
        .init(name: "localhost with a final dot", text: "GET / HTTP/1.1\r\nHost: localhost.:{port}\r\n\r\n", answers: [421], says: "127.0.0.1 or localhost only"),
        .init(name: "a short form of the address", text: "GET / HTTP/1.1\r\nHost: 127.1:{port}\r\n\r\n", answers: [421], says: "127.0.0.1 or localhost only"),
        .init(name: "the address in hexadecimal", text: "GET / HTTP/1.1\r\nHost: 0x7f000001:{port}\r\n\r\n", answers: [421], says: "127.0.0.1 or localhost only"),
        .init(name: "an IPv4-mapped IPv6 address", text: "GET / HTTP/1.1\r\nHost: [::ffff:127.0.0.1]:{port}\r\n\r\n", answers: [421], says: "127.0.0.1 or localhost only"),
        // Framing no parser should guess at.
        .init(name: "a folded Host", text: "GET / HTTP/1.1\r\nHost: attacker.example\r\n 127.0.0.1:{port}\r\n\r\n", answers: [400], says: "not well-formed HTTP/1.1"),
        .init(name: "Content-Length and Transfer-Encoding", text: "POST /api/reject HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nX-LiveRules-Token: {token}\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", answers: [400], says: "not well-formed HTTP/1.1"),
        .init(name: "two Content-Lengths", text: "POST /api/reject HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nX-LiveRules-Token: {token}\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}", answers: [400], says: "not well-formed HTTP/1.1"),
        .init(name: "not HTTP at all", text: "\u{16}\u{03}\u{01}\u{02}\u{00}\u{01}\u{00} hello\r\n\r\n", answers: [400], says: "not well-formed HTTP/1.1"),
        // On a kept-alive connection, answers stay in order.
        .init(name: "a good request, then the absolute form", text: "GET /studio.css HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\nGET http://attacker.example/ HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n", answers: [200, 400], says: "must be a path"),
        .init(name: "a good request, then a folded header", text: "GET /studio.css HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\nGET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n folded\r\n\r\n", answers: [200, 400], says: "not well-formed HTTP/1.1"),
        .init(name: "a good request, then a rebound name", text: "GET /studio.css HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\nGET / HTTP/1.1\r\nHost: attacker.example:{port}\r\n\r\n", answers: [200, 421], says: "127.0.0.1 or localhost only"),
    ]
}
