/// What the encoder learned about a Swift type, kept per state so later values of the type cost
/// less: whether it is an `[Int: T]` dictionary or an array (otherwise a protocol check on every
/// value), whether it writes itself (``LuaTreeEncodable``), how large to create its next table (so it is not rehashed as it grows), and the keyed
/// container its values open, kept for the next value (building one looks up generic metadata
/// and allocates a box).
final class LuaTypeFacts {
    let integerKeyed: Bool
    /// The type as an array, whose elements the encoder pushes itself; nil for other types.
    let sequence: (any LuaSequenceEncodable.Type)?
    /// Whether the type is a ``LuaTreeEncodable``, which writes its values itself.
    let tree: Bool
    var tableSize: Int32 = 0
    /// The keyed container the type's values open.
    var keyedContainer: LuaKeptContainer<LuaEncodingFrame>?

    init(integerKeyed: Bool, sequence: (any LuaSequenceEncodable.Type)?, tree: Bool) {
        self.integerKeyed = integerKeyed
        self.sequence = sequence
        self.tree = tree
    }

    /// Notes the entry count of a table just written. The size grows to a larger count at once
    /// and shrinks halfway towards a smaller one, so values whose optional fields vary keep the
    /// room of the fuller ones while a one-off large value does not set the size for good.
    func learn(tableSize count: Int32) {
        tableSize = count >= tableSize ? count : tableSize - (tableSize - count) / 2
    }
}
