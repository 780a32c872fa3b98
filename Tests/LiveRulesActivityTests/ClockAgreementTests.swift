import Foundation
import LiveRules
import LiveRulesActivity
import TestPacks
import Testing

/// The clock is read in four places that must agree to the character: `liverules.time` (the
/// helpers' texts), `LiveForm` (the host's check of those texts), `LiveTimer` (what the device
/// draws) and the studio's `clockReading` (studio.js). `LiveForm` is the definition; the
/// helpers are held to it by `LiveFieldTests`, the device here, and the studio by the browser
/// test over the table `Tests/Browser/clock_readings.json`, whose readings are checked here.
@Suite struct ClockAgreementTests {
    /// A case of the shared table: a timer, a moment, and what it reads then.
    struct Reading: Decodable {
        var counts: String
        var date: Double
        var now: Double
        var prefix: String
        var suffix: String
        var reads: String
    }

    /// The timer a device decodes from the wire form (dates in seconds since 2001-01-01).
    static func deviceTimer(counts: String, date: Double, prefix: String, suffix: String) throws -> LiveTimer {
        let wire: [String: Any] = ["date": date - Date.timeIntervalBetween1970AndReferenceDate, "counts": counts,
                                   "prefix": prefix, "suffix": suffix]
        return try JSONDecoder().decode(LiveTimer.self, from: JSONSerialization.data(withJSONObject: wire))
    }

    /// The studio's table reads as the host and the device read it.
    @Test func theStudiosTableIsTheHostsReading() throws {
        let table = Paths.root.appendingPathComponent("Tests/Browser/clock_readings.json")
        let cases = try JSONDecoder().decode([Reading].self, from: Data(contentsOf: table))
        #expect(cases.count > 400)
        for test in cases {
            let counting = try #require(LiveForm.Counting(rawValue: test.counts))
            let form = LiveForm.timer(date: Date(timeIntervalSince1970: test.date), counts: counting, prefix: test.prefix, suffix: test.suffix)
            let moment = Date(timeIntervalSince1970: test.now)
            #expect(form.reading(at: moment) == test.reads, "\(test.counts) \(test.date) at \(test.now)")
            let timer = try Self.deviceTimer(counts: test.counts, date: test.date, prefix: test.prefix, suffix: test.suffix)
            #expect(timer.reading(at: moment) == test.reads, "device: \(test.counts) \(test.date) at \(test.now)")
        }
    }

    /// The device reads every timer as the host does: thousands of fractional dates and moments,
    /// partial seconds and hours, before and after the date, both ways.
    @Test func theDeviceReadsAsTheHost() throws {
        var generator = SplitMix64(seed: 44)
        for _ in 0..<3_000 {
            let date = 1_772_443_800 + Double(Int.random(in: -20_000...20_000, using: &generator)) / 8
            let now = date + Double.random(in: -9_000...9_000, using: &generator)
            let moment = Date(timeIntervalSince1970: now)
            for counting in LiveForm.Counting.allCases {
                let form = LiveForm.timer(date: Date(timeIntervalSince1970: date), counts: counting, prefix: "in ", suffix: " left")
                let timer = try Self.deviceTimer(counts: counting.rawValue, date: date, prefix: "in ", suffix: " left")
                #expect(timer.reading(at: moment) == form.reading(at: moment), "\(counting) \(date) at \(now)")
            }
        }
    }
}
