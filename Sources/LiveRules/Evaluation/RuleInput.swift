/// The table every rule receives as `input`.
package enum RuleInput {
    /// Its members, in order: `attributes`, `state`, `now`, `previous`, and for every rule
    /// after the phase rule `phase` and `facts`.
    package static func members(withPhase: Bool) -> [String] {
        ["attributes", "state", "now", "previous"] + (withPhase ? ["phase", "facts"] : [])
    }
}
