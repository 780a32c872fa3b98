/// Where a keyed decoding container reads: its decoder, table slot and path. Containers reach it
/// through this reference, so a boxed container can serve a later value of the same type once
/// re-aimed; `decoder` is nil while no decode is using it.
final class LuaDecodingFrame: LuaContainerFrame {
    var decoder: LuaDecoder?
    var L: OpaquePointer?
    var table: Int32
    var path: LuaContainerPath
    /// The key strings, when the frame is kept.
    let keyStrings: LuaKeyStrings?

    init(decoder: LuaDecoder, table: Int32, kept: Bool = false) {
        self.decoder = decoder
        L = decoder.L
        self.table = table
        path = decoder.here
        keyStrings = kept ? LuaKeyStrings() : nil
    }

    func aim(_ decoder: LuaDecoder, table: Int32) {
        self.decoder = decoder
        L = decoder.L
        self.table = table
        path = decoder.here
    }

    func detach() { decoder = nil }
}
