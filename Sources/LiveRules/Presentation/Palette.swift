/// The colours of an activity in each appearance.
public struct Palette: Sendable, Hashable, Codable {
    public var light: Appearance
    public var dark: Appearance
    /// StandBy at night: everything tinted red.
    public var standByNight: Appearance

    public init(light: Appearance, dark: Appearance, standByNight: Appearance) {
        self.light = light
        self.dark = dark
        self.standByNight = standByNight
    }
}
