import Foundation
import LiveRules

/// A presentation as a readable table: phase, badge and relevance, then each placement's
/// fields (a field's glyph before its text, in brackets: `[dot] 2–1`; its live form after it:
/// `in 9:59  (live: timer down to 09:30Z)`) and what it dropped, then the palette. Control characters the rules returned are
/// escaped (``TerminalText``).
struct PresentationTable {
    let presentation: Presentation
    let placement: Placement?

    init(_ presentation: Presentation, placement: Placement?) {
        self.presentation = presentation
        self.placement = placement
    }

    var text: String {
        var lines: [String] = []
        let p = presentation
        lines.append(row("phase", p.phase))
        lines.append(row("badge", "\(p.badge.text.isEmpty ? "(none)" : p.badge.text) [\(p.badge.tone.rawValue)]"))
        lines.append(row("relevance", "\(number(p.relevance.score))\(p.relevance.alert ? ", alert" : "")"))
        for id in Placement.allCases where placement == nil || id == placement {
            guard let layout = p.layout[id] else { continue }
            lines.append("")
            lines.append(id.rawValue)
            if layout.fields.isEmpty { lines.append("  (no fields)") }
            for field in layout.fields {
                let glyph = field.glyph.map { "[\($0.spelling)] " } ?? ""
                let live = field.live.map { "  (live: \(describe($0)))" } ?? ""
                lines.append("  " + row(field.id, glyph + field.text + live, width: 18))
            }
            if !layout.dropped.isEmpty { lines.append("  " + row("dropped", layout.dropped.joined(separator: ", "), width: 18)) }
        }
        lines.append("")
        lines.append("palette         background  foreground  accent    fallback")
        for (name, look) in [("light", p.palette.light), ("dark", p.palette.dark), ("standByNight", p.palette.standByNight)] {
            lines.append("  " + row(name, "\(look.background)     \(look.foreground)     \(look.accent)   \(look.fallback ?? "-")", width: 14))
        }
        return lines.map(TerminalText.escaped).joined(separator: "\n") + "\n"
    }

    /// A live form in a few words: `timer down to 09:30Z`, `progress 09:00Z to 09:30Z`.
    private func describe(_ live: LiveForm) -> String {
        func time(_ date: Date) -> String { String(ISO8601.format(date.timeIntervalSince1970).dropFirst(11).prefix(5)) + "Z" }
        return switch live {
        case .timer(let date, let counts, _, _, _): "timer \(counts.rawValue) \(counts == .down ? "to" : "from") \(time(date))"
        case .progress(let start, let finish): "progress \(time(start)) to \(time(finish))"
        }
    }

    private func row(_ label: String, _ value: String, width: Int = 11) -> String {
        label.padding(toLength: max(width, label.count + 1), withPad: " ", startingAt: 0) + value
    }

    private func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}
