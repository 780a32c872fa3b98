import CLua
import CLuaShim

/// The key strings of one kept container, made once each. Keys of at most one byte (as
/// synthesized `CodingKeys` are) are told apart by that byte; each key's string is then fetched by
/// a registry reference, without asking the key for its `stringValue`, copying or hashing it.
/// (The references live as long as the state: kept containers do.)
final class LuaKeyStrings {
    /// Registry references by the key's byte. 0: not made yet; `integerKey`: a key that stands
    /// for an integer, which the cache does not serve.
    private let references: UnsafeMutablePointer<Int32>
    private static let integerKey: Int32 = -1

    init() {
        references = .allocate(capacity: 256)
        references.initialize(repeating: 0, count: 256)
    }

    deinit { references.deallocate() }

    /// Pushes the string of `key` and returns true; returns false, pushing nothing, for keys it
    /// does not serve: wider than one byte, or (when `refusingIntegers`) standing for an integer.
    /// All keys given to one cache must be of one type. [-0, +1 | +0]
    func push<Key: CodingKey>(_ key: Key, into L: OpaquePointer, refusingIntegers: Bool) -> Bool {
        let size = MemoryLayout<Key>.size
        guard size <= 1 else { return false }
        // A one-byte key is its byte: read it in place, without a generic call.
        let tag = size == 0 ? 0 : Int(unsafeBitCast(key, to: UInt8.self))
        switch references[tag] {
        case Self.integerKey:
            return false
        case 0:
            if refusingIntegers, key.isInteger {
                references[tag] = Self.integerKey
                return false
            }
            var name = key.stringValue
            name.withUTF8 { lrs_pushkey(L, $0.baseAddress, $0.count) }
            lua_pushvalue(L, -1)
            references[tag] = luaL_ref(L, lrs_registryindex())
        case let reference:
            lua_rawgeti(L, lrs_registryindex(), lua_Integer(reference))
        }
        return true
    }
}
