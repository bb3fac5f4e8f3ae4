import Foundation

/// A date as libsoup 3.2.3 keeps a cookie's expiry (a `GDateTime`): the instant, in whole seconds as
/// `g_date_time_to_unix` gives it, and the calendar year in the date's own time zone, which
/// `soup_date_time_is_past` looks at before the instant.
struct LibsoupDate: Sendable, Hashable {
    /// Seconds since 1970 (`g_date_time_to_unix`: the instant rounded down to a second).
    var unix: Int64
    /// The year in the zone the date was made in (`g_date_time_get_year`): the parsed zone for Expires, UTC else.
    var year: Int

    /// A UTC date at `unix` (`g_date_time_new_from_unix_utc`, or `g_date_time_add_seconds` on a UTC date).
    init(utc unix: Int64) {
        self.unix = unix
        self.year = LibsoupCalendar.civil(fromDays: LibsoupCalendar.floorDivide(unix, 86_400)).year
    }

    init(unix: Int64, year: Int) {
        self.unix = unix
        self.year = year
    }

    /// The clock's "now" as `time (NULL)` reads it: whole seconds, rounded down.
    static func seconds(_ date: Date) -> Int64 { Int64(date.timeIntervalSince1970.rounded(.down)) }

    /// Models `soup_date_time_is_past` (libsoup/soup-date-utils.c): every date in a year before 2020 is past (an
    /// "optimization" of libsoup's, whatever the clock says); otherwise past when its second is before now's.
    func isPast(now: Date) -> Bool {
        year < 2020 || unix < LibsoupDate.seconds(now)
    }

    /// Models `soup_cookie_set_max_age` (libsoup/cookies/soup-cookie.c) for an `int` Max-Age: -1 is no expiry,
    /// 0 is the epoch ("way in the past"), anything else `now + max_age` in UTC (nil past GLib's year 9999).
    static func maxAge(_ maxAge: Int32, now: Date) -> LibsoupDate? {
        switch maxAge {
        case -1: return nil
        case 0: return LibsoupDate(utc: 0)
        default:
            let unix = seconds(now) + Int64(maxAge)
            let date = LibsoupDate(utc: unix)
            // g_date_time_add_seconds fails outside years 1–9999: the cookie then has no expiry.
            return (1...9999).contains(date.year) ? date : nil
        }
    }
}

/// Proleptic Gregorian arithmetic, as `GDateTime` does it (no leap seconds, years 1–9999).
enum LibsoupCalendar {
    static func floorDivide(_ a: Int64, _ b: Int64) -> Int64 {
        let q = a / b
        return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
    }

    static func isLeap(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

    static func daysInMonth(_ month: Int, of year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days since 1970-01-01 of a civil date.
    static func days(year: Int, month: Int, day: Int) -> Int64 {
        let y = Int64(month <= 2 ? year - 1 : year)
        let era = floorDivide(y, 400)
        let yoe = y - era * 400
        let m = Int64(month)
        let doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + Int64(day) - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The civil date of a day count since 1970-01-01.
    static func civil(fromDays days: Int64) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = floorDivide(z, 146_097)
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = Int(doy - (153 * mp + 2) / 5 + 1)
        let month = Int(mp < 10 ? mp + 3 : mp - 9)
        let year = Int(yoe + era * 400) + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }
}
