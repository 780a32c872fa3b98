/// What the bridge learned about a Swift type, kept per state so later values of the type cost
/// less: whether it is an `[Int: T]` dictionary (otherwise a protocol check on every value), and
/// how many entries its last table had (so the next one is created at that size, not rehashed
/// as it grows).
struct LuaTypeFacts {
    var integerKeyed: Bool
    var tableSize: Int32
}
