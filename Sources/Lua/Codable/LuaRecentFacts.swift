/// The facts used recently, in front of a per-type dictionary: a small two-way cache indexed by
/// the type's metadata address, so a hit costs no hashing.
struct LuaRecentFacts<Facts: AnyObject> {
    private static var size: Int { 32 }
    private var entries: [(type: ObjectIdentifier, facts: Facts)?] = Array(repeating: nil, count: size)

    /// The facts cached for `type`, if any. A type has two entries it may use; setting fills the
    /// one it holds or an empty one, else replaces the first.
    subscript(type: ObjectIdentifier) -> Facts? {
        get {
            let first = Self.slot(type)
            if let entry = entries[first], entry.type == type { return entry.facts }
            if let entry = entries[first ^ 1], entry.type == type { return entry.facts }
            return nil
        }
        set {
            let first = Self.slot(type)
            let slot = entries[first] == nil || entries[first]?.type == type || entries[first ^ 1] != nil
                ? first : first ^ 1
            entries[slot] = newValue.map { (type, $0) }
        }
    }

    /// The first entry for `type`: the top bits of its address times a large odd constant (types
    /// laid out at regular distances still spread over the entries).
    private static func slot(_ type: ObjectIdentifier) -> Int {
        Int(truncatingIfNeeded: (UInt64(UInt(bitPattern: type)) &* 0x9E37_79B9_7F4A_7C15) >> 59) & (size - 1)
    }
}
