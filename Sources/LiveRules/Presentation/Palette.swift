/// The colours of an activity in each appearance.
public struct Palette: Sendable, Hashable, Codable, JSONShaped {
    /// Light mode (the lock screen's default).
    public var light: Appearance
    /// Dark mode, and the Dynamic Island, which is always black.
    public var dark: Appearance
    /// StandBy at night: everything tinted red.
    public var standByNight: Appearance

    /// A palette of the three appearances.
    public init(light: Appearance, dark: Appearance, standByNight: Appearance) {
        self.light = light
        self.dark = dark
        self.standByNight = standByNight
    }

    /// Writes the JSON form, which `Codable` encodes: `{"light", "dark", "standByNight"}`.
    func write(to output: inout some JSONOutput) {
        output.beginObject()
        output.member("dark", dark)
        output.member("light", light)
        output.member("standByNight", standByNight)
        output.endObject()
    }

    /// Encodes `{"light", "dark", "standByNight"}`, the shape goldens have.
    public func encode(to encoder: any Encoder) throws {
        try json.encode(to: encoder)
    }
}
