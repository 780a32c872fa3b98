#if Service
/// The fields of a ustar header block that bundles use, as byte ranges.
enum TarFormat {
    static let block = 512
    static let name = 0..<100
    static let mode = 100..<108
    static let uid = 108..<116
    static let gid = 116..<124
    static let size = 124..<136
    static let mtime = 136..<148
    static let checksum = 148..<156
    static let typeflag = 156
    static let magic = 257..<263
    static let version = 263..<265
    static let prefix = 345..<500

    /// The zero bytes that pad `size` bytes of content to a whole block.
    static func padding(_ size: Int) -> Int {
        (block - size % block) % block
    }

    /// The header checksum: the sum of its bytes, the checksum field counted as spaces.
    static func checksum(of header: some Collection<UInt8>) -> Int {
        var sum = 0
        for (offset, byte) in header.enumerated() {
            sum += checksum.contains(offset) ? Int(UInt8(ascii: " ")) : Int(byte)
        }
        return sum
    }
}
#endif
