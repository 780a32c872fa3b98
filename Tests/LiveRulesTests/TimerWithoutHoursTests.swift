import Foundation
@testable import LiveRules
import Testing

/// A timer without hours (`showsHours = false`): every minute on iOS ("67:20", never "1:07:20"),
/// its whole minutes as text on Android ("67'"), measured as each draws it, in the golden shape
/// only when false.
@Suite struct TimerWithoutHoursTests {
    private static let start = Date(timeIntervalSince1970: 1_000_000)

    private static func clock(_ counts: LiveForm.Counting = .up, prefix: String = "", showsHours: Bool = false) -> LiveForm {
        .timer(date: start, counts: counts, prefix: prefix, showsHours: showsHours)
    }

    @Test func readsEveryMinuteWithoutHours() {
        #expect(Self.clock().reading(at: Self.start + 3980) == "66:20")
        #expect(Self.clock(showsHours: true).reading(at: Self.start + 3980) == "1:06:20")
        #expect(Self.clock().reading(at: Self.start + 7503) == "125:03")
        #expect(Self.clock(prefix: "90+").reading(at: Self.start + 200) == "90+3:20")
        #expect(Self.clock(.down).reading(at: Self.start - 4500) == "75:00")
        #expect(Self.clock(.down).reading(at: Self.start + 5) == "0:00")
    }

    @Test func androidDrawsItsWholeMinutes() {
        #expect(Self.clock().minutesOnAndroid(at: Self.start + 3980) == "66'")
        #expect(Self.clock(prefix: "90+").minutesOnAndroid(at: Self.start + 200) == "90+3'")
        #expect(Self.clock(.down).minutesOnAndroid(at: Self.start - 4499.5) == "75'", "a countdown counts a partial second whole")
        #expect(Self.clock(showsHours: true).minutesOnAndroid(at: Self.start) == nil)
        #expect(Self.clock().isMinutesOnAndroid && !Self.clock(showsHours: true).isMinutesOnAndroid)
        #expect(!LiveForm.progress(start: Self.start, finish: Self.start + 60).isMinutesOnAndroid)
    }

    /// Measured on its most minutes until the stale date: a third digit from the 100th minute;
    /// on Android on the minutes it draws.
    @Test func isMeasuredOnItsMostMinutes() {
        let now = Self.start + 3980
        #expect(Self.clock().widestReading(from: now, until: now + 60) == "00:00")
        #expect(Self.clock().widestReading(from: now, until: now + 3600) == "000:00")
        #expect(Self.clock(showsHours: true).widestReading(from: now, until: now + 60) == "0:00:00")
        #expect(Self.clock(prefix: "45+").widestMinutesOnAndroid(from: Self.start + 70, until: Self.start + 190) == "45+00'")
        #expect(Self.clock().widestMinutesOnAndroid(from: now, until: now + 3600) == "000'")
        let slot = Placement.androidOngoing.budget.slots.first { $0.name == "chip" }!
        let field = LayoutField(id: "clock", text: "45+1:10", live: Self.clock(prefix: "45+"), slot: "chip", line: 1)
        let stale = Self.start + 300
        #expect(FieldMeasure(field, on: slot, in: .androidOngoing, now: Self.start.timeIntervalSince1970 + 70, stale: stale).measured == "45+00'")
        #expect(FieldMeasure(field, on: slot, in: .lockScreen, now: Self.start.timeIntervalSince1970 + 70, stale: stale).measured == "45+00:00")
        #expect(Placement.allCases.filter { $0.budget.minuteTimers } == [.androidOngoing])
    }

    /// The golden and device shapes carry `showsHours` only when false, and read it back.
    @Test func isWrittenOnlyWhenFalseAndReadBack() throws {
        let without = try JSONWriter.compact(Self.clock().json)
        #expect(without.contains(#""showsHours":false"#))
        #expect(!(try JSONWriter.compact(Self.clock(showsHours: true).json)).contains("showsHours"))
        #expect(try JSONDecoder().decode(LiveForm.self, from: Data(without.utf8)) == Self.clock())
    }

    /// On Android it is text: not the one chronometer, and allowed on the title line.
    @Test func isNoChronometerOnAndroid() {
        let minutes = LayoutField(id: "clock", text: "66:20", live: Self.clock(), slot: "chip", line: 1)
        let countdown = LayoutField(id: "countdown", text: "9:59", live: .timer(date: Self.start, counts: .down), slot: "text", line: 1)
        #expect(OutputFinding.notDrawnOnAndroid([LayoutField(id: "score", text: "1–0"), minutes, countdown]).isEmpty)
        #expect(OutputFinding.notDrawnOnAndroid([minutes]).isEmpty, "a minute text on the title line is text")
        let second = LayoutField(id: "other", text: "9:59", live: .timer(date: Self.start, counts: .down), slot: "text", line: 1)
        #expect(OutputFinding.notDrawnOnAndroid([LayoutField(id: "score", text: "1–0"), countdown, second]).map(\.field) == ["other"])
    }
}
