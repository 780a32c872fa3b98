import Foundation

extension Presentation {
    /// The version of ``deviceForm`` this host writes; the `LiveRulesActivity` library reads it
    /// and skips what a newer version adds.
    public static let deviceFormVersion = 1

    /// The presentation as a push carries it to a device, which cannot run the rules: what a
    /// device draws, and nothing only tooling reads (dropped fields, fallback reasons, the
    /// timing, which the push sends in `aps`). Deterministic and small: each distinct field is
    /// written once, each placement lists its fields by index, and where each is drawn: its
    /// region (slot) and line, as `"slot:line"`, in the same order.
    ///
    /// ```
    /// { "v": 1, "phase": "countdown", "badge": { "text", "tone" },
    ///   "fields": [ { "id", "text", "glyph"?, "timer"? { "date", "counts", "prefix"?, "suffix"? },
    ///                 "progress"? { "start", "finish" } } ],
    ///   "placements": { "lockScreen": [0, 1, 2], … },       // a placement showing nothing is left out
    ///   "regions": { "lockScreen": ["title:1", "body:1", "body:2"], … },  // placements whose fields all have one
    ///   "palette": { "light" | "dark" | "standByNight": { "background", "foreground", "accent" } } }
    /// ```
    /// Dates are seconds since 2001-01-01, as the app's default `JSONDecoder` reads a `Date`.
    /// `schemas/live-presentation-v1.schema.json` describes the form for other clients.
    public var deviceForm: JSONValue {
        DeviceForm(presentation: self).json
    }
}
