#if Studio
import LiveRules

/// A surface the page draws to scale, in points: its frame on each phone class and the
/// placements it shows, whose slots come from the placement budgets. The frames are the outer
/// sizes the manual's article *Placements and budgets* gives; the slots inside them are the
/// budgets' (the region minus its margins).
package struct PreviewSurface: Sendable, Encodable {
    /// `islandCompact`, `lockScreen`, …: what the page draws.
    package var id: String
    /// As the page captions it.
    package var title: String
    /// The placements drawn, in order (the compact island draws leading, then trailing).
    package var placements: [PreviewPlacement]
    /// The frame's width in points, by phone class (`"393"`, `"430"`).
    package var width: [String: Double]
    /// For a frame that grows with its content (the minimal island, for a glyph beside its
    /// text): its greatest width in points, by phone class.
    package var maxWidth: [String: Double]?
    /// The frame's least height in points; it grows with its content up to ``maxHeight``.
    package var height: Double
    /// The frame's greatest height in points.
    package var maxHeight: Double
    /// For the compact island: the width of each side beside the sensor, by phone class.
    package var sideWidth: [String: Double]?
    /// How many times the layout is drawn enlarged (StandBy: 2).
    package var scale: Double
    /// The frame's corner radius in points.
    package var cornerRadius: Double
    /// The palette member drawn in each appearance the surface has (by ``PreviewAppearance/id``);
    /// an appearance it never shows on a device is not a key.
    package var palettes: [String: String]

    // Only the appearances each surface really has: the Dynamic Island and the Watch are always
    // dark; StandBy is dark, and red at night; the lock screen and Android are light and dark.
    private static let lightAndDark = ["light": "light", "dark": "dark"]
    private static let alwaysDark = ["dark": "dark"]
    private static let standBy = ["dark": "dark", "standByNight": "standByNight"]

    private static func classes(_ narrow: Double, _ wide: Double) -> [String: Double] {
        ["393": narrow, "430": wide]
    }

    /// Every surface, in the order the page draws them.
    package static let all: [PreviewSurface] = [
        PreviewSurface(
            id: "islandCompact", title: "Dynamic Island · compact",
            placements: [PreviewPlacement(.islandCompactLeading), PreviewPlacement(.islandCompactTrailing)],
            width: classes(230, 250), maxWidth: nil, height: 36.67, maxHeight: 36.67, sideWidth: classes(52.33, 62.33),
            scale: 1, cornerRadius: 18.33, palettes: alwaysDark),
        PreviewSurface(
            id: "islandMinimal", title: "Dynamic Island · minimal", placements: [PreviewPlacement(.islandMinimal)],
            width: classes(36.67, 36.67), maxWidth: classes(45, 45), height: 36.67, maxHeight: 36.67, sideWidth: nil,
            scale: 1, cornerRadius: 18.33, palettes: alwaysDark),
        PreviewSurface(
            id: "islandExpanded", title: "Dynamic Island · expanded", placements: [PreviewPlacement(.islandExpanded)],
            width: classes(371, 408), maxWidth: nil, height: 84, maxHeight: 160, sideWidth: nil,
            scale: 1, cornerRadius: 44, palettes: alwaysDark),
        PreviewSurface(
            id: "lockScreen", title: "Lock screen", placements: [PreviewPlacement(.lockScreen)],
            width: classes(343, 380), maxWidth: nil, height: 84, maxHeight: 160, sideWidth: nil,
            scale: 1, cornerRadius: 22, palettes: lightAndDark),
        PreviewSurface(
            id: "standBy", title: "StandBy (2×)", placements: [PreviewPlacement(.standBy)],
            width: classes(343, 380), maxWidth: nil, height: 84, maxHeight: 160, sideWidth: nil,
            scale: 2, cornerRadius: 22, palettes: standBy),
        PreviewSurface(
            id: "watchSmartStack", title: "Apple Watch Smart Stack (40 mm)", placements: [PreviewPlacement(.watchSmartStack)],
            width: classes(152, 152), maxWidth: nil, height: 69.5, maxHeight: 69.5, sideWidth: nil,
            scale: 1, cornerRadius: 16, palettes: alwaysDark),
        PreviewSurface(
            id: "androidOngoing", title: "Android ongoing notification", placements: [PreviewPlacement(.androidOngoing)],
            width: classes(360, 360), maxWidth: nil, height: 72, maxHeight: 160, sideWidth: nil,
            scale: 1, cornerRadius: 16, palettes: lightAndDark),
    ]
}

/// A placement as the page draws it: its capacity and slots, from ``Placement``'s budget.
package struct PreviewPlacement: Sendable, Encodable {
    /// Which placement.
    package var id: Placement
    /// How many fields it shows at most.
    package var capacity: Int
    /// Its slots, the default slot first.
    package var slots: [PreviewSlot]

    /// The page's form of `placement`'s budget.
    init(_ placement: Placement) {
        let budget = placement.budget
        id = placement
        capacity = budget.capacity
        slots = budget.slots.map(PreviewSlot.init)
    }
}

/// A slot of a placement as the page draws it: its line width on each phone class, its lines and
/// its font size, from the placement budgets the layout helpers measure with.
package struct PreviewSlot: Sendable, Encodable {
    /// The slot's name within its placement (`title`, `body`, `main`, …).
    package var name: String
    /// Line width in points, by phone class (`"393"`, `"430"`).
    package var width: [String: Double]
    /// How many lines the slot shows.
    package var lines: Int
    /// The font size in points.
    package var fontSize: Int
    /// Whether the placement's first field is drawn here whatever slot it names.
    package var lead: Bool

    /// The page's form of a budget's slot.
    init(_ slot: PlacementSlot) {
        name = slot.name
        width = ["393": slot.width, "430": slot.wideWidth]
        lines = slot.lines
        fontSize = slot.fontSize
        lead = slot.lead
    }
}

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
