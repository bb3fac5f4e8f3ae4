import Foundation
import HarnessCore

/// Parses `xs:dateTime` values (`2026-01-01T00:00:00Z`) by hand.
///
/// A suite's clock start must mean the same instant on every machine, so nothing here depends on the locale, the
/// time zone or a formatter's leniency: a value without a zone is read as UTC, fractions of a second are kept, and
/// `24:00:00` is the next day's midnight, as XML Schema defines it.
enum XSDDateTime {
    /// The instant `text` names, or nil if it is not a valid `xs:dateTime`.
    static func parse(_ text: String) -> Date? {
        var scanner = Scanner(Array(SuiteText.trimmed(text).unicodeScalars))
        let negative = scanner.take("-")
        guard let yearDigits = scanner.digits(), yearDigits.count >= 4,
              yearDigits.count == 4 || yearDigits.first != "0",
              yearDigits.count <= 9, var year = Int(yearDigits)
        else { return nil }
        if negative { year = -year }
        guard year != 0 || !negative,
              scanner.take("-"), let month = scanner.number(digits: 2),
              scanner.take("-"), let day = scanner.number(digits: 2),
              scanner.take("T"), let hour = scanner.number(digits: 2),
              scanner.take(":"), let minute = scanner.number(digits: 2),
              scanner.take(":"), let second = scanner.number(digits: 2)
        else { return nil }
        var fraction = 0.0
        if scanner.take(".") {
            guard let digits = scanner.digits(), let value = Double("0." + digits) else { return nil }
            fraction = value
        }
        var offsetMinutes = 0
        if scanner.take("Z") {
            offsetMinutes = 0
        } else if let sign = scanner.takeSign() {
            guard let hours = scanner.number(digits: 2), scanner.take(":"), let minutes = scanner.number(digits: 2),
                  minutes < 60, hours < 14 || (hours == 14 && minutes == 0)
            else { return nil }
            offsetMinutes = sign * (hours * 60 + minutes)
        }
        guard scanner.atEnd,
              (1...12).contains(month), (1...daysInMonth(month, year: year)).contains(day),
              minute < 60, second < 60,
              hour < 24 || (hour == 24 && minute == 0 && second == 0 && fraction == 0)
        else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3_600 + minute * 60 + second - offsetMinutes * 60
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }

    private static func daysInMonth(_ month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days since 1970-01-01 in the proleptic Gregorian calendar (Howard Hinnant's `days_from_civil`).
    private static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private struct Scanner {
        let scalars: [Unicode.Scalar]
        var index = 0

        init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

        var atEnd: Bool { index == scalars.count }

        mutating func take(_ literal: Unicode.Scalar) -> Bool {
            guard !atEnd, scalars[index] == literal else { return false }
            index += 1
            return true
        }

        mutating func takeSign() -> Int? {
            if take("+") { return 1 }
            if take("-") { return -1 }
            return nil
        }

        /// One or more ASCII digits.
        mutating func digits() -> String? {
            let start = index
            while !atEnd, ("0"..."9").contains(scalars[index]) { index += 1 }
            guard index > start else { return nil }
            return String(String.UnicodeScalarView(scalars[start..<index]))
        }

        /// Exactly `digits` ASCII digits.
        mutating func number(digits count: Int) -> Int? {
            let start = index
            guard let text = digits(), text.count == count else {
                index = start
                return nil
            }
            return Int(text)
        }
    }
}
