/// A kept encoding container, for key type `Key`.
final class LuaKeyedEncodingBox<Key: CodingKey>: LuaKeptContainer<LuaEncodingFrame> {
    let container: KeyedEncodingContainer<Key>

    init(frame: LuaEncodingFrame) {
        container = KeyedEncodingContainer(LuaKeyedEncodingContainer<Key>(frame: frame))
        super.init(keyType: ObjectIdentifier(Key.self), frame: frame)
    }
}
