/// A ``LuaKeyedDecodingReuse`` with its container, for key type `Key`.
final class LuaKeyedDecodingBox<Key: CodingKey>: LuaKeyedDecodingReuse {
    let container: KeyedDecodingContainer<Key>

    init(frame: LuaDecodingFrame) {
        container = KeyedDecodingContainer(LuaKeyedDecodingContainer<Key>(frame: frame))
        super.init(keyType: ObjectIdentifier(Key.self), frame: frame)
    }
}
