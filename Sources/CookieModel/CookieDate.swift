import Foundation

/// The cookie-date algorithm of RFC 6265bis §5.1.1, and the HTTP-date form used to print a parsed date.
///
/// Browsers parse `Expires` leniently and this algorithm is the common ground: the value is cut into tokens at
/// delimiters, and the first token that looks like a time, a day of month, a month and a year fills each field.
public enum CookieDate {
    /// Parses `value` as a cookie-date (§5.1.1); `nil` when the algorithm says "fail to parse".
    public static func parse(_ value: String) -> Date? {
        parse(bytes: Array(value.utf8))
    }

    /// Parses raw octets as a cookie-date (§5.1.1); `nil` when the algorithm says "fail to parse".
    public static func parse(bytes: [UInt8]) -> Date? {
        var time: (hour: Int, minute: Int, second: Int)?
        var dayOfMonth: Int?
        var month: Int?
        var year: Int?

        var index = 0
        while index < bytes.count {
            // Step 1: skip delimiters, then take the run of non-delimiters as a date-token.
            while index < bytes.count, isDelimiter(bytes[index]) { index += 1 }
            let start = index
            while index < bytes.count, !isDelimiter(bytes[index]) { index += 1 }
            guard start < index else { break }
            let token = bytes[start..<index]

            // Step 2: each token fills the first field it matches that is still empty, in this order.
            if time == nil, let parsed = parseTime(token) {
                time = parsed
            } else if dayOfMonth == nil, let parsed = parseDigits(token, min: 1, max: 2) {
                dayOfMonth = parsed
            } else if month == nil, let parsed = parseMonth(token) {
                month = parsed
            } else if year == nil, let parsed = parseDigits(token, min: 2, max: 4) {
                year = parsed
            }
        }

        // Steps 3–4: two-digit years.
        if var y = year {
            if (70...99).contains(y) { y += 1900 } else if (0...69).contains(y) { y += 2000 }
            year = y
        }
        // Step 5: every field present and within range.
        guard let time, let dayOfMonth, let month, let year,
              (1...31).contains(dayOfMonth), year >= 1601,
              time.hour <= 23, time.minute <= 59, time.second <= 59
        else { return nil }
        // Step 6: the date must exist ("Feb 30" fails).
        guard dayOfMonth <= daysIn(month: month, year: year) else { return nil }

        let days = daysFromCivil(year: year, month: month, day: dayOfMonth)
        let seconds = days * 86_400 + time.hour * 3600 + time.minute * 60 + time.second
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    /// Formats `date` as an IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`), the form RFC 9110 §5.6.7 prefers.
    public static func httpDate(_ date: Date) -> String {
        let total = Int(date.timeIntervalSince1970.rounded(.down))
        var days = total / 86_400
        var secondsOfDay = total % 86_400
        if secondsOfDay < 0 { secondsOfDay += 86_400; days -= 1 }
        let (year, month, day) = civilFromDays(days)
        let weekday = ((days % 7) + 11) % 7  // 1970-01-01 was a Thursday (index 4 from Sunday)
        let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(weekdays[weekday]), \(two(day)) \(monthNames[month - 1]) \(year) "
            + "\(two(secondsOfDay / 3600)):\(two(secondsOfDay / 60 % 60)):\(two(secondsOfDay % 60)) GMT"
    }

    // MARK: - Tokens (§5.1.1 grammar)

    private static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// delimiter = %x09 / %x20-2F / %x3B-40 / %x5B-60 / %x7B-7E
    static func isDelimiter(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x09, 0x20...0x2F, 0x3B...0x40, 0x5B...0x60, 0x7B...0x7E: true
        default: false
        }
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }

    /// `min*max DIGIT ( non-digit *OCTET )`: the leading digits' value, or nil.
    private static func parseDigits(_ token: ArraySlice<UInt8>, min: Int, max: Int) -> Int? {
        var value = 0
        var count = 0
        for byte in token {
            guard isDigit(byte) else { break }
            count += 1
            if count > max { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        return count >= min ? value : nil
    }

    /// `time = hms-time ( non-digit *OCTET )`, `hms-time = time-field ":" time-field ":" time-field`,
    /// `time-field = 1*2DIGIT`.
    private static func parseTime(_ token: ArraySlice<UInt8>) -> (hour: Int, minute: Int, second: Int)? {
        var fields: [Int] = []
        var index = token.startIndex
        while fields.count < 3 {
            var value = 0
            var digits = 0
            while index < token.endIndex, isDigit(token[index]), digits < 2 {
                value = value * 10 + Int(token[index] - 0x30)
                digits += 1
                index += 1
            }
            guard digits > 0 else { return nil }
            fields.append(value)
            if fields.count < 3 {
                guard index < token.endIndex, token[index] == UInt8(ascii: ":") else { return nil }
                index += 1
            }
        }
        // After hms-time: nothing, or a non-digit followed by anything.
        if index < token.endIndex, isDigit(token[index]) { return nil }
        return (fields[0], fields[1], fields[2])
    }

    /// `month = ( "jan" / "feb" / ... / "dec" ) *OCTET`, case-insensitive on the first three octets.
    private static func parseMonth(_ token: ArraySlice<UInt8>) -> Int? {
        guard token.count >= 3 else { return nil }
        let start = token.startIndex
        let prefix = [token[start], token[start + 1], token[start + 2]].map { $0 | 0x20 }  // ASCII lower-case
        for (index, name) in lowerMonthNames.enumerated() where name == prefix {
            return index + 1
        }
        return nil
    }

    private static let lowerMonthNames: [[UInt8]] = monthNames.map { Array($0.lowercased().utf8) }

    // MARK: - Calendar arithmetic (proleptic Gregorian, UTC; no Calendar, no locale)

    private static func isLeap(_ year: Int) -> Bool { (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days since 1970-01-01 for a civil date (Howard Hinnant's `days_from_civil`).
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The civil date of a day count since 1970-01-01 (Howard Hinnant's `civil_from_days`).
    static func civilFromDays(_ days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
