/// A keyed container kept for reuse: its frame, which the container writes through, and the
/// `KeyedEncodingContainer` boxing it, of key type `keyType`. ``LuaKeyedEncodingBox`` holds the
/// container itself.
class LuaKeyedEncodingReuse {
    let keyType: ObjectIdentifier
    let frame: LuaEncodingFrame
    /// Whether a value is being encoded through it now.
    var inUse = true

    init(keyType: ObjectIdentifier, frame: LuaEncodingFrame) {
        self.keyType = keyType
        self.frame = frame
    }

    /// Takes the container for the value `encoder` is encoding now, whose table is at `table`.
    func acquire(by encoder: LuaEncoder, table: Int32) {
        inUse = true
        frame.aim(encoder: encoder, table: table)
    }

    /// Gives the container back once its value is encoded.
    func release() {
        frame.encoder = nil
        inUse = false
    }
}
