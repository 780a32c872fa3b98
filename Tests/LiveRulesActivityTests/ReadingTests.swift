import Foundation
import LiveRulesActivity
import Testing

/// What timers and progress bars read at a moment: the text the backend sends is the reading
/// at the push's moment, and a surface that cannot draw the live form shows the same words.
@Suite struct ReadingTests {
    /// A timer's wire form and a moment, and what it reads then.
    struct TimerCase: Sendable, CustomTestStringConvertible {
        var counts: String
        var date: Double
        var now: Double
        var prefix = ""
        var suffix = ""
        var reads: String

        var testDescription: String { "\(counts) \(date) at \(now) reads \(reads)" }

        var timer: LiveTimer {
            get throws {
                let json = #"{"date": \#(date), "counts": "\#(counts)", "prefix": "\#(prefix)", "suffix": "\#(suffix)"}"#
                return try JSONDecoder().decode(LiveTimer.self, from: Data(json.utf8))
            }
        }
    }

    /// The design review's start, 2026-03-02T09:30:00Z.
    static let start: Double = 794_136_600

    static let timerCases: [TimerCase] = [
        TimerCase(counts: "down", date: start, now: start - 600, prefix: "in ", reads: "in 10:00"),
        TimerCase(counts: "down", date: start, now: start - 599, reads: "9:59"),
        TimerCase(counts: "down", date: start, now: start - 599.2, reads: "10:00"),      // a partial second counts whole
        TimerCase(counts: "down", date: start, now: start - 599.0004, reads: "9:59"),    // under half a millisecond: none
        TimerCase(counts: "down", date: start, now: start - 599.0006, reads: "10:00"),   // a millisecond: a whole second
        TimerCase(counts: "down", date: start, now: start - 0.3, reads: "0:01"),
        TimerCase(counts: "down", date: start, now: start, reads: "0:00"),
        TimerCase(counts: "down", date: start, now: start + 5, suffix: " left", reads: "0:00 left"),  // past: never below zero
        TimerCase(counts: "down", date: start, now: start - 3599, reads: "59:59"),
        TimerCase(counts: "down", date: start, now: start - 3599.5, reads: "1:00:00"),
        TimerCase(counts: "down", date: start, now: start - 3723, reads: "1:02:03"),
        TimerCase(counts: "down", date: start, now: start - 360_000, reads: "100:00:00"),
        TimerCase(counts: "up", date: start, now: start + 3723, suffix: " played", reads: "1:02:03 played"),
        TimerCase(counts: "up", date: start, now: start + 59.9, reads: "0:59"),         // a partial second left out
        TimerCase(counts: "up", date: start, now: start + 59.9996, reads: "1:00"),      // within half a millisecond: whole
        TimerCase(counts: "up", date: start, now: start - 10, reads: "0:00"),           // before its date
        TimerCase(counts: "up", date: start, now: start + 600, prefix: "for ", reads: "for 10:00"),
        // Fractional dates: a span of whole seconds reads whole, whatever the doubles' last bits.
        TimerCase(counts: "down", date: 794_136_600.1, now: 794_136_000.1, reads: "10:00"),
        TimerCase(counts: "up", date: 794_136_000.7, now: 794_136_600.7, reads: "10:00"),
        TimerCase(counts: "down", date: 794_136_600.75, now: 794_136_000.25, reads: "10:01"),
        TimerCase(counts: "up", date: 794_136_000.75, now: 794_136_600.25, reads: "9:59"),
    ]

    @Test(arguments: timerCases)
    func timersRead(_ test: TimerCase) throws {
        #expect(try test.timer.reading(at: Samples.at(test.now)) == test.reads)
    }

    /// A progress from `start` to `finish`, decoded from its wire form.
    static func progress(_ start: Double, _ finish: Double) throws -> LiveProgress {
        try JSONDecoder().decode(LiveProgress.self, from: Data(#"{"start": \#(start), "finish": \#(finish)}"#.utf8))
    }

    /// A progress over 15 minutes, from 09:15 to 09:30, and fractional seconds.
    @Test(arguments: [
        (794_135_700.0, 794_136_600.0, 794_135_700.0, "0%", 0.0),
        (794_135_700, 794_136_600, 794_135_600, "0%", 0),            // before its start
        (794_135_700, 794_136_600, 794_136_000, "33%", 1.0 / 3),
        (794_135_700, 794_136_600, 794_136_450, "83%", 750.0 / 900),
        (794_135_700, 794_136_600, 794_136_599.9, "99%", 899.9 / 900),
        (794_135_700, 794_136_600, 794_136_600, "100%", 1),
        (794_135_700, 794_136_600, 794_137_000, "100%", 1),          // after its finish
        (0.25, 1.25, 1, "75%", 0.75),
    ] as [(Double, Double, Double, String, Double)])
    func progressReads(start: Double, finish: Double, now: Double, reads: String, fraction: Double) throws {
        let progress = try Self.progress(start, finish)
        #expect(progress.reading(at: Samples.at(now)) == reads)
        #expect(abs(progress.fraction(at: Samples.at(now)) - fraction) < 1e-9)
    }

    /// The span `Text(timerInterval:countsDown:)` is given: a countdown from now (or its date,
    /// once past) to its date, a count-up from its date to a far one.
    @Test func timerIntervalsSuitTextTimerInterval() throws {
        let down = try TimerCase(counts: "down", date: Self.start, now: 0, reads: "").timer
        #expect(down.timerInterval(at: Samples.at(Self.start - 600)) == Samples.at(Self.start - 600)...Samples.at(Self.start))
        #expect(down.timerInterval(at: Samples.at(Self.start + 600)) == Samples.at(Self.start)...Samples.at(Self.start))
        let up = try TimerCase(counts: "up", date: Self.start, now: 0, reads: "").timer
        let interval = up.timerInterval(at: Samples.at(Self.start + 60))
        #expect(interval.lowerBound == Samples.at(Self.start))
        #expect(interval.upperBound == .distantFuture)
    }

    /// Dates far outside any activity's life read without trapping.
    @Test func extremeDatesReadWithoutTrapping() throws {
        let now = Samples.at(Self.start)
        for date in [1e300, -1e300, 1e15, -1e15] {
            for counts in ["down", "up"] {
                let timer = try TimerCase(counts: counts, date: date, now: 0, reads: "").timer
                #expect(!timer.reading(at: now).isEmpty)
                #expect(timer.timerInterval(at: now).lowerBound <= timer.timerInterval(at: now).upperBound)
            }
        }
        let progress = try Self.progress(-1e308, 1e308)
        #expect(progress.reading(at: now) == "50%", "a span too long for a Double is measured halved")
        #expect((0...1).contains(progress.fraction(at: now)))
    }
}
