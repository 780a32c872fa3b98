import Foundation

/// A clock the device keeps current: counting down to ``date`` (stopping at zero) or up from
/// it, between ``prefix`` and ``suffix``, with or without hours (``showsHours``).
///
/// Draw it as `Text(prefix) + Text(timerInterval: timer.timerInterval(at: now), countsDown:
/// timer.countsDown, showsHours: timer.showsHours) + Text(suffix)` ("in 9:59", "67:20"). (Android's
/// library in `android/` draws it as the notification's chronometer, its words beside it, or
/// without hours as text of its whole minutes, "67'".)
///
/// Wire form: `{"date": <seconds since 2001-01-01>, "counts": "down"|"up", "prefix"?, "suffix"?,
/// "showsHours"?}`. Decoding fails (and the field shows its text) when `date` is not a finite
/// number, `counts` is neither `"down"` nor `"up"`, a present `prefix` or `suffix` is not a
/// string, or a present `showsHours` is not a boolean; other members are ignored. Encodes the
/// same form, `prefix` and `suffix` only when not empty, `showsHours` only when false.
public struct LiveTimer: Codable, Hashable, Sendable {
    /// The moment the countdown reaches zero, or the count-up starts from.
    public let date: Date
    /// Whether the clock counts down to ``date`` (else up from it).
    public let countsDown: Bool
    /// Text before the clock ("in "); empty for none.
    public let prefix: String
    /// Text after the clock (" left"); empty for none.
    public let suffix: String
    /// Whether the clock shows hours ("1:07:20"); false counts every minute ("67:20").
    public let showsHours: Bool

    /// The span to give `Text(timerInterval:countsDown:)` at `now`: a countdown runs over
    /// `min(now, date)...date`, a count-up over `date...` a far date.
    public func timerInterval(at now: Date) -> ClosedRange<Date> {
        countsDown ? min(now, date)...date : date...max(date, .distantFuture)
    }

    /// What the timer reads at `now`: prefix, clock and suffix ("in 9:59"). The clock is "m:ss"
    /// under an hour and "h:mm:ss" from an hour on, or "m:ss" with every minute without hours
    /// ("67:20"); the span is rounded to the millisecond, then
    /// a countdown counts a partial second as a whole one and a count-up leaves it out; never
    /// below zero. The text the backend sends is this reading at the push's moment.
    public func reading(at now: Date) -> String {
        prefix + Self.clock(seconds(at: now), showsHours: showsHours) + suffix
    }

    /// Whole seconds the clock shows at `now`: see ``reading(at:)``.
    private func seconds(at now: Date) -> Int {
        let span = countsDown ? date.timeIntervalSince(now) : now.timeIntervalSince(date)
        let milliseconds = (span * 1000 + 0.5).rounded(.down)
        guard milliseconds > 0 else { return 0 }
        guard milliseconds < 1e15 else { return Int(1e12) }
        let whole = Int(milliseconds)
        return countsDown ? (whole + 999) / 1000 : whole / 1000
    }

    /// `seconds` as a clock: "9:59", "1:02:03"; without hours "67:20".
    private static func clock(_ seconds: Int, showsHours: Bool) -> String {
        let hours = showsHours ? seconds / 3600 : 0, minutes = (seconds - hours * 3600) / 60, rest = seconds % 60
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return hours > 0 ? "\(hours):\(two(minutes)):\(two(rest))" : "\(minutes):\(two(rest))"
    }

    private enum CodingKeys: String, CodingKey {
        case date, counts, prefix, suffix, showsHours
    }

    /// Decodes the wire form; see the type's rules.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let seconds = try container.decode(Double.self, forKey: .date)
        guard seconds.isFinite else {
            throw DecodingError.dataCorruptedError(forKey: .date, in: container, debugDescription: "expected a finite number of seconds")
        }
        switch try container.decode(String.self, forKey: .counts) {
        case "down": countsDown = true
        case "up": countsDown = false
        case let other:
            throw DecodingError.dataCorruptedError(forKey: .counts, in: container, debugDescription: "expected \"down\" or \"up\", got \"\(other)\"")
        }
        date = Date(timeIntervalSinceReferenceDate: seconds)
        prefix = try container.decodeIfPresent(String.self, forKey: .prefix) ?? ""
        suffix = try container.decodeIfPresent(String.self, forKey: .suffix) ?? ""
        showsHours = try container.decodeIfPresent(Bool.self, forKey: .showsHours) ?? true
    }

    /// Encodes the wire form, the date as seconds since 2001-01-01 whatever the encoder's date
    /// strategy.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(date.timeIntervalSinceReferenceDate, forKey: .date)
        try container.encode(countsDown ? "down" : "up", forKey: .counts)
        if !prefix.isEmpty { try container.encode(prefix, forKey: .prefix) }
        if !suffix.isEmpty { try container.encode(suffix, forKey: .suffix) }
        if !showsHours { try container.encode(false, forKey: .showsHours) }
    }
}
