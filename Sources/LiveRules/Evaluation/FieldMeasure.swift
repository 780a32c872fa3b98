import Foundation

/// How wide a shown field is, by the one width rule the layout helpers use: what the output
/// checks hold against its slot, and the box the preview studio draws it in.
package struct FieldMeasure: Sendable, Equatable {
    /// The text measured: the field's text, or for a live timer the widest it reads until the
    /// presentation's stale date (on Android, a timer without hours as the minutes it draws);
    /// "" for a progress.
    package var measured: String
    /// The width of ``measured`` in points at the slot's font size.
    package var textWidth: Double
    /// The width the field takes on its line: a progress the slot's, anything else its text's;
    /// and its glyph's beside it.
    package var lineWidth: Double

    /// Points between two fields on one line, as `liverules.layout` places them.
    package static let lineGap = 8.0

    /// `field` measured on `slot` of `placement` at `now` (Unix seconds), a live timer until `stale`.
    package init(_ field: LayoutField, on slot: PlacementSlot, in placement: Placement, now: Double, stale: Date?) {
        let at = Date(timeIntervalSince1970: now)
        switch field.live {
        case nil: measured = field.text
        case .progress?: measured = ""
        case let live? where placement.budget.minuteTimers && live.isMinutesOnAndroid:
            measured = live.widestMinutesOnAndroid(from: at, until: stale) ?? field.text
        case let live?:
            measured = live.widestReading(from: at, until: stale) ?? field.text
        }
        textWidth = Self.width(of: measured, fontSize: slot.fontSize)
        if case .progress? = field.live {
            lineWidth = slot.width + (field.glyph?.width ?? 0)
        } else {
            lineWidth = textWidth + (field.glyph?.width ?? 0)
        }
    }

    /// The width of `text` at `fontSize` in points, by the one width rule the text helpers use
    /// (``HostFunctions/units(of:)``: whole grapheme clusters, emoji and wide scripts at 1 em).
    package static func width(of text: String, fontSize: Int) -> Double {
        Double(HostFunctions.units(of: text) * fontSize) / 100
    }
}
