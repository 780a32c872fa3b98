import Foundation

/// A bar the device fills itself from ``start`` to ``finish``.
///
/// Draw it as `ProgressView(timerInterval: progress.interval, countsDown: false)` (a ring in the
/// compact and minimal island). (Android's library in `android/` draws it as the notification's
/// bar and redraws it at each whole percent.)
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

    /// How full the bar is at `now`, 0...1: 0 until ``start``, 1 from ``finish`` on, whatever
    /// the span's arithmetic gives there (a span too long for a `Double` is halved first).
    public func fraction(at now: Date) -> Double {
        guard now < finish else { return 1 }
        guard now > start else { return 0 }
        let (a, b, t) = (start.timeIntervalSinceReferenceDate, finish.timeIntervalSinceReferenceDate, now.timeIntervalSinceReferenceDate)
        let fraction = (b - a).isFinite ? (t - a) / (b - a) : (t / 2 - a / 2) / (b / 2 - a / 2)
        return fraction >= 1 ? 1 : fraction > 0 ? fraction : 0  // NaN reads 0
    }

    /// What the bar reads at `now`, followed by "%" ("83%"): 0 until ``start``, 100 from
    /// ``finish`` on, and between them the percentage rounded down, at most 99 (it is not done
    /// yet). The text the backend sends is this reading at the push's moment.
    public func reading(at now: Date) -> String {
        guard now < finish else { return "100%" }
        guard now > start else { return "0%" }
        let (a, b, t) = (start.timeIntervalSinceReferenceDate, finish.timeIntervalSinceReferenceDate, now.timeIntervalSinceReferenceDate)
        let percent = (b - a).isFinite && ((t - a) * 100).isFinite
            ? ((t - a) * 100 / (b - a)).rounded(.down) : (fraction(at: now) * 100).rounded(.down)
        return "\(percent >= 99 ? 99 : percent > 0 ? Int(percent) : 0)%"  // NaN reads 0
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
