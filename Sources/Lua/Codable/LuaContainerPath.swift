/// Where a container sits in its coder's coding path: the first `depth` keys of the coder's path
/// (which are the same whenever the container is used) plus `extra` keys a nested container adds.
/// Containers keep this instead of a copy of the path, so the coder appends to its own path in
/// place: a copy held by a container would make every append reallocate it.
struct LuaContainerPath {
    let depth: Int
    var extra: [any CodingKey] = []

    /// The container's full coding path, given the coder's current one.
    func resolved(in current: [any CodingKey]) -> [any CodingKey] {
        extra.isEmpty && current.count == depth ? current : Array(current.prefix(depth)) + extra
    }

    /// The path of a container nested under `key`.
    func appending(_ key: any CodingKey) -> LuaContainerPath {
        LuaContainerPath(depth: depth, extra: extra + [key])
    }

    /// Whether the coder's current path is this path (so a key can be appended in place).
    func isCurrent(in current: [any CodingKey]) -> Bool {
        extra.isEmpty && current.count == depth
    }
}
