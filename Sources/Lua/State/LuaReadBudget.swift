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
