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
