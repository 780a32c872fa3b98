/// The colours of one appearance.
///
/// Decodes `{"background", "foreground", "accent"}` only when all three are colours
/// (``LiveColour``): an appearance missing one is left to its fallback as a whole, so colours
/// chosen to contrast with each other stay together.
public struct LiveColours: Codable, Hashable, Sendable {
    /// Behind everything the activity shows.
    public let background: LiveColour
    /// Text and glyphs.
    public let foreground: LiveColour
    /// The highlight: progress, badges, emphasis.
    public let accent: LiveColour

    /// Colours from `#RRGGBB` text the library writes itself.
    init(background: String, foreground: String, accent: String) {
        guard let background = LiveColour(hex: background), let foreground = LiveColour(hex: foreground),
              let accent = LiveColour(hex: accent) else { preconditionFailure("not #RRGGBB") }
        self.background = background
        self.foreground = foreground
        self.accent = accent
    }

    /// The colours of `appearance` when a presentation gives none for it, nor for its
    /// fallbacks: black on white, white on black, and red on black at night, with a grey accent
    /// by day.
    static func neutral(_ appearance: LiveAppearance) -> LiveColours {
        switch appearance {
        case .light: LiveColours(background: "#FFFFFF", foreground: "#000000", accent: "#8E8E93")
        case .dark: LiveColours(background: "#000000", foreground: "#FFFFFF", accent: "#8E8E93")
        case .standByNight: LiveColours(background: "#000000", foreground: "#FF0000", accent: "#FF0000")
        }
    }
}

// MARK: - LiveAppearance

/// The appearance an activity is drawn in, each with its own colours (``LiveColours``).
public enum LiveAppearance: String, CaseIterable, Hashable, Sendable {
    /// Light mode (the lock screen's default).
    case light
    /// Dark mode, and the Dynamic Island, which is always black.
    case dark
    /// StandBy at night: everything tinted red.
    case standByNight

    /// The appearances whose colours stand in, in order, when a presentation's palette lacks
    /// this one: itself, then the nearest other.
    var fallbacks: [LiveAppearance] {
        switch self {
        case .light: [.light, .dark]
        case .dark: [.dark, .light]
        case .standByNight: [.standByNight, .dark, .light]
        }
    }
}
