/// A keyed decoding container kept for reuse: its frame, which the container reads through, and
/// the `KeyedDecodingContainer` boxing it, of key type `keyType`. ``LuaKeyedDecodingBox`` holds
/// the container itself.
class LuaKeyedDecodingReuse {
    let keyType: ObjectIdentifier
    let frame: LuaDecodingFrame

    init(keyType: ObjectIdentifier, frame: LuaDecodingFrame) {
        self.keyType = keyType
        self.frame = frame
    }
}
