/// One reason an explanation records: a decision-table row that matched (or was passed over), a
/// field dropped from a placement, a colour that fell back, or a rule author's `note(...)`.
///
/// `file` and `line` are where it was written in the pack: the row of the decision table, or the
/// rule line that called the helper (or `note`). Only the fields of its kind are set; the rest
/// are nil.
public struct ExplanationEntry: Codable, Sendable, Hashable {
    /// What an entry records.
    public enum Kind: String, Codable, Sendable, Hashable {
        /// A decision-table row matched: `row`, `comparisons` (every one held).
        case decision
        /// A decision-table row was checked and did not match: `row`, `comparisons` (up to the
        /// first that failed).
        case skipped
        /// A wanted field did not fit a placement: `field`, with `width` (its narrowest rendering,
        /// in points) and `budget` (the slot's width), or `capacity` when the placement was full.
        case dropped
        /// The fields a placement shows.
        case placed
        /// An appearance's accent is a fallback: `colour` (the preferred one, nil when missing),
        /// its `contrast` against the background and the `required` contrast; `accent` is what
        /// was used instead.
        case fallback
        /// An appearance's accent is the preferred or a fixed colour: `accent`.
        case accent
        /// The rule author's own `note(...)`.
        case note

        /// Whether the short explanation (``ExplanationDetail/notes``) may show the entry: notes,
        /// matched rows, dropped fields and fallbacks.
        public var isDecisive: Bool {
            switch self {
            case .note, .decision, .dropped, .fallback: true
            case .skipped, .placed, .accent: false
            }
        }
    }

    /// What the entry records.
    public var kind: Kind
    /// The output it explains, as a presentation path: `badge`, `layout.lockScreen`,
    /// `palette.dark`; for decisions and notes, the rule stage that was running.
    public var output: String
    /// The rule stage that was running (`badge`, `layout`, …); nil outside the rules.
    public var stage: String?
    /// The pack file it was written in (`rules/meetings/badges.lua`).
    public var file: String?
    /// The 1-based line in `file`.
    public var line: Int?
    /// One line a person reads: `row 5: first = true → text = "First up", tone = "neutral"`.
    public var summary: String
    /// The decision-table row, counted from 1.
    public var row: Int?
    /// The comparisons the row made, in the order it made them.
    public var comparisons: [DecisionComparison]?
    /// The dropped field's id.
    public var field: String?
    /// The dropped field's narrowest rendering, in points.
    public var width: Double?
    /// The width of the slot it was measured against, in points.
    public var budget: Double?
    /// How many fields the placement shows at most, when it was full.
    public var capacity: Int?
    /// The preferred colour that fell back (nil when there was none).
    public var colour: String?
    /// The accent used.
    public var accent: String?
    /// The preferred colour's contrast against the background.
    public var contrast: Double?
    /// The contrast the accent needs.
    public var required: Double?

    /// An entry of `kind` for `output`; the details are set one by one.
    public init(kind: Kind, output: String, summary: String) {
        self.kind = kind
        self.output = output
        self.summary = summary
    }

    /// `file:line` where it was written, `file` without a line, or nil.
    public var location: String? {
        guard let file else { return nil }
        return line.map { "\(file):\($0)" } ?? file
    }
}

extension ExplanationEntry {
    /// The entry as a JSON object: the members that are set, under their `Codable` names.
    var json: JSONValue {
        var members: [String: JSONValue] = [
            "kind": .string(kind.rawValue), "output": .string(output), "summary": .string(summary),
        ]
        members["stage"] = stage.map(JSONValue.string)
        members["file"] = file.map(JSONValue.string)
        members["line"] = line.map { .integer(Int64($0)) }
        members["row"] = row.map { .integer(Int64($0)) }
        members["comparisons"] = comparisons.map { list in
            .array(list.map { .object(["name": .string($0.name), "value": .string($0.value),
                                       "condition": .string($0.condition), "matched": .bool($0.matched)]) })
        }
        members["field"] = field.map(JSONValue.string)
        members["width"] = width.map(JSONValue.number)
        members["budget"] = budget.map(JSONValue.number)
        members["capacity"] = capacity.map { .integer(Int64($0)) }
        members["colour"] = colour.map(JSONValue.string)
        members["accent"] = accent.map(JSONValue.string)
        members["contrast"] = contrast.map(JSONValue.number)
        members["required"] = required.map(JSONValue.number)
        return .object(members)
    }
}

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
