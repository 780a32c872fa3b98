#if Service
/// Counts of durations by bucket, as a Prometheus histogram holds them: cumulative buckets by
/// upper bound in seconds, their sum and their count.
struct LatencyHistogram: Sendable {
    /// The buckets' upper bounds, in seconds: from half a millisecond to ten seconds.
    static let bounds: [Double] = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

    /// Durations at most each bound (not yet cumulative).
    private var counts = [Int](repeating: 0, count: bounds.count)
    private(set) var sum = 0.0
    private(set) var count = 0

    /// Counts one duration of `seconds`.
    mutating func record(_ seconds: Double) {
        if let index = Self.bounds.firstIndex(where: { seconds <= $0 }) { counts[index] += 1 }
        sum += seconds
        count += 1
    }

    /// Each bound (the last `+Inf`) with how many durations were at most it.
    var cumulative: [(bound: Double, count: Int)] {
        var running = 0
        var buckets: [(bound: Double, count: Int)] = []
        for (bound, count) in zip(Self.bounds, counts) {
            running += count
            buckets.append((bound, running))
        }
        return buckets + [(.infinity, self.count)]
    }
}
#endif
