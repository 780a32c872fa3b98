import Foundation

/// The form of a field that a device keeps current itself, beside the ``LayoutField/text`` the
/// field reads at the presentation's `now`: a countdown or a progress bar that moves between
/// pushes, so a backend need not push every minute to keep it right.
///
/// The text is the form's ``reading(at:)`` at `now` (the host refuses a field whose text is
/// not): what goldens and output checks read, and what a surface that cannot draw the form shows.
/// A layout rule returns the form as the field's `live`:
/// `{ timer = { date = <Unix seconds>, counts = "down"|"up", prefix = "in ", suffix = " left", showsHours = false } }`
/// (prefix, suffix and showsHours optional) or `{ progress = { start = <Unix seconds>, finish = <Unix seconds> } }`;
/// the `liverules.time` helpers `time.countdown`, `time.elapsed` and `time.progress_field` return
/// it with its text. Goldens show the dates as ISO-8601 text: `{"timer": {"counts", "date",
/// "prefix", "showsHours", "suffix"}}` (prefix and suffix only when not empty, showsHours only
/// when false), `{"progress": {"finish", "start"}}`.
///
/// How each form is drawn:
///
/// | form | iOS (ActivityKit, WidgetKit) | Android (notification) |
/// |---|---|---|
/// | timer | `Text(prefix) + Text(timerInterval:countsDown:showsHours:) + Text(suffix)`: "in 9:59", "1:02:03 left", "67:20" without hours | the notification's one chronometer (`setWhen`, `setChronometerCountDown` when counting down), which has no format: "09:59", the words in the sub-text beside it; a timer without hours as text of its whole minutes, "67'", redrawn each minute |
/// | progress | `ProgressView(timerInterval:)`: a bar, a ring in the island's compact and minimal presentations | the notification's one bar (`setProgress`), redrawn by the app at each whole percent |
///
/// Which Android field becomes the chronometer and the bar is <doc:AndroidNotifications>.
///
/// The timer has one style, the clock, because it is the one both platforms draw live: iOS's
/// other live style, `.relative`, reads "11 min, 14 sec" and Android has no counterpart. A clock
/// may leave its hours out and count minutes past 59 ("67:20", a football match's clock).
public enum LiveForm: Sendable, Hashable, Codable, JSONShaped {
    /// A clock counting down to `date` (``Counting/down``, stopping at zero) or up from it
    /// (``Counting/up``), between `prefix` and `suffix`; without an hours digit when `showsHours`
    /// is false ("67:20", not "1:07:20").
    case timer(date: Date, counts: Counting, prefix: String = "", suffix: String = "", showsHours: Bool = true)
    /// A bar filling from `start` to `finish` (`finish` is after `start`).
    case progress(start: Date, finish: Date)

    /// Which way a timer runs.
    public enum Counting: String, Sendable, Hashable, Codable, CaseIterable {
        /// The time left until the date: a countdown, stopping at zero.
        case down
        /// The time since the date.
        case up
    }

    /// What the device draws at `now`, in the words of the text a field carries: a timer's
    /// prefix, clock and suffix ("in 9:59"; the clock "m:ss" under an hour, "h:mm:ss" from an
    /// hour on, or "m:ss" with every minute when it shows no hours, "67:20"; a countdown counts
    /// a partial second as a whole one, a count-up leaves it out,
    /// both after rounding to the millisecond), a progress's percentage rounded down ("83%",
    /// 0 before its start, 100 from its finish). `liverules.time` computes the same texts.
    public func reading(at now: Date) -> String {
        switch self {
        case .timer(let date, let counts, let prefix, let suffix, let showsHours):
            Self.timerReading(date: date.timeIntervalSince1970, counts: counts, prefix: prefix, suffix: suffix,
                              showsHours: showsHours, now: now.timeIntervalSince1970)
        case .progress(let start, let finish):
            Self.progressReading(start: start.timeIntervalSince1970, finish: finish.timeIntervalSince1970, now: now.timeIntervalSince1970)
        }
    }

    /// Whether Android draws the form as text of its whole minutes, redrawn each minute, rather
    /// than as the notification's chronometer, which shows hours from the 60th minute on: a
    /// timer without hours (<doc:AndroidNotifications>).
    public var isMinutesOnAndroid: Bool {
        if case .timer(_, _, _, _, false) = self { true } else { false }
    }

    /// What Android draws at `now` for a timer without hours: its prefix, whole minutes and "'",
    /// and suffix ("67'", "45+2'"); nil for any other form.
    public func minutesOnAndroid(at now: Date) -> String? {
        guard case .timer(let date, let counts, let prefix, let suffix, false) = self else { return nil }
        return prefix + "\(Self.seconds(counts, date: date.timeIntervalSince1970, now: now.timeIntervalSince1970) / 60)'" + suffix
    }

    /// A timer's ``reading(at:)`` from Unix seconds as the rules gave them (a `Date` holds
    /// seconds since 2001, so a fractional Unix time may come back from it a few ulps apart).
    static func timerReading(date: Double, counts: Counting, prefix: String, suffix: String, showsHours: Bool, now: Double) -> String {
        prefix + clock(seconds(counts, date: date, now: now), showsHours: showsHours) + suffix
    }

    /// A progress's ``reading(at:)`` from Unix seconds as the rules gave them.
    /// 100 from `finish` on and 0 until `start`, whatever the arithmetic of the span gives
    /// there; between them the percentage rounded down, at most 99 (it is not done yet).
    static func progressReading(start: Double, finish: Double, now: Double) -> String {
        guard now < finish else { return "100%" }
        guard now > start else { return "0%" }
        let percent = ((now - start) * 100 / (finish - start)).rounded(.down)
        return "\(percent >= 99 ? 99 : percent > 0 ? Int(percent) : 0)%"  // NaN reads 0
    }

