/// The two clocks a Live Activity push mixes: `aps` dates are Unix seconds, while `Date` fields
/// of the content state decode (default `JSONDecoder`) from seconds since 2001-01-01.
enum DeviceTime {
    /// Unix seconds at 2001-01-01T00:00:00Z, `Date`'s reference date.
    static let referenceDate = 978_307_200.0
    /// Above this, a number of seconds is taken for milliseconds (year 5138 in seconds).
    static let millisecondsAbove = 1e11
    /// How near `now` a value must be to be taken for a date on the other clock.
    static let nearNow = 10 * 365.25 * 86_400

    /// A content-state date as the device's `JSONDecoder` reads it: Unix seconds less
    /// ``referenceDate``.
    static func since2001(_ unix: Double) -> Double { unix - referenceDate }

    /// Whether `value`, meant as seconds since 2001, is near `now` (Unix seconds) only as Unix
    /// time: on the device it would land about 31 years late.
    static func looksUnix(_ value: Double, now: Double) -> Bool {
        abs(value - now) <= nearNow && abs(value + referenceDate - now) > nearNow
    }

    /// Whether `value`, meant as Unix seconds, is near `now` only as seconds since 2001: the
    /// device would read a date about 31 years ago.
    static func looksSince2001(_ value: Double, now: Double) -> Bool {
        abs(value + referenceDate - now) <= nearNow && abs(value - now) > nearNow
    }

    /// Whether `value`, a date of `aps`, reads as Unix seconds at `now`: the ``PayloadValidator``
    /// takes it neither for milliseconds nor for seconds since 2001.
    static func isPlainUnix(_ value: Double, now: Double) -> Bool {
        value <= millisecondsAbove && !looksSince2001(value, now: now)
    }

    /// Whether `value`, a content-state date, reads as seconds since 2001 at `now`: the
    /// ``PayloadValidator`` takes it neither for milliseconds nor for Unix time.
    static func isPlainSince2001(_ value: Double, now: Double) -> Bool {
        value <= millisecondsAbove && !looksUnix(value, now: now)
    }
}
