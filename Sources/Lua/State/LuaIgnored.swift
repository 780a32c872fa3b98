/// A result type that accepts any Lua value and reads nothing: for calls run for their effect.
public struct LuaIgnored: Decodable, Sendable {
    public init() {}
    public init(from decoder: any Decoder) throws {}
}
