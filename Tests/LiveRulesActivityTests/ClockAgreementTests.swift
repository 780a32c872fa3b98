import Foundation
import LiveRules
import LiveRulesActivity
import TestPacks
import Testing

/// The clock is read in five places that must agree to the character: `liverules.time` (the
/// helpers' texts), `LiveForm` (the host's check of those texts), `LiveTimer` (what the device
/// draws), the Android library's `LiveTimer` and the studio's `clockReading` (studio.js).
/// `LiveForm` is the definition; the helpers are held to it by `LiveFieldTests`, the device here,
/// and the Android library (`android/test.sh`) and the studio (the browser test) over the table
/// `Tests/Browser/clock_readings.json`, whose readings are checked here.
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

    /// The timer a device decodes from the wire form (dates in seconds since 2001-01-01), with
    /// `"showsHours": false` when `showsHours` is false.
    static func deviceTimer(counts: String, date: Double, prefix: String, suffix: String, showsHours: Bool = true) throws -> LiveTimer {
        var wire: [String: Any] = ["date": date - Date.timeIntervalBetween1970AndReferenceDate, "counts": counts,
                                   "prefix": prefix, "suffix": suffix]
        if !showsHours { wire["showsHours"] = false }
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
            // Without hours the same clock counts its hours in its minutes: "1:07:20" reads "67:20".
            let clock = test.reads.dropFirst(test.prefix.count).dropLast(test.suffix.count).split(separator: ":").map { Int($0)! }
            let minutes = clock.count == 3 ? "\(clock[0] * 60 + clock[1]):\(test.reads.suffix(2 + test.suffix.count).prefix(2))"
                : String(test.reads.dropFirst(test.prefix.count).dropLast(test.suffix.count))
            let hourless = LiveForm.timer(date: Date(timeIntervalSince1970: test.date), counts: counting, prefix: test.prefix, suffix: test.suffix,
                                          showsHours: false)
            #expect(hourless.reading(at: moment) == test.prefix + minutes + test.suffix, "no hours: \(test.counts) \(test.date) at \(test.now)")
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
                for showsHours in [true, false] {
                    let form = LiveForm.timer(date: Date(timeIntervalSince1970: date), counts: counting, prefix: "in ", suffix: " left",
                                              showsHours: showsHours)
                    let timer = try Self.deviceTimer(counts: counting.rawValue, date: date, prefix: "in ", suffix: " left", showsHours: showsHours)
                    #expect(timer.showsHours == showsHours)
                    #expect(timer.reading(at: moment) == form.reading(at: moment), "\(counting) \(showsHours) \(date) at \(now)")
                }
            }
        }
    }

    /// A `showsHours` that is not a boolean does not decode (the field shows its text); a
    /// decoded timer writes it back only when false.
    @Test func showsHoursIsABooleanOrTheTimerDoesNotRead() throws {
        for bad in [#""no""#, "0", "[]"] {
            let wire = #"{"date": 800000000, "counts": "up", "showsHours": \#(bad)}"#
            #expect(throws: DecodingError.self, "\(bad)") { try JSONDecoder().decode(LiveTimer.self, from: Data(wire.utf8)) }
        }
        let timer = try JSONDecoder().decode(LiveTimer.self, from: Data(#"{"date": 800000000, "counts": "up", "showsHours": false}"#.utf8))
        #expect(!timer.showsHours && timer.reading(at: Date(timeIntervalSinceReferenceDate: 800_003_980)) == "66:20")
        #expect(String(decoding: try JSONEncoder().encode(timer), as: UTF8.self).contains(#""showsHours":false"#))
        let hours = try JSONDecoder().decode(LiveTimer.self, from: Data(#"{"date": 800000000, "counts": "up"}"#.utf8))
        let written = String(decoding: try JSONEncoder().encode(hours), as: UTF8.self)
        #expect(hours.showsHours && !written.contains("showsHours"))
    }

    /// The device's progress from its wire form (dates in seconds since 2001-01-01).
    static func deviceProgress(start: Double, finish: Double) throws -> LiveProgress {
        try JSONDecoder().decode(LiveProgress.self, from: Data(#"{"start": \#(start), "finish": \#(finish)}"#.utf8))
    }

    /// At and after its finish a progress reads 100 % and fraction 1, before its start 0, on
    /// the host and on the device alike: also for spans whose arithmetic rounds just under at
    /// the finish, and on the device for spans too long for a `Double`.
    @Test func aProgressIsFullFromItsFinishOn() throws {
        var generator = SplitMix64(seed: 45)
        var spans: [(Double, Double)] = [(0.1, 0.3), (1e-3, 1e-3 + 1e-3), (-1e11, 1e11), (1_772_443_800.1, 1_772_443_800.7)]
        for _ in 0..<5_000 {
            let start = Double(Int.random(in: -1_000_000...1_000_000, using: &generator)) / 7 + 1_772_443_800
            spans.append((start, start + Double.random(in: 1e-3...100_000, using: &generator)))
        }
        for (start, finish) in spans {
            let form = LiveForm.progress(start: Date(timeIntervalSince1970: start), finish: Date(timeIntervalSince1970: finish))
            let device = try Self.deviceProgress(start: start - Date.timeIntervalBetween1970AndReferenceDate,
                                                 finish: finish - Date.timeIntervalBetween1970AndReferenceDate)
            for now in [finish, finish.nextUp, finish + 1, finish + 1e6] {
                let moment = Date(timeIntervalSince1970: now)
                #expect(form.reading(at: moment) == "100%", "\(start)...\(finish) at \(now)")
                #expect(device.reading(at: moment) == "100%" && device.fraction(at: moment) == 1, "device: \(start)...\(finish) at \(now)")
            }
            for now in [start, start.nextDown, start - 1] {
                let moment = Date(timeIntervalSince1970: now)
                #expect(form.reading(at: moment) == "0%" && device.reading(at: moment) == "0%" && device.fraction(at: moment) == 0)
            }
            let before = Date(timeIntervalSince1970: finish - (finish - start) / 1_000)
            #expect(form.reading(at: before) != "100%" && device.reading(at: before) == form.reading(at: before), "\(start)...\(finish)")
        }
        // Spans whose differences overflow a Double, on the device only (the host's dates are bounded).
        let huge = try Self.deviceProgress(start: -1.5e308, finish: 1.5e308)
        #expect(huge.reading(at: Date(timeIntervalSinceReferenceDate: 1.5e308)) == "100%")
        #expect(huge.fraction(at: Date(timeIntervalSinceReferenceDate: 1.6e308)) == 1)
        #expect(huge.reading(at: Date(timeIntervalSinceReferenceDate: 0)) == "50%")
        #expect(huge.fraction(at: Date(timeIntervalSinceReferenceDate: 0)) == 0.5)
    }
}
