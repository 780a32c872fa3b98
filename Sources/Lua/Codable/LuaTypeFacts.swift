/// What the encoder learned about a Swift type, kept per state so later values of the type cost
/// less: whether it is an `[Int: T]` dictionary or an array (otherwise a protocol check on every
/// value), whether it writes itself (``LuaTreeEncodable``), how large to create its next table
/// (so it is not rehashed as it grows), and the keyed container its values open, kept for the
/// next value (building one looks up generic metadata and allocates a box).
final class LuaTypeFacts {
    let integerKeyed: Bool
    /// The type as an array, whose elements the encoder pushes itself; nil for other types.
    let sequence: (any LuaSequenceEncodable.Type)?
    /// Whether the type is a ``LuaTreeEncodable``, which writes its values itself.
    let tree: Bool
    var tableSize: Int32 = 0
    /// The keyed container the type's values open.
    var keyedContainer: LuaKeptContainer<LuaEncodingFrame>?

    init(integerKeyed: Bool, sequence: (any LuaSequenceEncodable.Type)?, tree: Bool) {
        self.integerKeyed = integerKeyed
        self.sequence = sequence
        self.tree = tree
    }

    /// Notes the entry count of a table just written. The size grows to a larger count at once
    /// and shrinks halfway towards a smaller one, so values whose optional fields vary keep the
    /// room of the fuller ones while a one-off large value does not set the size for good.
    func learn(tableSize count: Int32) {
        tableSize = count >= tableSize ? count : tableSize - (tableSize - count) / 2
    }
}

/// What the decoder learned about a Swift type, kept per state: whether it is an `[Int: T]`
/// dictionary (otherwise a protocol check on every value), and the keyed container its values
/// open, kept for the next value (building one looks up generic metadata and allocates a box).
final class LuaDecodingFacts {
    let integerKeyed: Bool
    /// The keyed container the type's values open.
    var keyedContainer: LuaKeptContainer<LuaDecodingFrame>?

    init(integerKeyed: Bool) {
        self.integerKeyed = integerKeyed
    }
}

/// The facts used recently, in front of a per-type dictionary: a small two-way cache indexed by
/// the type's metadata address, so a hit costs no hashing.
struct LuaRecentFacts<Facts: AnyObject> {
    private static var size: Int { 32 }
    private var entries: [(type: ObjectIdentifier, facts: Facts)?] = Array(repeating: nil, count: size)

    /// The facts cached for `type`, if any. A type has two entries it may use; setting fills the
    /// one it holds or an empty one, else replaces the first.
    subscript(type: ObjectIdentifier) -> Facts? {
        get {
            let first = Self.slot(type)
            if let entry = entries[first], entry.type == type { return entry.facts }
            if let entry = entries[first ^ 1], entry.type == type { return entry.facts }
            return nil
        }
        set {
            let first = Self.slot(type)
            let slot = entries[first] == nil || entries[first]?.type == type || entries[first ^ 1] != nil
                ? first : first ^ 1
            entries[slot] = newValue.map { (type, $0) }
        }
    }

    /// The first entry for `type`: the top bits of its address times a large odd constant (types
    /// laid out at regular distances still spread over the entries).
    private static func slot(_ type: ObjectIdentifier) -> Int {
        Int(truncatingIfNeeded: (UInt64(UInt(bitPattern: type)) &* 0x9E37_79B9_7F4A_7C15) >> 59) & (size - 1)
    }
}

/// Where a kept keyed container reads or writes: aimed at each value's table in turn by the
/// coder using it, detached between values.
protocol LuaContainerFrame: AnyObject {
    associatedtype Coder: AnyObject
    /// Points the frame at the value `coder` is working on now, whose table is at `table`.
    func aim(_ coder: Coder, table: Int32)
    /// Lets go of the coder once its value is done.
    func detach()
}

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

extension LuaState {
    /// The facts about `T`, created on first use.
    func facts<T>(for type: T.Type) -> LuaTypeFacts {
        let id = ObjectIdentifier(T.self)
        if let facts = recentEncodingFacts[id] { return facts }
        let facts = encodingFacts[id] ?? LuaTypeFacts(
            integerKeyed: T.self is any LuaIntegerKeyedEncodable.Type, sequence: T.self as? any LuaSequenceEncodable.Type,
            tree: T.self is any LuaTreeEncodable.Type)
        encodingFacts[id] = facts
        recentEncodingFacts[id] = facts
        return facts
    }

    /// The decoding facts about `T`, created on first use.
    func decodingFacts<T>(for type: T.Type) -> LuaDecodingFacts {
        let id = ObjectIdentifier(T.self)
        if let facts = recentDecodingFacts[id] { return facts }
        let facts = decodingFacts[id] ?? LuaDecodingFacts(integerKeyed: T.self is any LuaIntegerKeyedDecodable.Type)
        decodingFacts[id] = facts
        recentDecodingFacts[id] = facts
        return facts
    }
}
