import Foundation

/// Something a presentation shows that a designer would not sign off, though it fits the
/// vocabulary: an empty text, a text shown twice in a placement, an empty minimal view, a text
/// wider than the slot it is shown in, fields that share a line wider together than their slot,
/// an Android field the notification cannot draw (<doc:AndroidNotifications>). `liverules check`
/// reports them, as warnings or, when the pack's `"checks"` is `"strict"`, as errors.
package struct OutputFinding: Sendable, Hashable, CustomStringConvertible {
    /// What kind of thing is wrong.
    package enum Kind: String, Sendable, Hashable {
        case emptyMinimal, emptyText, shownTwice, tooWide, sharedLine, notDrawn
    }

    /// What kind of thing is wrong.
    package var kind: Kind
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
    /// The findings for `presentation` at `now`, placement by placement in `Placement.allCases`
    /// order, fields in display order, each measured on the slot it names. A live timer is
    /// measured on the widest text it reads until the presentation's stale date (a countdown's
    /// own end when it comes first); a progress is drawn as a bar that takes its slot's room, a
    /// line of its own.
    static func findings(in presentation: Presentation, now: Double) -> [OutputFinding] {
        var findings: [OutputFinding] = []
        for placement in Placement.allCases {
            let fields = presentation.layout[placement]?.fields ?? []
            if placement == .islandMinimal, fields.isEmpty {
                findings.append(OutputFinding(kind: .emptyMinimal, placement: placement, field: nil,
                                              message: "the minimal view shows nothing: it must always show a field, such as a countdown or a score"))
            }
            // Texts already shown, and by which field: the badge's own text counts as the badge's
            // when the placement shows the badge.
            var shown: [String: String] = [:]
            if fields.contains(where: { $0.id == "badge" }) { shown[trimmed(presentation.badge.text)] = "badge" }
            let budget = placement.budget
            // What each line holds so far, by slot name and line: its width and its fields.
            var lines: [String: (width: Double, ids: [String])] = [:]
            for (index, field) in fields.enumerated() {
                let text = trimmed(field.text)
                if text.isEmpty {
                    findings.append(OutputFinding(kind: .emptyText, placement: placement, field: field.id, message: "the text is empty"
                        + (field.text.isEmpty ? "" : " (only spaces)") + ": leave the field out instead"))
                    continue
                }
                if let other = shown[text], other != field.id {
                    findings.append(OutputFinding(kind: .shownTwice, placement: placement, field: field.id,
                                                  message: "\"\(field.text)\" is shown twice: field '\(other)' shows it too"))
                } else {
                    shown[text] = field.id
                }
                let slot = slot(of: index, named: field.slot, in: budget)
                let measure = FieldMeasure(field, on: slot, in: placement, now: now, stale: presentation.timing?.stale)
                let (measured, width) = (measure.measured, measure.textWidth)
                if let line = field.line {
                    let key = "\(slot.name) \(line)", before = lines[key]
                    let shared = (width: before.map { $0.width + FieldMeasure.lineGap + measure.lineWidth } ?? measure.lineWidth,
                                  ids: (before?.ids ?? []) + [field.id])
                    if shared.ids.count > 1, shared.width > slot.width + 1e-9, (before?.width ?? 0) <= slot.width + 1e-9 {
                        findings.append(OutputFinding(kind: .sharedLine, placement: placement, field: field.id, message:
                            "fields \(shared.ids.map { "'\($0)'" }.joined(separator: ", ")) share line \(line) of slot '\(slot.name)' "
                            + "and take \(points(shared.width)) pt of its \(points(slot.width)) pt: give them lines of their own"))
                    }
                    lines[key] = shared
                }
                if case .progress? = field.live { continue }
                if width > slot.width + 1e-9 {
                    let what = measured == field.text ? "\"\(field.text)\" is" : "\"\(field.text)\" is a live timer: it can read as wide as \"\(measured)\","
                    findings.append(OutputFinding(kind: .tooWide, placement: placement, field: field.id, message:
                        "\(what) \(points(width)) pt wide at \(slot.fontSize) pt: wider than slot '\(slot.name)' (\(points(slot.width)) pt)"))
                }
            }
            if placement == .androidOngoing { findings += notDrawnOnAndroid(fields) }
        }
        return findings
    }

    /// The `androidOngoing` fields the notification cannot draw as the rules place them, by the
    /// mapping of <doc:AndroidNotifications>: it has one chronometer (the first timer in the
    /// `chip` slot, else the first timer) and one bar (the first progress), so any other timer or
    /// progress is left out; and a live field on the title line leaves the title, its clock going
    /// to the header and its bar below the text. A timer without hours is text (its minutes), no
    /// chronometer, and drawn where it stands.
    static func notDrawnOnAndroid(_ fields: [LayoutField]) -> [OutputFinding] {
        let budget = Placement.androidOngoing.budget
        let slots = fields.indices.map { slot(of: $0, named: fields[$0].slot, in: budget).name }
        let timers = fields.indices.filter {
            if case .timer? = fields[$0].live, fields[$0].live?.isMinutesOnAndroid == false { true } else { false }
        }
        let progresses = fields.indices.filter { if case .progress? = fields[$0].live { true } else { false } }
        let chronometer = timers.first { slots[$0] == "chip" } ?? timers.first
        var findings: [OutputFinding] = []
        func add(_ index: Int, _ message: String) {
            findings.append(OutputFinding(kind: .notDrawn, placement: .androidOngoing, field: fields[index].id, message: message))
        }
        for index in fields.indices {
            if let chronometer, timers.contains(index), index != chronometer {
                add(index, "a notification has one chronometer, which shows '\(fields[chronometer].id)': this timer is not drawn on Android")
            } else if let bar = progresses.first, progresses.contains(index), index != bar {
                add(index, "a notification has one progress bar, which shows '\(fields[bar].id)': this progress is not drawn on Android")
            } else if let live = fields[index].live, !live.isMinutesOnAndroid, slots[index] == "title" {
                add(index, "a live field on the title line leaves the notification's title on Android (its clock goes to the header, "
                    + "its bar below the text): give the title a text field")
            }
        }
        return findings
    }

    /// The slot field `index` is shown in: the placement's lead slot for its first field, else the
    /// slot its rule named, else the default slot.
    package static func slot(of index: Int, named name: String?, in budget: PlacementBudget) -> PlacementSlot {
        if index == 0, let lead = budget.slots.first(where: \.lead) { return lead }
        return budget.slots.first { $0.name == name } ?? budget.slots[0]
    }

    /// `text` without leading and trailing white space.
    private static func trimmed(_ text: String) -> String {
        guard let first = text.firstIndex(where: { !$0.isWhitespace }), let last = text.lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return first == text.startIndex && text.index(after: last) == text.endIndex ? text : String(text[first...last])
    }

    /// Points to two decimals at most: 290.25, 268.
    private static func points(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        return Int(exactly: rounded).map(String.init) ?? "\(rounded)"
    }
}
