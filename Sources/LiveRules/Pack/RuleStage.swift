/// The rules of a pack, in the order the host runs them. The phase rule runs first; the others
/// see the phase it chose and the facts it returned. Every rule but ``timing`` is required.
public enum RuleStage: String, CaseIterable, Sendable, Hashable {
    /// Chooses the phase (one of the manifest's phases) and returns facts the later rules see.
    case phase
    /// The badge: its text and tone.
    case badge
    /// The relevance score and whether the update alerts.
    case relevance
    /// Which fields each placement shows.
    case layout
    /// The colours, with fallbacks.
    case palette
    /// Optional: when the activity goes stale and is dismissed, and what an alert says (see
    /// ``Timing``). A pack without it presents no timing.
    case timing

    /// Whether every pack must name a file for this rule.
    public var isRequired: Bool { self != .timing }
}
