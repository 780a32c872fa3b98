/// A result type that accepts any Lua value and reads nothing: for calls run for their effect.
public struct LuaIgnored: Decodable, Sendable {
    /// The ignored result.
    public init() {}
    /// Reads nothing, whatever the value.
    public init(from decoder: any Decoder) throws {}
}
