import CLua
import CLuaShim

/// Checks of which keys a table holds, for hosts that must not skip what they do not read. A
/// check looks at no more keys than the table may legally hold plus ``extraKeys``, so a table
/// of a million keys costs no more than a small one; a refused key is named by its path step,
/// escaped (`.lock\xFFScreen`, `[1]`, `[true]`). Of several refused keys the first in the
/// sandbox's key order is named, so the error is the same on every run.
extension LuaTableReader {
    /// How many keys past the legal ones a check looks at before it stops with "more than"
    /// instead of naming one: enough to name a mistake or two.
    public static let extraKeys = 16

    /// Refuses every key of the table but the strings in `names` (each may be absent).
    public func checkKeys(only names: [String]) throws(LuaError) {
        switch refusedKey(among: names.count, accepting: { slot in isName(at: slot, among: names) }).refused {
        case nil: return
        case .tooMany(let seen):
            throw .decoding(path: "", expected: "only the keys \(names.joined(separator: ", "))", found: "a table of more than \(seen) keys")
        case .refused(let key):
            throw .decoding(path: Self.relative(key.step), expected: "nothing (the keys are \(names.joined(separator: ", ")))",
                            found: key.value)
        }
    }

    /// The table's keys, each a name: a string of valid UTF-8 (copied, and charged to a limited
    /// reader's budget). Any other key is refused, as not `what`. The table may legally hold
    /// `most` keys; one of more than `most` + ``extraKeys`` is refused, so up to ``extraKeys``
    /// names the caller does not know are returned for it to name.
    public func names(expecting most: Int, naming what: String) throws(LuaError) -> [String] {
        switch refusedKey(among: most, accepting: isValidName(at:)).refused {
        case nil: break
        case .tooMany(let seen):
            throw .decoding(path: "", expected: "at most \(most) keys", found: "a table of more than \(seen) keys")
        case .refused(let key):
            throw .decoding(path: Self.relative(key.step), expected: "\(what) (a string of valid UTF-8)", found: key.kind)
        }
        var names: [String] = []
        lua_pushnil(L)
        while lua_next(L, index) != 0 {
            let key = lua_gettop(L) - 1
            if lua_type(L, key) == LUA_TSTRING {
                do throws(LuaError) {
                    names.append(try text(at: key, most: nil, path: Self.relative(LuaFoundKey(in: state, key: key, value: key + 1).step)))
                } catch {
                    lrs_pop(L, 2)
                    throw error
                }
            }
            lrs_pop(L, 1)
        }
        return names
    }

    /// Refuses every key of the list, of length `count`, but 1…count, and a hole among those;
    /// `path` names the list. Its work is bounded by the keys the table holds, whatever its
    /// length says.
    @usableFromInline func checkListKeys(count: Int, path: String) throws(LuaError) {
        let (refused, keys) = refusedKey(among: count) { slot in
            guard lua_type(L, slot) == LUA_TNUMBER, lua_isinteger(L, slot) != 0 else { return false }
            let position = lua_tointegerx(L, slot, nil)
            return position >= 1 && position <= count
        }
        switch refused {
        case nil: break
        case .tooMany(let seen):
            throw .decoding(path: path, expected: "a list of \(count) elements and nothing else", found: "a table of more than \(seen) keys")
        case .refused(let key):
            throw .decoding(path: path + key.step, expected: "nothing past the list's \(count) element\(count == 1 ? "" : "s")", found: key.value)
        }
        guard keys < count else { return }
        // Fewer keys than elements: the first hole is at most one past the keys there are.
        var hole = 1
        while lua_rawgeti(L, index, lua_Integer(hole)) != LUA_TNIL {
            lrs_pop(L, 1)
            hole += 1
        }
        lrs_pop(L, 1)
        throw .decoding(path: "\(path)[\(hole)]", expected: "an element (a list of length \(count) has no holes)", found: "nil")
    }

    /// What a check of the keys found wrong.
    enum RefusedKey {
        /// More keys than the check looks at.
        case tooMany(Int)
        /// The first key refused.
        case refused(LuaFoundKey)
    }

    /// Walks the table's keys (a host's table's private light userdata keys aside) with
    /// `accepts` (given the key's slot): what it refused (nil when it accepts every one) and how
    /// many keys it saw. Looks at `legal` + ``extraKeys`` keys at most: past them, too many,
    /// whichever they are. [-0, +0]
    func refusedKey(among legal: Int, accepting accepts: (Int32) -> Bool) -> (refused: RefusedKey?, keys: Int) {
        let (sum, overflows) = legal.addingReportingOverflow(Self.extraKeys)
        let limit = overflows ? .max : sum
        var count = 0
        var refused: [LuaFoundKey] = []
        lua_pushnil(L)
        while lua_next(L, index) != 0 {
            defer { lrs_pop(L, 1) }
            let key = lua_gettop(L) - 1
            if isHosts && lua_type(L, key) == LUA_TLIGHTUSERDATA { continue }
            count += 1
            guard count <= limit else {
                lrs_pop(L, 1)
                return (.tooMany(limit), count)
            }
            if !accepts(key) { refused.append(LuaFoundKey(in: state, key: key, value: key + 1)) }
        }
        return (refused.min().map(RefusedKey.refused), count)
    }

    /// A path step (`.title`, `[1]`) relative to this table: without its leading dot.
    private static func relative(_ step: String) -> String {
        step.hasPrefix(".") ? String(step.dropFirst()) : step
    }

    /// Whether the key at `slot` is one of `names`, compared byte for byte.
    private func isName(at slot: Int32, among names: [String]) -> Bool {
        guard lua_type(L, slot) == LUA_TSTRING else { return false }
        var length = 0
        let key = UnsafeRawBufferPointer(start: lua_tolstring(L, slot, &length), count: length)
        return names.contains { name in name.utf8.elementsEqual(key) }
    }

    /// Whether the key at `slot` is a string of valid UTF-8.
    private func isValidName(at slot: Int32) -> Bool {
        guard lua_type(L, slot) == LUA_TSTRING else { return false }
        var length = 0
        return LuaText.isValidUTF8(UnsafeRawBufferPointer(start: lua_tolstring(L, slot, &length), count: length))
    }
}
