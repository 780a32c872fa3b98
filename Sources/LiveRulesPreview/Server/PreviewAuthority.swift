#if Studio
/// A `Host` header's value, read strictly so that every check reads it the same way: a name or
/// IPv4 address (ASCII letters, digits, `-` and `.`) or a bracketed IPv6 address, then
/// optionally `:` and a port from 1 to 65535 in decimal without leading zeros. User information
/// (`user@host`), percent-encoding, a second colon, an empty port and anything else are refused.
struct PreviewAuthority: Sendable {
    /// The host, lowercased, without brackets.
    var host: String
    /// The port, when the value names one.
    var port: Int?

    /// `text` read, or ``StudioError/Kind/badRequest`` saying what is wrong with it.
    init(_ text: String) throws(StudioError) {
        if text.contains("@") { throw StudioError(.badRequest, "Host '\(text)': user information (user@host) is not allowed") }
        let hostPart: Substring, portPart: Substring?
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { throw Self.malformed(text) }
            hostPart = text[text.index(after: text.startIndex)..<close]
            let rest = text[text.index(after: close)...]
            guard rest.isEmpty || rest.hasPrefix(":") else { throw Self.malformed(text) }
            portPart = rest.isEmpty ? nil : rest.dropFirst()
            guard hostPart.contains(":"), hostPart.allSatisfy({ $0.isASCII && ($0.isHexDigit || $0 == ":" || $0 == ".") }) else { throw Self.malformed(text) }
        } else {
            let parts = text.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
            guard parts.count <= 2 else {
                throw StudioError(.badRequest, "Host '\(text)': more than one colon (an IPv6 address goes in brackets)")
            }
            hostPart = parts[0]
            portPart = parts.count == 2 ? parts[1] : nil
            guard hostPart.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == ".") }) else {
                throw Self.malformed(text)
            }
        }
        guard !hostPart.isEmpty else { throw Self.malformed(text) }
        host = hostPart.lowercased()
        guard let portPart else { return }
        guard (1...5).contains(portPart.count), portPart.first != "0", portPart.allSatisfy({ $0.isASCII && $0.isNumber }),
              let port = Int(portPart), port <= 65_535 else {
            throw StudioError(.badRequest, "Host '\(text)': the port must be a number from 1 to 65535")
        }
        self.port = port
    }

    /// Whether the host names the loopback interface: 127.0.0.1, localhost or ::1.
    var isLoopback: Bool {
        ["127.0.0.1", "localhost", "::1"].contains(host)
    }

    private static func malformed(_ text: String) -> StudioError {
        StudioError(.badRequest, "Host '\(text)': expected a name or an address, and optionally a port (127.0.0.1:4747)")
    }
}
#endif
