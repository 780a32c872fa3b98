import Foundation

/// A bar the device fills itself from ``start`` to ``finish``.
///
/// Draw it as `ProgressView(timerInterval: progress.interval, countsDown: false)` (a ring in the
/// compact and minimal island); on Android, as `setProgress(100, percent, false)` at the push's
/// moment (it moves with the next push).
///
/// Wire form: `{"start": <seconds since 2001-01-01>, "finish": <seconds since 2001-01-01>}`.
/// Decoding fails (and the field shows its text) when either is not a finite number or
/// `finish` is not after `start`; other members are ignored. Encodes the same form.
public struct LiveProgress: Codable, Hashable, Sendable {
    /// When the bar is empty.
    public let start: Date
    /// When the bar is full; after ``start``.
    public let finish: Date

    /// `start...finish`, for `ProgressView(timerInterval:)`.
    public var interval: ClosedRange<Date> {
        start...finish
    }

    /// How full the bar is at `now`, 0...1: 0 before ``start``, 1 from ``finish`` on.
    public func fraction(at now: Date) -> Double {
        let fraction = now.timeIntervalSince(start) / finish.timeIntervalSince(start)
        return fraction >= 1 ? 1 : fraction > 0 ? fraction : 0  // NaN reads 0
    }

    /// What the bar reads at `now`: the percentage rounded down, 0 before ``start`` and 100
    /// from ``finish`` on, followed by "%" ("83%"). The text the backend sends is this reading
    /// at the push's moment.
    public func reading(at now: Date) -> String {
        let percent = (now.timeIntervalSince(start) * 100 / finish.timeIntervalSince(start)).rounded(.down)
        return "\(percent >= 100 ? 100 : percent > 0 ? Int(percent) : 0)%"  // NaN reads 0
    }

    private enum CodingKeys: String, CodingKey {
        case start, finish
    }

    /// Decodes the wire form; see the type's rules.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let start = try container.decode(Double.self, forKey: .start), finish = try container.decode(Double.self, forKey: .finish)
        guard start.isFinite, finish.isFinite, finish > start else {
            throw DecodingError.dataCorruptedError(forKey: .finish, in: container, debugDescription: "expected finite seconds, finish after start")
        }
        self.start = Date(timeIntervalSinceReferenceDate: start)
        self.finish = Date(timeIntervalSinceReferenceDate: finish)
    }

    /// Encodes the wire form, the dates as seconds since 2001-01-01 whatever the encoder's date
    /// strategy.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(start.timeIntervalSinceReferenceDate, forKey: .start)
        try container.encode(finish.timeIntervalSinceReferenceDate, forKey: .finish)
    }
}
