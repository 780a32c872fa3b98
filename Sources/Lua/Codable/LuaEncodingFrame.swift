/// Where a keyed encoding container writes: its encoder, table slot and path, and how many fields
/// it wrote. Containers reach it through this reference, so a boxed container can serve a later
/// value of the same type once re-aimed; `encoder` is nil while no encode is using it.
final class LuaEncodingFrame: LuaContainerFrame {
    var encoder: LuaEncoder?
    var L: OpaquePointer?
    var table: Int32
    var path: LuaContainerPath
    var entries: Int32 = 0
    /// The key strings, when the frame is kept.
    let keyStrings: LuaKeyStrings?

    init(encoder: LuaEncoder, table: Int32, path: LuaContainerPath, kept: Bool = false) {
        self.encoder = encoder
        L = encoder.L
        self.table = table
        self.path = path
        keyStrings = kept ? LuaKeyStrings() : nil
    }

    func aim(_ encoder: LuaEncoder, table: Int32) {
        self.encoder = encoder
        L = encoder.L
        self.table = table
        path = encoder.here
        entries = 0
    }

    func detach() { encoder = nil }
}
