/// A keyed decoding container kept for reuse: its frame, which the container reads through, and
/// the `KeyedDecodingContainer` boxing it, of key type `keyType`. ``LuaKeyedDecodingBox`` holds
/// the container itself.
class LuaKeyedDecodingReuse {
    let keyType: ObjectIdentifier
    let frame: LuaDecodingFrame
    /// Whether a value is being decoded through it now.
    var inUse = true

    init(keyType: ObjectIdentifier, frame: LuaDecodingFrame) {
        self.keyType = keyType
        self.frame = frame
    }

    /// Takes the container for the value `decoder` is decoding now, whose table is at `table`.
    func acquire(by decoder: LuaDecoder, table: Int32) {
        inUse = true
        frame.aim(decoder: decoder, table: table)
    }

    /// Gives the container back once its value is decoded.
    func release() {
        frame.decoder = nil
        inUse = false
    }
}