    /// The widest text a timer reads from `now` until `until` (a countdown's own end when it
    /// comes first), drawn as devices draw timers, with digits of one width: every digit a `0`,
    /// and minutes in two digits as Android writes them ("in 00:00", "0:00:00 left"; without
    /// hours, as many minute digits as the most minutes it reads, at least two: "000:00"). Nil
    /// for a progress, drawn as a bar that takes the room its slot gives it. A layout measures a
    /// live field on it, so a field that fits now still fits when its clock grows a digit.
    public func widestReading(from now: Date, until: Date?) -> String? {
        guard case .timer(_, _, let prefix, let suffix, let showsHours) = self else { return nil }
        return prefix + Self.widestClock(mostSeconds(from: now, until: until), showsHours: showsHours) + suffix
    }

    /// The widest text Android draws for a timer without hours from `now` until `until`: its
    /// whole minutes with every digit a `0`, at least two ("00'", "45+00'"); nil for any other
    /// form. The Android layout measures such a timer on it (<doc:AndroidNotifications>).
    public func widestMinutesOnAndroid(from now: Date, until: Date?) -> String? {
        guard case .timer(_, _, let prefix, let suffix, false) = self else { return nil }
        return prefix + String(repeating: "0", count: max(2, String(mostSeconds(from: now, until: until) / 60).count)) + "'" + suffix
    }

    /// The most seconds a timer shows from `now` until `until`: a countdown's at `now`, a
    /// count-up's at `until` (or `now`).
    private func mostSeconds(from now: Date, until: Date?) -> Int {
        guard case .timer(let date, let counts, _, _, _) = self else { return 0 }
        let at = counts == .down ? now : max(now, until ?? now)
        return Self.seconds(counts, date: date.timeIntervalSince1970, now: at.timeIntervalSince1970)
    }

    /// The widest clock reading up to `seconds`, every digit a `0`.
    static func widestClock(_ seconds: Int, showsHours: Bool) -> String {
        func zeros(_ value: Int, atLeast: Int) -> String { String(repeating: "0", count: max(atLeast, String(value).count)) }
        guard showsHours else { return zeros(seconds / 60, atLeast: 2) + ":00" }
        let hours = seconds / 3600
        return hours == 0 ? "00:00" : zeros(hours, atLeast: 1) + ":00:00"
    }

    /// Whole seconds a timer shows at `now`: see ``reading(at:)``.
    private static func seconds(_ counts: Counting, date: Double, now: Double) -> Int {
        let span = counts == .down ? date - now : now - date
        let milliseconds = (span * 1000 + 0.5).rounded(.down)
        guard milliseconds > 0 else { return 0 }
        guard milliseconds < 1e15 else { return Int(1e12) }
        let whole = Int(milliseconds)
        return counts == .down ? (whole + 999) / 1000 : whole / 1000
    }

    /// `seconds` as a clock: "9:59", "1:02:03"; without hours "67:20".
    private static func clock(_ seconds: Int, showsHours: Bool) -> String {
        let hours = showsHours ? seconds / 3600 : 0, minutes = (seconds - hours * 3600) / 60, rest = seconds % 60
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return hours > 0 ? "\(hours):\(two(minutes)):\(two(rest))" : "\(minutes):\(two(rest))"
    }

    private enum CodingKeys: String, CodingKey {
        case timer, progress
    }

    private enum TimerKeys: String, CodingKey {
        case date, counts, prefix, suffix, showsHours
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
                          prefix: try timer.decodeIfPresent(String.self, forKey: .prefix) ?? "",
                          suffix: try timer.decodeIfPresent(String.self, forKey: .suffix) ?? "",
                          showsHours: try timer.decodeIfPresent(Bool.self, forKey: .showsHours) ?? true)
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

    /// Writes the JSON form: `{"timer": {"counts", "date", "prefix", "showsHours", "suffix"}}`
    /// (prefix and suffix only when not empty, showsHours only when false) or `{"progress":
    /// {"finish", "start"}}`, dates as ISO-8601 text.
    func write(to output: inout some JSONOutput) {
        output.beginObject()
        writeMember(to: &output) { .string(ISO8601.format($0.timeIntervalSince1970)) }
        output.endObject()
    }

    /// Writes the form as one member of the object being written: `"timer": {"counts", "date",
    /// "prefix", "showsHours", "suffix"}` (as ``write(to:)``) or `"progress": {"finish",
    /// "start"}`, each date as `date` gives it (the goldens' ISO-8601 text, the device form's
    /// seconds since 2001).
    func writeMember(to output: inout some JSONOutput, date: (Date) -> JSONValue) {
        switch self {
        case .timer(let at, let counts, let prefix, let suffix, let showsHours):
            output.key("timer")
            output.beginObject()
            output.member("counts", .string(counts.rawValue))
            output.member("date", date(at))
            if !prefix.isEmpty { output.member("prefix", .string(prefix)) }
            if !showsHours { output.member("showsHours", .bool(false)) }
            if !suffix.isEmpty { output.member("suffix", .string(suffix)) }
            output.endObject()
        case .progress(let start, let finish):
            output.key("progress")
            output.beginObject()
            output.member("finish", date(finish))
            output.member("start", date(start))
            output.endObject()
        }
    }
}
