import Foundation
import Lua

/// Helpers rules reach through the `liverules.*` modules that need the host: time zones.
enum HostFunctions {
    /// Provides `time.clock(date, timeZone) -> "HH:mm"`: `liverules.time` picks up the global
    /// `liverules_host_clock` when it loads.
    static func install(in lua: LuaState) {
        lua.register("liverules_host_clock") { call in
            let seconds = try call.argument(1, as: Double.self)
            let identifier = try call.argument(2, as: String.self)
            guard seconds.isFinite, abs(seconds) < maximumSeconds else {
                throw HostFunctionError("time.clock: expected a date (Unix seconds), got \(seconds)")
            }
            guard let zone = TimeZone(identifier: identifier) else {
                throw HostFunctionError("time.clock: unknown time zone '\(identifier)' (use an IANA name such as \"Europe/Berlin\")")
            }
            try call.return(clock(seconds, in: zone))
        }
    }

    /// The largest date `time.clock` takes, in seconds from 1970 either way (about 3,000 years):
    /// past it calendars have no answer worth showing.
    static let maximumSeconds: Double = 1e11

    /// "HH:mm" of `seconds` (Unix) in `zone`, on a 24-hour clock; independent of locale.
    static func clock(_ seconds: Double, in zone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.hour, .minute], from: Date(timeIntervalSince1970: seconds.rounded(.down)))
        let hour = parts.hour ?? 0, minute = parts.minute ?? 0
        return (hour < 10 ? "0" : "") + "\(hour):" + (minute < 10 ? "0" : "") + "\(minute)"
    }
}

/// A message a host function raises as a Lua error in the calling rule.
struct HostFunctionError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
