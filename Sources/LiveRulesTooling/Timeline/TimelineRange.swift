import LiveRules

/// The moments a timeline steps through: `from`, then every `step` seconds before `to`, and `to`.
package struct TimelineRange: Sendable, Hashable {
    /// The most steps one timeline presents (a week in minutes is 10,080).
    package static let maximumSteps = 20_000

    /// The first moment, in Unix seconds.
    package var from: Double
    /// The last moment a step may land on, in Unix seconds.
    package var to: Double
    /// Seconds between moments; above zero.
    package var step: Double

    /// A range from `from` to `to` every `step` seconds; checked by ``problem``.
    package init(from: Double, to: Double, step: Double) {
        self.from = from
        self.to = to
        self.step = step
    }

    /// The default range for `fixture`: the span of the dates in its attributes and state and
    /// its `now`, in 1-minute steps; an hour from `now` when that span is empty.
    package static func span(of fixture: Fixture, schema: Schema) -> TimelineRange {
        let dates = schema.attributes.dates(in: fixture.attributes) + schema.state.dates(in: fixture.state) + [fixture.now]
        let from = dates.min() ?? fixture.now, to = dates.max() ?? fixture.now
        return TimelineRange(from: from, to: to > from ? to : from + 3600, step: 60)
    }

    /// How many moments the range holds, `to` included.
    package var count: Int {
        let steps = Int(((to - from) / step).rounded(.down))
        return steps + (moment(steps) < to ? 2 : 1)
    }

    /// Why the range cannot be stepped through, or nil when it can.
    package var problem: String? {
        guard from.isFinite, to.isFinite, step.isFinite, step > 0 else { return "the step must be a positive number of seconds" }
        guard to >= from else { return "the range ends before it starts" }
        guard (to - from) / step < Double(Self.maximumSteps) else {
            return "the range has more than \(Self.maximumSteps) steps: choose a larger step or a shorter range"
        }
        return nil
    }

    /// The moment of step `index`: `to` for the last, whether or not a step lands on it.
    package func moment(_ index: Int) -> Double { min(from + Double(index) * step, to) }
}

// MARK: - Dates in a value

extension SchemaType {
    /// Every date in `value` (a value of this type as rules receive it: dates as Unix seconds),
    /// in document order. Values that do not have this type's shape are skipped.
    package func dates(in value: JSONValue) -> [Double] {
        switch (self, value) {
        case (.date, .number(let seconds)): [seconds]
        case (.date, .integer(let seconds)): [Double(seconds)]
        case (.optional(let wrapped), _): wrapped.dates(in: value)
        case (.array(let element), .array(let elements)): elements.flatMap { element.dates(in: $0) }
        case (.object(_, let fields), .object(let members)):
            fields.flatMap { field in members[field.name].map { field.type.dates(in: $0) } ?? [] }
        default: []
        }
    }
}
