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
