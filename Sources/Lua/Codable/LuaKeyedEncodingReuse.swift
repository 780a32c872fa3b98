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
}
