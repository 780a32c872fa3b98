import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading a file the host does not control: only a regular file, refused by its size before
/// any of it is read, and never more than the limit even when it grows meanwhile. Opening never
/// blocks (a pipe or device is refused as not a file). Every file reader of the package goes
/// through here, so each has a limit that fits what the file can legitimately be.
package enum BoundedFile {
    /// Why a file was not read.
    package enum Failure: Error, Equatable, Sendable {
        /// It cannot be opened or read: the system's reason.
        case unreadable(String)
        /// A folder, pipe, device or socket.
        case notAFile
        /// It holds more than the limit: its size, or nil when it grew past the limit while read.
        case tooLarge(bytes: Int?)

        /// The message for a file of `kind` ("a golden") limited to `limit` bytes.
        package func message(kind: String, limit: Int) -> String {
            switch self {
            case .unreadable(let reason): "cannot read the file: \(reason)"
            case .notAFile: "cannot read the file: not a file"
            case .tooLarge(let bytes):
                "the file has \(bytes.map(String.init) ?? "more than \(limit)") bytes; \(kind) may have at most \(limit) (\(Self.size(limit)))"
            }
        }

        /// `64 KiB`, `2 MiB`.
        private static func size(_ bytes: Int) -> String {
            bytes >= 1 << 20 && bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : "\(bytes >> 10) KiB"
        }
    }

    /// The bytes of the regular file at `path`, at most `limit`; with `followingLinks` false a
    /// symbolic link at `path` itself is refused.
    package static func read(_ path: String, limit: Int, followingLinks: Bool = true) throws(Failure) -> Data {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | (followingLinks ? 0 : O_NOFOLLOW))
        guard descriptor >= 0 else { throw .unreadable(String(cString: strerror(errno))) }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { throw .notAFile }
        guard info.st_size <= limit else { throw .tooLarge(bytes: Int(info.st_size)) }
        let data: Data
        do {
            data = try handle.read(upToCount: limit + 1) ?? Data()  // one byte past: it may have grown
        } catch {
            throw .unreadable(error.localizedDescription)
        }
        guard data.count <= limit else { throw .tooLarge(bytes: nil) }
        return data
    }
}
