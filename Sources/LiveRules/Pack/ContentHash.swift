import Foundation

/// FNV-1a (64 bits) over named byte strings: identifies a version of a pack by its content (not
/// a security hash). Each part is its name, a NUL, its length and its bytes, so different splits
/// of the same bytes hash differently.
struct ContentHash {
    private var state: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ name: String, _ bytes: Data) {
        feed(Data(name.utf8))
        feed(Data([0]))
        feed(Data(String(bytes.count).utf8))
        feed(bytes)
    }

    private mutating func feed(_ bytes: Data) {
        for byte in bytes {
            state ^= UInt64(byte)
            state = state &* 0x0000_0100_0000_01b3
        }
    }

    /// 16 lowercase hex digits.
    var hex: String {
        let digits = String(state, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
