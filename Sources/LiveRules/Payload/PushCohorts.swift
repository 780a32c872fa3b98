/// Identical payloads of a batch, counted: the cohorts whose activities could share one
/// broadcast channel (one push reaches every subscriber with the same payload). Memory grows
/// with the number of distinct payloads, not with the number of lines.
public struct PushCohorts: Sendable {
    /// One distinct payload: how many lines gave it and the first of them.
    public struct Cohort: Sendable, Hashable {
        /// The payload's compact JSON.
        public var payload: String
        /// How many lines gave it.
        public var count: Int
        /// The first line that gave it.
        public var firstLine: Int
    }

    private var cohorts: [String: Cohort] = [:]

    /// No cohorts yet.
    public init() {}

    /// Counts `payload`, built from line `line`.
    public mutating func add(_ payload: String, line: Int) {
        cohorts[payload, default: Cohort(payload: payload, count: 0, firstLine: line)].count += 1
    }

    /// Every cohort, largest first (ties by first line).
    public var sorted: [Cohort] {
        cohorts.values.sorted { ($0.count, -$0.firstLine) > ($1.count, -$1.firstLine) }
    }

    /// A cohort as one JSON line: `{"count": N, "firstLine": L, "payload": {…}}`.
    public static func line(_ cohort: Cohort) -> String {
        "{\"count\":\(cohort.count),\"firstLine\":\(cohort.firstLine),\"payload\":\(cohort.payload)}"
    }
}
