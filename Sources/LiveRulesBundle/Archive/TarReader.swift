#if Service
import Foundation

/// Reads the regular files of a tar archive, strictly: a bundle is refused whole rather than
/// read in part. Folders are skipped; links, devices and extension headers are refused, as are
/// bad checksums, truncated content, paths leading outside the archive and a path given twice.
enum TarReader {
    /// The files of `archive` (path, content) in archive order, paths normalized (`./` removed).
    /// At most `limit` files.
    static func files(of archive: Data, limit: Int) throws(BundleError) -> [(path: String, bytes: Data)] {
        let bytes = [UInt8](archive)
        var files: [(path: String, bytes: Data)] = []
        var seen: Set<String> = []
        var offset = 0
        while offset + TarFormat.block <= bytes.count {
            let header = bytes[offset..<(offset + TarFormat.block)]
            if header.allSatisfy({ $0 == 0 }) { return files }
            let (path, size, type) = try read(header, at: offset)
            let start = offset + TarFormat.block
            guard size <= bytes.count - start else {
                throw BundleError(member: path, "the archive ends inside this file (truncated)")
            }
            offset = start + size + TarFormat.padding(size)
            switch type {
            case UInt8(ascii: "5"):
                continue
            case UInt8(ascii: "0"), 0:
                let normalized = try normalize(path)
                guard seen.insert(normalized).inserted else { throw BundleError(member: normalized, "the archive holds this file twice") }
                guard files.count < limit else { throw BundleError("the archive holds more than \(limit) files") }
                files.append((normalized, Data(bytes[start..<(start + size)])))
            default:
                throw BundleError(member: path, "the archive entry is of type '\(Character(Unicode.Scalar(type)))': a bundle holds regular files only")
            }
        }
        guard !files.isEmpty else { throw BundleError("not a tar archive: a bundle is the file `liverules bundle` writes") }
        throw BundleError("the archive has no end marker (truncated)")
    }

    private static func read(_ header: ArraySlice<UInt8>, at offset: Int) throws(BundleError) -> (String, Int, UInt8) {
        let base = header.startIndex
        func field(_ range: Range<Int>) -> ArraySlice<UInt8> { header[(base + range.lowerBound)..<(base + range.upperBound)] }
        guard let stored = octal(field(TarFormat.checksum)), stored == TarFormat.checksum(of: header) else {
            throw BundleError("the header at byte \(offset) has a bad checksum: not a tar archive, or damaged")
        }
        var path = text(field(TarFormat.name))
        let prefix = text(field(TarFormat.prefix))
        if text(field(TarFormat.magic)).hasPrefix("ustar"), !prefix.isEmpty { path = prefix + "/" + path }
        guard let size = octal(field(TarFormat.size)) else { throw BundleError(member: path, "the header's size is not a number") }
        return (path, size, header[base + TarFormat.typeflag])
    }

    /// A path made relative and checked: no leading `/`, no `..`, `.` or empty parts, no
    /// backslash or control character.
    private static func normalize(_ path: String) throws(BundleError) -> String {
        var parts = path.split(separator: "/", omittingEmptySubsequences: false)
        while parts.first == "." { parts.removeFirst() }
        let safe = !parts.isEmpty && !path.hasPrefix("/") && parts.allSatisfy { part in
            !part.isEmpty && part != "." && part != ".." && !part.unicodeScalars.contains { $0 == "\\" || $0.value < 0x20 || $0.value == 0x7f }
        }
        guard safe else { throw BundleError(member: path, "the path leads outside the bundle or is not a plain relative path") }
        return parts.joined(separator: "/")
    }

    /// The NUL-terminated text of a field.
    private static func text(_ field: ArraySlice<UInt8>) -> String {
        String(decoding: field.prefix { $0 != 0 }, as: UTF8.self)
    }

    /// An octal number field (spaces and NULs around it); nil when it is not one.
    private static func octal(_ field: ArraySlice<UInt8>) -> Int? {
        let digits = field.drop { $0 == UInt8(ascii: " ") }.prefix { $0 != 0 && $0 != UInt8(ascii: " ") }
        guard !digits.isEmpty, digits.count <= 11, digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "7")).contains($0) }) else { return nil }
        return Int(String(decoding: digits, as: UTF8.self), radix: 8)
    }
}
#endif
