/// The colours of one appearance, `#RRGGBB`, and why a fallback replaced the preferred accent.
public struct Appearance: Sendable, Hashable, Codable {
    public var background: String
    public var foreground: String
    public var accent: String
    /// Why the accent is not the preferred colour (missing, too little contrast…), or nil.
    public var fallback: String?

    public init(background: String, foreground: String, accent: String, fallback: String? = nil) {
        self.background = background
        self.foreground = foreground
        self.accent = accent
        self.fallback = fallback
    }
}
