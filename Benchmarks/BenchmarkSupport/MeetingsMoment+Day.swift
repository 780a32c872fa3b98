import Foundation
import LiveRulesExamples

extension MeetingsMoment {
    /// This moment with a day of `count` meetings, as `Benchmarks/scripts/generate-day.py` writes it: the
    /// moment's own meetings after meetings added earlier that day (they end before the first of
    /// the moment's starts, so the rules present the same moment). With `renamed`, the first
    /// added meeting has another title, or with `every` each of them.
    public func day(of count: Int, renamed: Bool = false, every: Bool = false) -> MeetingsMoment {
        var moment = self
        let midnight = Calendar.utc.startOfDay(for: state.meetings.first?.start ?? now)
        let earlier = (0..<max(count - state.meetings.count, 0)).map { index in
            let start = midnight.addingTimeInterval(Double(index * 7 % 420) * 60)
            return Meeting(id: "early-\(index)", title: "Early call \(index)" + (renamed && (every || index == 0) ? " (moved)" : ""),
                           start: start, end: start.addingTimeInterval(30), location: "Room \(index)", calendarColor: "#34C759")
        }
        moment.state.meetings = Array((earlier + state.meetings).suffix(count))
        return moment
    }
}

private extension Calendar {
    static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()
}
