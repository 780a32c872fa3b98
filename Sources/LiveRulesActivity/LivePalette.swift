/// The colours of every appearance, each complete: the form's `palette`, with the fallbacks
/// applied when it is decoded.
///
/// Decoding never fails on a palette that is an object: an appearance that is missing or not
/// complete (see ``LiveColours``) takes the colours of its first complete fallback
/// (``LiveAppearance/fallbacks``: standByNight → dark → light, dark → light, light → dark),
/// else ``LiveColours/neutral(_:)``. Unknown appearances are ignored. Encodes all three.
struct LivePalette: Codable, Hashable, Sendable {
    var light: LiveColours
    var dark: LiveColours
    var standByNight: LiveColours

    /// Every appearance in its neutral colours: a presentation without a palette.
    static let neutral = LivePalette(light: .neutral(.light), dark: .neutral(.dark), standByNight: .neutral(.standByNight))

    init(light: LiveColours, dark: LiveColours, standByNight: LiveColours) {
        self.light = light
        self.dark = dark
        self.standByNight = standByNight
    }

    /// The colours of `appearance`.
    subscript(appearance: LiveAppearance) -> LiveColours {
        switch appearance {
        case .light: light
        case .dark: dark
        case .standByNight: standByNight
        }
    }

    private enum CodingKeys: String, CodingKey {
        case light, dark, standByNight
    }

    /// Decodes the appearances there are and falls back for the others; fails only when the
    /// value is not an object.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func given(_ appearance: LiveAppearance) -> LiveColours? {
            guard let key = CodingKeys(rawValue: appearance.rawValue) else { return nil }
            return try? container.decode(LiveColours.self, forKey: key)
        }
        func resolved(_ appearance: LiveAppearance) -> LiveColours {
            appearance.fallbacks.lazy.compactMap(given).first ?? .neutral(appearance)
        }
        self.init(light: resolved(.light), dark: resolved(.dark), standByNight: resolved(.standByNight))
    }
}
