/// A kept decoding container, for key type `Key`.
final class LuaKeyedDecodingBox<Key: CodingKey>: LuaKeptContainer<LuaDecodingFrame> {
    let container: KeyedDecodingContainer<Key>

    init(frame: LuaDecodingFrame) {
        container = KeyedDecodingContainer(LuaKeyedDecodingContainer<Key>(frame: frame))
        super.init(keyType: ObjectIdentifier(Key.self), frame: frame)
    }
}
