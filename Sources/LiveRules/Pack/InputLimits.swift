import Lua

/// The most a pack file may hold. Pack files come from people and tools the host does not
/// control, so every reader checks these before doing the work they bound: a file's size before
/// reading it, counts before walking lists, depth while descending. Within them, reading any
/// input takes time linear in its size and well under 1 GiB of memory.
///
/// Each limit is far above what a real pack needs: the bundled packs' manifests are under
/// 2 KiB, with at most 8 named types of at most 6 fields, 3 levels deep, 5 phases and 11 field
/// ids; their fixtures are under 2 KiB, and ActivityKit caps a content state update at 4 KB.
public enum InputLimits {
    /// Bytes of a `pack.json`.
    public static let manifestBytes = 256 << 10
    /// Bytes of a Lua file of a pack (a rule file or a module): 2.5 times the largest bundled
    /// one. Lua's compiler does more than linear work on some constructs; the costliest file this
    /// size measured compiles in 35 ms (`LuaState.pureChunkBytes`).
    public static let luaFileBytes = LuaState.pureChunkBytes
    /// Bytes of a fixture: 16 times the 4 KB ActivityKit allows a content state update. The
    /// densest fixture this size (lists of empty lists, about 30,000 tables) still fits, as Lua
    /// tables checked against the schema, in a state's default 16 MiB memory budget.
    public static let fixtureBytes = 64 << 10
    /// Bytes of a golden: about four times the canonical JSON of the largest presentation the
    /// output limits allow (256 KiB of text, each byte at most two when escaped, with its
    /// structure), so every golden `test --record` writes is read back.
    public static let goldenBytes = 2 << 20
    /// Bytes of a push body `payload validate` reads: 16 times the 4 KB APNs and FCM accept, so
    /// the validator can say by how much one is over.
    public static let payloadBytes = 64 << 10
    /// Nesting of arrays and objects in a JSON file; a top-level container is level 1.
    public static let jsonDepth = 512
    /// Named types in a schema.
    public static let namedTypes = 256
    /// Fields of one object type, and values of one enum.
    public static let fieldsPerType = 256
    /// Objects and lists nested in one type, named types written out: `{ "a": "[[string]]" }`
    /// is 3 levels.
    public static let typeDepth = 32
    /// Fields of one type with every named type in it written out in full (each named type
    /// counts once per use, so types that use others twice cannot double at every level).
    public static let expandedFields = 4096
    /// Bytes of a name: a type, a field, a phase or a field id.
    public static let nameBytes = 64
    /// Phases of a pack, and field ids its layouts may show.
    public static let listedNames = 256
    /// Problems reported for one file (as C compilers stop after 20 errors); past them, one line
    /// says the rest were left out, and their messages are never built.
    public static let problemsPerFile = 20
}
