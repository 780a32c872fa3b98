/// Strict ISO 8601 timestamps in the proleptic Gregorian calendar, computed with integer
/// arithmetic only (no formatters, locales or time zone database).
package enum ISO8601 {
    /// Unix seconds for exactly `YYYY-MM-DDTHH:MM:SS[.fraction]` followed by `Z` or `±HH:MM`,
    /// with uppercase `T` and `Z`, 1–9 fraction digits, a real calendar date (leap years included),
    /// hour 0–23, minute 0–59, second 0–59 (no leap second) and offset up to ±23:59; otherwise `nil`.
    package static func parse(_ text: String) -> Double? {
        if let seconds = text.utf8.withContiguousStorageIfAvailable(parse) { return seconds }
        return Array(text.utf8).withUnsafeBufferPointer(parse)
    }

    /// ``parse(_:)`` of the text's UTF-8 bytes.
    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
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

    /// The UTC text `parse` reads back as `seconds`: `YYYY-MM-DDTHH:MM:SSZ`, with up to three
    /// fraction digits (trailing zeros left out) when `seconds` has milliseconds. Years 0...9999.
    package static func format(_ seconds: Double) -> String {
        let milliseconds = Int((seconds * 1000).rounded())
        let whole = Int((Double(milliseconds) / 1000).rounded(.down))
        let fraction = milliseconds - whole * 1000
        let days = Int((Double(whole) / 86_400).rounded(.down))
        let time = whole - days * 86_400
        let (year, month, day) = civilFromDays(days)
        var text: [UInt8] = []
        text.reserveCapacity(24)
        /// Appends `value` (not negative) in decimal, zero-padded to `count` digits, then `separator`.
        func append(_ value: Int, digits count: Int, _ separator: Unicode.Scalar) {
            let start = text.count
            var rest = value
            repeat {
                text.append(UInt8(ascii: "0") + UInt8(rest % 10))
                rest /= 10
            } while rest > 0 || text.count - start < count
            text[start...].reverse()
            text.append(UInt8(ascii: separator))
        }
        append(year, digits: 4, "-")
        append(month, digits: 2, "-")
        append(day, digits: 2, "T")
        append(time / 3600, digits: 2, ":")
        append(time / 60 % 60, digits: 2, ":")
        if fraction == 0 {
            append(time % 60, digits: 2, "Z")
        } else {
            append(time % 60, digits: 2, ".")
            append(fraction, digits: 3, "Z")
            text.removeLast()
            while text.last == UInt8(ascii: "0") { text.removeLast() }
            text.append(UInt8(ascii: "Z"))
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The proleptic Gregorian date `days` after 1970-01-01 (H. Hinnant's `civil_from_days`).
    private static func civilFromDays(_ days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
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
