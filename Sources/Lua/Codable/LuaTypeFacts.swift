/// What the encoder learned about a Swift type, kept per state so later values of the type cost
/// less: whether it is an `[Int: T]` dictionary (otherwise a protocol check on every value), how
/// many entries its last table had (so the next one is created at that size, not rehashed as it
/// grows), and the keyed container its values open, kept for the next value (building one looks
/// up generic metadata and allocates a box).
final class LuaTypeFacts {
    let integerKeyed: Bool
    var tableSize: Int32 = 0
    /// The keyed container for `keyedContainerKey`, while no value of the type is using it.
    var keyedContainer: LuaKeyedEncodingReuse?

    init(integerKeyed: Bool) {
        self.integerKeyed = integerKeyed
    }
}
