/// One comparison a decision-table row made: the subject's value for a key of its `when`, and
/// whether the row's condition held (`minutes = 12 ≤ 15`).
public struct DecisionComparison: Codable, Sendable, Hashable {
    /// The key compared (`phase`, `first`).
    public var name: String
    /// The subject's value, as Lua shows it (`"countdown"`, `12`, `true`, `nil`).
    public var value: String
    /// The condition: a value (`true`), a set (`one of "progress", "combo"`), a comparison
    /// (`≤ 15`), `any`, or `its test` (a function).
    public var condition: String
    /// Whether the condition held.
    public var matched: Bool

    /// A comparison of `name`'s `value` with `condition`.
    public init(name: String, value: String, condition: String, matched: Bool) {
        self.name = name
        self.value = value
        self.condition = condition
        self.matched = matched
    }
}
