/// Why a device needs a push: a change in what the rules present that the device cannot derive
/// from the live fields of the last push. A live field whose form
/// is the same needs none, whatever its text: the device draws the form, and its clock moves.
public enum PushReason: Sendable, Hashable, CustomStringConvertible {
    /// The first update: the activity starts.
    case start
    /// The phase.
    case phase
    /// The badge's text or tone.
    case badge
    /// The relevance score, which the push carries.
    case score
    /// The colours.
    case palette
    /// The update alerts: with another reason, or when the last push did not alert (the rules
    /// alerting again over what the device shows, and alerted about, need no push).
    case alert
    /// A field the device does not show appears in these placements.
    case shown(String, [Placement])
    /// A field the device shows leaves these placements.
    case gone(String, [Placement])
    /// These placements show the same fields in another order.
    case reordered([Placement])
    /// A field's text that no live form keeps current changes in these placements.
    case text(String, [Placement])
    /// A field's glyph changes in these placements.
    case glyph(String, [Placement])
    /// A field moves to another region or line of these placements.
    case moved(String, [Placement])
    /// A field's live form (its dates, its words, or whether it has one) changes in these
    /// placements.
    case live(String, [Placement])

    /// `start`, `phase`, `location gone`, `title text`, `countdown live form`, `reordered`.
    public var description: String {
        switch self {
        case .start: "start"
        case .phase: "phase"
        case .badge: "badge"
        case .score: "score"
        case .palette: "palette"
        case .alert: "alert"
        case .shown(let field, _): "\(field) shown"
        case .gone(let field, _): "\(field) gone"
        case .reordered: "reordered"
        case .text(let field, _): "\(field) text"
        case .glyph(let field, _): "\(field) glyph"
        case .moved(let field, _): "\(field) moved"
        case .live(let field, _): "\(field) live form"
        }
    }

    /// The placements a field reason is about; empty for the others.
    public var placements: [Placement] {
        switch self {
        case .shown(_, let placements), .gone(_, let placements), .reordered(let placements), .text(_, let placements),
             .glyph(_, let placements), .moved(_, let placements), .live(_, let placements):
            placements
        case .start, .phase, .badge, .score, .palette, .alert:
            []
        }
    }

    /// Why `current`, what the rules present now, needs a push when the device shows `pushed`;
    /// empty when the device draws `current` from `pushed`'s live fields.
    public static func reasons(from pushed: Presentation, to current: Presentation) -> [PushReason] {
        var reasons: [PushReason] = []
        if pushed.phase != current.phase { reasons.append(.phase) }
        if pushed.badge != current.badge { reasons.append(.badge) }
        if pushed.relevance.score != current.relevance.score { reasons.append(.score) }
        if pushed.palette != current.palette { reasons.append(.palette) }
        // Field changes in the order met: one reason per change of a field, with every placement it is in.
        var changes: [PushReason] = [], reordered: [Placement] = []
        func note(_ change: PushReason) {
            if let index = changes.firstIndex(where: { $0.description == change.description }) {
                changes[index] = changes[index].adding(change.placements)
            } else {
                changes.append(change)
            }
        }
        for placement in Placement.allCases {
            let old = pushed.layout[placement]?.fields ?? [], new = current.layout[placement]?.fields ?? []
            for field in new where !old.contains(where: { $0.id == field.id }) { note(.shown(field.id, [placement])) }
            for field in old where !new.contains(where: { $0.id == field.id }) { note(.gone(field.id, [placement])) }
            let kept = new.filter { field in old.contains { $0.id == field.id } }.map(\.id)
            if kept != old.filter({ field in new.contains { $0.id == field.id } }).map(\.id) { reordered.append(placement) }
            for field in new {
                guard let before = old.first(where: { $0.id == field.id }) else { continue }
                if before.glyph != field.glyph { note(.glyph(field.id, [placement])) }
                if before.slot != field.slot || before.line != field.line { note(.moved(field.id, [placement])) }
                if before.live != field.live {
                    note(.live(field.id, [placement]))
                } else if field.live == nil, before.text != field.text {
                    note(.text(field.id, [placement]))
                }
            }
        }
        let fieldReasons = changes + (reordered.isEmpty ? [] : [.reordered(reordered)])
        // An alert is news: the rules alerting again over what the device shows, alerted, is not.
        if current.relevance.alert, !pushed.relevance.alert || !reasons.isEmpty || !fieldReasons.isEmpty { reasons.append(.alert) }
        return reasons + fieldReasons
    }

    /// The same field reason in `more` placements as well.
    private func adding(_ more: [Placement]) -> PushReason {
        switch self {
        case .shown(let field, let placements): .shown(field, placements + more)
        case .gone(let field, let placements): .gone(field, placements + more)
        case .text(let field, let placements): .text(field, placements + more)
        case .glyph(let field, let placements): .glyph(field, placements + more)
        case .moved(let field, let placements): .moved(field, placements + more)
        case .live(let field, let placements): .live(field, placements + more)
        case .reordered(let placements): .reordered(placements + more)
        case .start, .phase, .badge, .score, .palette, .alert: self
        }
    }
}
