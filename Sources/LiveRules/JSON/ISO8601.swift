/// Strict ISO 8601 timestamps in the proleptic Gregorian calendar, computed with integer
/// arithmetic only (no formatters, locales or time zone database).
package enum ISO8601 {
    /// Unix seconds for exactly `YYYY-MM-DDTHH:MM:SS[.fraction]` followed by `Z` or `±HH:MM`,
    /// with uppercase `T` and `Z`, 1–9 fraction digits, a real calendar date (leap years included),
    /// hour 0–23, minute 0–59, second 0–59 (no leap second) and offset up to ±23:59; otherwise `nil`.
    package static func parse(_ text: String) -> Double? {
        let bytes = Array(text.utf8)
        var index = 0

        func number(digits count: Int) -> Int? {
            guard index + count <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[index..<index + count] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            index += count
            return value
        }
        func skip(_ character: Unicode.Scalar) -> Bool {
            guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
            index += 1
            return true
        }

        guard let year = number(digits: 4), skip("-"), let month = number(digits: 2), skip("-"),
              let day = number(digits: 2), skip("T"), let hour = number(digits: 2), skip(":"),
              let minute = number(digits: 2), skip(":"), let second = number(digits: 2),
              (1...12).contains(month), (1...daysInMonth(month, of: year)).contains(day),
              hour < 24, minute < 60, second < 60
        else { return nil }

        var fraction = 0.0
        if skip(".") {
            var digits = 0
            var numerator = 0
            while digits < 10, let digit = number(digits: 1) {
                numerator = numerator * 10 + digit
                digits += 1
            }
            guard (1...9).contains(digits) else { return nil }
            var denominator = 1
            for _ in 0..<digits {
                denominator *= 10
            }
            fraction = Double(numerator) / Double(denominator)
        }

        var offsetSeconds = 0
        if !skip("Z") {
            let sign: Int
            if skip("+") {
                sign = 1
            } else if skip("-") {
                sign = -1
            } else {
                return nil
            }
            guard let offsetHour = number(digits: 2), skip(":"), let offsetMinute = number(digits: 2),
                  offsetHour < 24, offsetMinute < 60
            else { return nil }
            offsetSeconds = sign * (offsetHour * 3600 + offsetMinute * 60)
        }
        guard index == bytes.count else { return nil }

        let days = daysFromCivil(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
        return Double(seconds) + fraction
    }

    private static func isLeapYear(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    private static func daysInMonth(_ month: Int, of year: Int) -> Int {
        switch month {
        case 2: isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days since 1970-01-01 for a proleptic Gregorian date (H. Hinnant's `days_from_civil`).
    private static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }



}
