/// Bounds on what a ``LuaTableReader`` copies out of Lua, for hosts reading tables built by code
/// they do not trust (``LuaTableReader/limited(by:)``). Each bound is checked before the bytes are
/// copied: a string's length is known without copying it.
public struct LuaReadLimits: Sendable, Hashable {
    /// The longest string one read copies, in bytes, unless the read names a bound of its own.
    public var textBytes: Int
    /// Bytes of all the strings a limited reader, and every reader it hands out, copy together: a
    /// string counts each time it is read, however many places of the table hold it.
    public var totalBytes: Int

    /// Limits of `textBytes` per string and `totalBytes` in all.
    public init(textBytes: Int, totalBytes: Int) {
        self.textBytes = textBytes
        self.totalBytes = totalBytes
    }
}

// MARK: - LuaReadBudget

/// What one limited read (``LuaTableReader/limited(by:)``) may still copy, shared by the reader
/// and every reader it hands out.
@usableFromInline final class LuaReadBudget {
    @usableFromInline let limits: LuaReadLimits
    /// Bytes of text the read may still copy.
    @usableFromInline var bytesLeft: Int

    @usableFromInline init(_ limits: LuaReadLimits) {
        self.limits = limits
        bytesLeft = limits.totalBytes
    }

    /// Charges a string of `length` bytes, before it is copied, against `most` (the limits' text
    /// bound when nil) and the bytes left; `path` names it in an error.
    @usableFromInline func charge(_ length: Int, most: Int?, path: @autoclosure () -> String) throws(LuaError) {
        let most = most ?? limits.textBytes
        guard length <= most else {
            throw .decoding(path: path(), expected: "text of at most \(most) bytes", found: "a string of \(length) bytes")
        }
        guard length <= bytesLeft else {
            throw .decoding(path: path(), expected: "at most \(limits.totalBytes) bytes of text in all (a string counts each time it is read)",
                            found: "\(length) more bytes after \(limits.totalBytes - bytesLeft)")
        }
        bytesLeft -= length
    }
}
