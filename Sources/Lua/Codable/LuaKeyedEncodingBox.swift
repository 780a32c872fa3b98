/// A ``LuaKeyedEncodingReuse`` with its container, for key type `Key`.
final class LuaKeyedEncodingBox<Key: CodingKey>: LuaKeyedEncodingReuse {
    let container: KeyedEncodingContainer<Key>

    init(frame: LuaEncodingFrame) {
        container = KeyedEncodingContainer(LuaKeyedEncodingContainer<Key>(frame: frame))
        super.init(keyType: ObjectIdentifier(Key.self), frame: frame)
    }
}
