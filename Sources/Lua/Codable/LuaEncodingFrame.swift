/// Where a keyed encoding container writes: its encoder, table slot and path, and how many fields
/// it wrote. Containers reach it through this reference, so a boxed container can serve a later
/// value of the same type once re-aimed; `encoder` is nil while no encode is using it.
///
/// A kept frame also keeps its key strings: keys of one byte (as synthesized `CodingKeys` are)
/// are told apart by that byte, so each key string is made once and then fetched by a registry
/// reference, without asking the key for its `stringValue` again.
final class LuaEncodingFrame: LuaContainerFrame {
    var encoder: LuaEncoder?
    var L: OpaquePointer?
    var table: Int32
    var path: LuaContainerPath
    var entries: Int32 = 0
    /// Registry references of key strings by the key's byte (0: not made yet); nil when the
    /// frame is not kept.
    let keyReferences: UnsafeMutablePointer<Int32>?

    init(encoder: LuaEncoder, table: Int32, path: LuaContainerPath, kept: Bool = false) {
        self.encoder = encoder
        L = encoder.L
        self.table = table
        self.path = path
        keyReferences = kept ? .allocate(capacity: 256) : nil
        keyReferences?.initialize(repeating: 0, count: 256)
    }

    deinit { keyReferences?.deallocate() }

    func aim(_ encoder: LuaEncoder, table: Int32) {
        self.encoder = encoder
        L = encoder.L
        self.table = table
        path = encoder.here
        entries = 0
    }

    func detach() { encoder = nil }
}
