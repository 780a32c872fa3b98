import Foundation

/// The form of a field that a device keeps current itself, beside the ``LayoutField/text`` the
/// field reads at the presentation's `now`: a countdown or a progress bar that moves between
/// pushes, so a backend need not push every minute to keep it right.
///
/// The text stays what goldens and output checks read, and what a surface that cannot draw the
/// form shows. A layout rule returns the form as the field's `live`:
/// `{ timer = { date = <Unix seconds>, counts = "down"|"up", style = "clock"|"relative" } }` or
/// `{ progress = { start = <Unix seconds>, finish = <Unix seconds> } }` (the `liverules.time`
/// helpers `time.countdown`, `time.elapsed` and `time.progress_field` return it with its text).
/// Goldens show the dates as ISO-8601 text: `{"timer": {"counts", "date", "style"}}`,
/// `{"progress": {"finish", "start"}}`.
///
/// How each form is drawn:
///
/// | form | iOS (ActivityKit, WidgetKit) | Android (notification) |
/// |---|---|---|
/// | timer, `clock` | `Text(timerInterval:countsDown:)`: "9:59", "1:02:03" | a `Chronometer` (`setUsesChronometer`, `setChronometerCountDown` when counting down) |
/// | timer, `relative` | `Text(date, style: .relative)`: "10 min" | none: the chronometer has no relative style; the app draws ``LayoutField/text`` at push time |
/// | progress | `ProgressView(timerInterval:)` | none that moves: the app draws the bar at its fraction at push time (`setProgress`) |
public enum LiveForm: Sendable, Hashable, Codable, JSONShaped {
    /// A timer counting down to `date` (``Counting/down``) or up from it (``Counting/up``),
    /// drawn in `style`.
    case timer(date: Date, counts: Counting, style: TimerStyle)
    /// A bar filling from `start` to `finish` (`finish` is after `start`).
    case progress(start: Date, finish: Date)

    /// Which way a timer runs.
    public enum Counting: String, Sendable, Hashable, Codable, CaseIterable {
        /// The time left until the date: a countdown, stopping at zero.
        case down
        /// The time since the date.
        case up
    }

    /// How a timer is written.
    public enum TimerStyle: String, Sendable, Hashable, Codable, CaseIterable {
        /// Digits with seconds: "9:59" under an hour, "1:02:03" from an hour on.
        case clock
        /// Whole minutes in words: "10 min", "1 hr 5 min". iOS only; Android shows the text
        /// the field read at push time.
        case relative
    }

    private enum CodingKeys: String, CodingKey {
        case timer, progress
    }

    private enum TimerKeys: String, CodingKey {
        case date, counts, style
    }

    private enum ProgressKeys: String, CodingKey {
        case start, finish
    }

    /// Decodes the golden shape: one of `timer` and `progress`, dates as ISO-8601 text.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func date<Key: CodingKey>(_ key: Key, in form: KeyedDecodingContainer<Key>) throws -> Date {
            let text = try form.decode(String.self, forKey: key)
            guard let seconds = ISO8601.parse(text) else {
                throw DecodingError.dataCorruptedError(forKey: key, in: form, debugDescription: "expected an ISO-8601 time, got \"\(text)\"")
            }
            return Date(timeIntervalSince1970: seconds)
        }
        switch (container.contains(.timer), container.contains(.progress)) {
        case (true, false):
            let timer = try container.nestedContainer(keyedBy: TimerKeys.self, forKey: .timer)
            self = .timer(date: try date(.date, in: timer), counts: try timer.decode(Counting.self, forKey: .counts),
                          style: try timer.decode(TimerStyle.self, forKey: .style))
        case (false, true):
            let progress = try container.nestedContainer(keyedBy: ProgressKeys.self, forKey: .progress)
            let start = try date(.start, in: progress), finish = try date(.finish, in: progress)
            guard finish > start else {
                throw DecodingError.dataCorruptedError(forKey: .finish, in: progress, debugDescription: "finish must be after start")
            }
            self = .progress(start: start, finish: finish)
        default:
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: decoder.codingPath,
                                                                    debugDescription: "expected one of timer and progress"))
        }
    }

    /// Encodes the golden shape.
    public func encode(to encoder: any Encoder) throws {
        try json.encode(to: encoder)
    }

    /// Writes the JSON form: `{"timer": {"counts", "date", "style"}}` or
    /// `{"progress": {"finish", "start"}}`, dates as ISO-8601 text.
    func write(to output: inout some JSONOutput) {
        func date(_ date: Date) -> JSONValue {
            .string(ISO8601.format(date.timeIntervalSince1970))
        }
        output.beginObject()
        switch self {
        case .timer(let at, let counts, let style):
            output.key("timer")
            output.beginObject()
            output.member("counts", .string(counts.rawValue))
            output.member("date", date(at))
            output.member("style", .string(style.rawValue))
            output.endObject()
        case .progress(let start, let finish):
            output.key("progress")
            output.beginObject()
            output.member("finish", date(finish))
            output.member("start", date(start))
            output.endObject()
        }
        output.endObject()
    }
}
