import Foundation

/// Something a presentation shows that a designer would not sign off, though it fits the
/// vocabulary: an empty text, a text shown twice in a placement, an empty minimal view, a text
/// wider than the slot it is shown in. `liverules check` reports them, as warnings or, when the
/// pack's `"checks"` is `"strict"`, as errors.
package struct OutputFinding: Sendable, Hashable, CustomStringConvertible {
    /// The placement the finding is in.
    package var placement: Placement
    /// The field at fault, nil for the placement as a whole.
    package var field: String?
    /// What is wrong.
    package var message: String

    /// `placement.field: message`, or `placement: message`.
    package var description: String {
        placement.rawValue + (field.map { ".\($0)" } ?? "") + ": " + message
    }
}

extension OutputFinding {
    /// The findings for `presentation` at `now`, whose fields were measured on `slots` (per
    /// placement, the slot name each field's rule measured it on, nil when unknown), placement by
    /// placement in `Placement.allCases` order, fields in display order. A live timer is measured
    /// on the widest text it reads until the presentation's stale date (a countdown's own end when
    /// it comes first), a progress not at all: it is drawn as a bar that takes its slot's room.
    static func findings(in presentation: Presentation, now: Double, slots: [Placement: [String?]]) -> [OutputFinding] {
        var findings: [OutputFinding] = []
        for placement in Placement.allCases {
            let fields = presentation.layout[placement]?.fields ?? []
            if placement == .islandMinimal, fields.isEmpty {
                findings.append(OutputFinding(placement: placement, field: nil,
                                              message: "the minimal view shows nothing: it must always show a field, such as a countdown or a score"))
            }
            // Texts already shown, and by which field: the badge's own text counts as the badge's
            // when the placement shows the badge.
            var shown: [String: String] = [:]
            if fields.contains(where: { $0.id == "badge" }) { shown[trimmed(presentation.badge.text)] = "badge" }
            let budget = placement.budget
            for (index, field) in fields.enumerated() {
                let text = trimmed(field.text)
                if text.isEmpty {
                    findings.append(OutputFinding(placement: placement, field: field.id, message: "the text is empty"
                        + (field.text.isEmpty ? "" : " (only spaces)") + ": leave the field out instead"))
                    continue
                }
                if let other = shown[text], other != field.id {
                    findings.append(OutputFinding(placement: placement, field: field.id,
                                                  message: "\"\(field.text)\" is shown twice: field '\(other)' shows it too"))
                } else {
                    shown[text] = field.id
                }
                let slot = slot(of: index, named: slots[placement]?[safe: index] ?? nil, in: budget)
                let measured: String
                switch field.live {
                case nil: measured = field.text
                case .progress?: continue
                case let live?:
                    measured = live.widestReading(from: Date(timeIntervalSince1970: now), until: presentation.timing?.stale) ?? field.text
                }
                let width = textWidth(measured, fontSize: slot.fontSize)
                if width > slot.width + 1e-9 {
                    let what = measured == field.text ? "\"\(field.text)\" is" : "\"\(field.text)\" is a live timer: it can read as wide as \"\(measured)\","
                    findings.append(OutputFinding(placement: placement, field: field.id, message:
                        "\(what) \(points(width)) pt wide at \(slot.fontSize) pt: wider than slot '\(slot.name)' (\(points(slot.width)) pt)"))
                }
            }
        }
        return findings
    }

    /// The slot field `index` is shown in: the placement's lead slot for its first field, else the
    /// slot its rule named, else the default slot.
    static func slot(of index: Int, named name: String?, in budget: PlacementBudget) -> PlacementSlot {
        if index == 0, let lead = budget.slots.first(where: \.lead) { return lead }
        return budget.slots.first { $0.name == name } ?? budget.slots[0]
    }

    /// `text` without leading and trailing white space.
    private static func trimmed(_ text: String) -> String {
        String(text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }

    /// Points to two decimals at most: 290.25, 268.
    private static func points(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        return Int(exactly: rounded).map(String.init) ?? "\(rounded)"
    }

    /// The width of `text` at `fontSize` in points, by the one width rule the text helpers use
    /// (``HostFunctions/units(of:)``: whole grapheme clusters, emoji and wide scripts at 1 em).
    static func textWidth(_ text: String, fontSize: Int) -> Double {
        Double(HostFunctions.units(of: text) * fontSize) / 100
    }
}

private extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
