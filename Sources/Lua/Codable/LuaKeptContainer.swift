/// A keyed container kept for reuse by a type's later values: its frame, which the container
/// works through, and its key type. Its subclasses (``LuaKeyedEncodingBox``,
/// ``LuaKeyedDecodingBox``) hold the boxed container itself.
class LuaKeptContainer<Frame: LuaContainerFrame> {
    let keyType: ObjectIdentifier
    let frame: Frame
    /// Whether a value is being coded through it now.
    var inUse = true

    init(keyType: ObjectIdentifier, frame: Frame) {
        self.keyType = keyType
        self.frame = frame
    }

    /// Takes the container for the value `coder` is working on now, whose table is at `table`.
    func acquire(by coder: Frame.Coder, table: Int32) {
        inUse = true
        frame.aim(coder, table: table)
    }

    /// Gives the container back once its value is done.
    func release() {
        frame.detach()
        inUse = false
    }
}
