#if Studio
/// An appearance the page draws each surface in: which of a palette's appearances it uses.
package struct PreviewAppearance: Sendable, Encodable {
    /// `light`, `dark`, `standByNight`: the palette member it draws with by default.
    package var id: String
    /// As the page heads it.
    package var title: String

    /// Light, dark and StandBy at night (tinted red).
    package static let all = [
        PreviewAppearance(id: "light", title: "Light"),
        PreviewAppearance(id: "dark", title: "Dark"),
        PreviewAppearance(id: "standByNight", title: "StandBy night"),
    ]
}
#endif
