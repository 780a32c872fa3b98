/// One side of a match.
public struct Team: Codable, Hashable, Sendable {
    /// "Arsenal".
    public var name: String
    /// The short code: "ARS".
    public var code: String
    /// `#RRGGBB`, when the team has a usable colour.
    public var colour: String?

    /// A team called `name`, `code` for short, with its colour when it has a usable one.
    public init(name: String, code: String, colour: String? = nil) {
        self.name = name
        self.code = code
        self.colour = colour
    }
}
