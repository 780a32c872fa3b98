/// What the decoder learned about a Swift type, kept per state: whether it is an `[Int: T]`
/// dictionary (otherwise a protocol check on every value), and the keyed container its values
/// open, kept for the next value (building one looks up generic metadata and allocates a box).
final class LuaDecodingFacts {
    let integerKeyed: Bool
    /// The keyed container the type's values open.
    var keyedContainer: LuaKeptContainer<LuaDecodingFrame>?

    init(integerKeyed: Bool) {
        self.integerKeyed = integerKeyed
    }
}
