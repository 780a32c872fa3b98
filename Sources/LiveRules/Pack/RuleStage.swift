/// The rules of a pack, in the order the host runs them. The phase rule runs first; the others
/// see the phase it chose and the facts it returned.
public enum RuleStage: String, CaseIterable, Sendable, Hashable {
    case phase, badge, relevance, layout, palette
}
