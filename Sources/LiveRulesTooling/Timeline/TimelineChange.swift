import LiveRules

/// One aspect of a presentation that changed between two moments.
package enum TimelineChange: Sendable, Hashable, CustomStringConvertible {
    /// The phase.
    case phase
    /// The badge's text or tone.
    case badge
    /// The fields or dropped fields of these placements.
    case fields([Placement])
    /// The relevance score.
    case score
    /// The colours.
    case palette
    /// Whether the update alerts.
    case alert
    /// Presenting started or stopped failing, or failed differently.
    case failure

    /// The changes from `old` to `new` (every aspect when there is no `old`). Whether an update
    /// alerts belongs to the update, not to what it shows: it is a change only when it alerts.
    static func between(_ old: Result<Presentation, TimelineFailure>?, _ new: Result<Presentation, TimelineFailure>) -> [TimelineChange] {
        switch (old, new) {
        case (.success(let old)?, .success(let new)):
            var changes: [TimelineChange] = []
            if old.phase != new.phase { changes.append(.phase) }
            if old.badge != new.badge { changes.append(.badge) }
            let placements = Placement.allCases.filter { old.layout[$0] != new.layout[$0] }
            if !placements.isEmpty { changes.append(.fields(placements)) }
            if old.relevance.score != new.relevance.score { changes.append(.score) }
            if old.palette != new.palette { changes.append(.palette) }
            if new.relevance.alert { changes.append(.alert) }
            return changes
        case (nil, .success(let new)):
            return [.phase, .badge, .fields(Placement.allCases), .score, .palette] + (new.relevance.alert ? [.alert] : [])
        case (.failure(let old)?, .failure(let new)):
            return old == new ? [] : [.failure]
        default:
            return [.failure]
        }
    }

    /// `phase`, `badge`, `fields lockScreen islandMinimal` (`fields everywhere` for every
    /// placement), `score`, `palette`, `alert`, `failure`.
    package var description: String {
        switch self {
        case .phase: "phase"
        case .badge: "badge"
        case .fields(let placements) where placements.count == Placement.allCases.count: "fields everywhere"
        case .fields(let placements): "fields " + placements.map(\.rawValue).joined(separator: " ")
        case .score: "score"
        case .palette: "palette"
        case .alert: "alert"
        case .failure: "failure"
        }
    }
}
