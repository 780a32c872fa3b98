#if Studio
/// The secret the page sends with every request that changes something: the server puts it in
/// the page it serves, so a page from another site (which cannot read that page) cannot accept
/// or reject goldens.
package struct PreviewToken: Sendable, Hashable {
    /// 64 hexadecimal digits.
    package let value: String

    /// A new random token.
    package init() {
        var generator = SystemRandomNumberGenerator()
        value = (0..<32).map { _ in
            let byte = UInt8.random(in: 0...255, using: &generator)
            return String(byte >> 4, radix: 16) + String(byte & 0xF, radix: 16)
        }.joined()
    }

    /// Whether `candidate` is the token, compared in time that does not depend on where they
    /// differ.
    package func matches(_ candidate: String?) -> Bool {
        guard let candidate else { return false }
        let expected = Array(value.utf8), given = Array(candidate.utf8)
        var difference = UInt8(expected.count == given.count ? 0 : 1)
        for index in expected.indices { difference |= expected[index] ^ (index < given.count ? given[index] : 0) }
        return difference == 0
    }
}
#endif
