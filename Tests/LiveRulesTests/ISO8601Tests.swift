import Testing
@testable import LiveRules

@Suite struct ISO8601Tests {
    @Test func parsesValidTimestamps() {
        #expect(ISO8601.parse("1970-01-01T00:00:00Z") == 0)
        #expect(ISO8601.parse("2024-02-29T12:34:56Z") == 1_709_210_096)
        #expect(ISO8601.parse("2000-02-29T00:00:00Z") == 951_782_400)
        #expect(ISO8601.parse("1969-12-31T23:59:59Z") == -1)
        #expect(ISO8601.parse("1969-07-20T20:17:40Z") == -14_182_940)
        #expect(ISO8601.parse("1900-01-01T00:00:00Z") == -2_208_988_800)
        #expect(ISO8601.parse("1600-03-01T00:00:00Z") == -11_670_912_000)
        #expect(ISO8601.parse("0000-01-01T00:00:00Z") == -62_167_219_200)
        #expect(ISO8601.parse("9999-12-31T23:59:59Z") == 253_402_300_799)
    }

    @Test func formatsUTCWithMillisecondsOnlyWhenThereAreAny() {
        #expect(ISO8601.format(0) == "1970-01-01T00:00:00Z")
        #expect(ISO8601.format(-1) == "1969-12-31T23:59:59Z")
        #expect(ISO8601.format(1_772_444_700) == "2026-03-02T09:45:00Z")
        #expect(ISO8601.format(0.5) == "1970-01-01T00:00:00.5Z")
        #expect(ISO8601.format(1.25) == "1970-01-01T00:00:01.25Z")
        #expect(ISO8601.format(-0.75) == "1969-12-31T23:59:59.25Z")
        #expect(ISO8601.format(0.007) == "1970-01-01T00:00:00.007Z")
        #expect(ISO8601.format(-62_167_219_200) == "0000-01-01T00:00:00Z")
        #expect(ISO8601.format(253_402_300_799.001) == "9999-12-31T23:59:59.001Z")
        for seconds in stride(from: -3_000_000_000.0, through: 3_000_000_000, by: 7_777_777.125) {
            #expect(ISO8601.parse(ISO8601.format(seconds)) == seconds)
        }
    }

    @Test func appliesOffsets() {
        #expect(ISO8601.parse("2000-01-01T00:00:00+01:00") == 946_681_200)
        #expect(ISO8601.parse("1999-12-31T18:30:00-05:30") == 946_684_800)
        #expect(ISO8601.parse("2000-01-01T00:00:00-00:00") == 946_684_800)
        #expect(ISO8601.parse("2000-01-01T00:00:00+23:59") == 946_598_460)
    }

    @Test func parsesFractions() {
        #expect(ISO8601.parse("1970-01-01T00:00:00.5Z") == 0.5)
        #expect(ISO8601.parse("1970-01-01T00:00:01.250+00:00") == 1.25)
        #expect(ISO8601.parse("1969-12-31T23:59:59.250Z") == -0.75)
        #expect(ISO8601.parse("1970-01-01T00:00:00.123456789Z") == 0.123456789)
    }

    @Test(arguments: [
        "2023-02-29T00:00:00Z", "1900-02-29T00:00:00Z", "2000-02-30T00:00:00Z", "2023-04-31T00:00:00Z",
        "2023-13-01T00:00:00Z", "2023-00-10T00:00:00Z", "2023-01-00T00:00:00Z", "2023-01-32T00:00:00Z",
        "2023-01-01T24:00:00Z", "2023-01-01T23:60:00Z", "2023-12-31T23:59:60Z",
        "2023-01-01t00:00:00Z", "2023-01-01T00:00:00z", "2023-01-01 00:00:00Z", "2023-01-01T00:00:00",
        "2023-01-01T00:00Z", "2023-01-01", "23-01-01T00:00:00Z", "2023-1-01T00:00:00Z", "+2023-01-01T00:00:00Z",
        "2023-01-01T00:00:00.Z", "2023-01-01T00:00:00.1234567890Z", "2023-01-01T00:00:00,5Z",
        "2023-01-01T00:00:00+0100", "2023-01-01T00:00:00+01", "2023-01-01T00:00:00+24:00",
        "2023-01-01T00:00:00+01:60", "2023-01-01T00:00:00Z ", " 2023-01-01T00:00:00Z",
        "2023-01-01T00:00:00ZZ", "２０２３-01-01T00:00:00Z", "2023-01-01T00:00:00.5", "",
    ])
    func rejectsInvalidTimestamps(_ text: String) {
        #expect(ISO8601.parse(text) == nil)
    }

    @Test func everyDayFrom1600To2400ParsesToItsDayCount() throws {
        let start = try #require(ISO8601.parse("1600-01-01T00:00:00Z"))
        #expect(start == -11_676_096_000)
        var days = Int(start) / 86_400
        for year in 1600...2400 {
            let isLeap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
            let lengths = [31, isLeap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
            for (monthIndex, length) in lengths.enumerated() {
                for day in 1...length {
                    let text = "\(year)-\(twoDigits(monthIndex + 1))-\(twoDigits(day))T13:07:09Z"
                    let seconds = Double(days * 86_400 + 47_229)
                    if ISO8601.parse(text) != seconds {
                        Issue.record("\(text) ↔ \(seconds)")
                        return
                    }
                    days += 1
                }
            }
        }
        #expect(ISO8601.parse("2401-01-01T00:00:00Z") == Double(days * 86_400))
    }

    @Test func fractionsAndOffsets() {
        #expect(ISO8601.parse("1969-12-31T23:59:59.001Z") == -0.999)
        #expect(ISO8601.parse("2024-02-29T23:59:59.500Z") == 1_709_251_199.5)
        #expect(ISO8601.parse("2024-02-29T23:59:59.5+01:00") == 1_709_247_599.5)
    }

    private func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}
