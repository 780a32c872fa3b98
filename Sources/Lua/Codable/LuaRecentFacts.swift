/// The facts used recently, in front of a per-type dictionary: a direct-mapped cache indexed by
/// the type's metadata address, so a hit costs no hashing.
struct LuaRecentFacts<Facts: AnyObject> {
    private static var size: Int { 16 }
    private var entries: [(type: ObjectIdentifier, facts: Facts)?] = Array(repeating: nil, count: size)

    /// The facts cached for `type`, if any.
    subscript(type: ObjectIdentifier) -> Facts? {
        get {
            guard let entry = entries[Self.slot(type)], entry.type == type else { return nil }
            return entry.facts
        }
        set {
            entries[Self.slot(type)] = newValue.map { (type, $0) }
        }
    }

    private static func slot(_ type: ObjectIdentifier) -> Int {
        Int(truncatingIfNeeded: UInt(bitPattern: type) >> 4) & (size - 1)
    }
}
