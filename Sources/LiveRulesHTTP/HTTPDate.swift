#if Studio || Service
import Foundation

/// The `Date` field of an answer written without Hummingbird's responder, in the IMF-fixdate
/// form it writes (`Mon, 30 Nov 2026 01:40:29 GMT`).
package enum HTTPDate {
    private static let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// The field's value for the Unix second `seconds`; by default now.
    package static func field(_ seconds: time_t = time(nil)) -> String {
        var clock = seconds, parts = tm()
        gmtime_r(&clock, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(days[Int(parts.tm_wday)]), \(two(parts.tm_mday)) \(months[Int(parts.tm_mon)]) \(parts.tm_year + 1900) "
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) GMT"
    }
}
#endif
