#if Service
import Foundation

/// Writes a POSIX ustar archive of regular files: the same files give the same bytes (owner 0,
/// mode 0644, modification time 0), so a bundle's archive is reproducible and `tar` lists it.
enum TarWriter {
    /// The archive of `files` (path inside the archive, content), in the order given. Throws
    /// when a path does not fit ustar's name fields (100 bytes, or a 155-byte folder prefix).
    static func archive(_ files: [(path: String, bytes: Data)]) throws(BundleError) -> Data {
        var archive = Data()
        for file in files {
            archive.append(try header(path: file.path, size: file.bytes.count))
            archive.append(file.bytes)
            archive.append(Data(count: TarFormat.padding(file.bytes.count)))
        }
        archive.append(Data(count: 2 * TarFormat.block))
        return archive
    }

    private static func header(path: String, size: Int) throws(BundleError) -> Data {
        let (prefix, name) = try split(path)
        var block = [UInt8](repeating: 0, count: TarFormat.block)
        put(name, at: TarFormat.name, in: &block)
        put(octal(0o644, width: 8), at: TarFormat.mode, in: &block)
        put(octal(0, width: 8), at: TarFormat.uid, in: &block)
        put(octal(0, width: 8), at: TarFormat.gid, in: &block)
        put(octal(size, width: 12), at: TarFormat.size, in: &block)
        put(octal(0, width: 12), at: TarFormat.mtime, in: &block)
        block[TarFormat.typeflag] = UInt8(ascii: "0")
        put("ustar\0", at: TarFormat.magic, in: &block)
        put("00", at: TarFormat.version, in: &block)
        put(prefix, at: TarFormat.prefix, in: &block)
        put(octal(TarFormat.checksum(of: block), width: 7) , at: TarFormat.checksum, in: &block)
        block[TarFormat.checksum.lowerBound + 7] = UInt8(ascii: " ")
        return Data(block)
    }

    /// `path` as ustar's prefix and name: the name alone when it fits, else split at a `/`.
    private static func split(_ path: String) throws(BundleError) -> (prefix: String, name: String) {
        let bytes = Array(path.utf8)
        if bytes.count <= TarFormat.name.count { return ("", path) }
        for index in bytes.indices.reversed() where bytes[index] == UInt8(ascii: "/") {
            let (prefix, name) = (bytes[..<index], bytes[(index + 1)...])
            if prefix.count <= TarFormat.prefix.count, name.count <= TarFormat.name.count, !name.isEmpty {
                return (String(decoding: prefix, as: UTF8.self), String(decoding: name, as: UTF8.self))
            }
        }
        throw BundleError(member: path, "the path is too long for a bundle (at most 100 bytes of file name and 155 of folders)")
    }

    /// `value` in octal, zero-padded to `width - 1` digits and NUL-terminated.
    private static func octal(_ value: Int, width: Int) -> String {
        let digits = String(value, radix: 8)
        return String(repeating: "0", count: width - 1 - digits.count) + digits + "\0"
    }

    private static func put(_ text: String, at field: Range<Int>, in block: inout [UInt8]) {
        for (offset, byte) in text.utf8.prefix(field.count).enumerated() { block[field.lowerBound + offset] = byte }
    }
}
#endif
