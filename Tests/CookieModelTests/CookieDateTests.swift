import Foundation
import Testing
@testable import CookieModel

/// RFC 6265bis §5.1.1 "Dates": the cookie-date algorithm, one group of vectors per step.
///
/// Expected instants are seconds since 1970-01-01T00:00:00Z, worked out independently of the model.
@Suite("§5.1.1 Dates")
struct CookieDateTests {
    // MARK: Step 1 (tokenising) and step 2 (first matching production fills each field)

    @Test("§5.1.1 the common date forms parse to the same instant", arguments: [
        ("Sun, 06 Nov 1994 08:49:37 GMT", 784_111_777),          // IMF-fixdate
        ("Sunday, 06-Nov-94 08:49:37 GMT", 784_111_777),         // RFC 850, two-digit year
        ("Sun Nov  6 08:49:37 1994", 784_111_777),               // asctime
        ("06 Nov 1994 08:49:37", 784_111_777),                   // no weekday, no zone
        ("1994 Nov 06 08:49:37", 784_111_777),                   // year first: "1994" is not a day-of-month
        ("08:49:37 06 Nov 1994", 784_111_777),                   // time first
        ("Wed, 09 Jun 2021 10:18:14 GMT", 1_623_233_894),        // the spec's own example
    ])
    func commonForms(input: String, expected: Int) {
        #expect(CookieDate.parse(input) == Date(timeIntervalSince1970: TimeInterval(expected)), "\(input)")
    }

    @Test("§5.1.1 grammar: tokens may carry trailing octets (day-of-month, month, year, time)", arguments: [
        ("6th Nov 1994 08:49:37", 784_111_777),                  // day-of-month = 1*2DIGIT [ non-digit *OCTET ]
        ("06 November 1994 08:49:37", 784_111_777),              // month = "nov" *OCTET
        ("06 Novxyz 1994 08:49:37", 784_111_777),
        ("06 Nov 1994AD 08:49:37", 784_111_777),                 // year = 2*4DIGIT [ non-digit *OCTET ]
        ("06 Nov 1994 08:49:37GMT", 784_111_777),                // time = hms-time [ non-digit *OCTET ]
        ("06 Nov 1994 08:49:37:99", 784_111_777),                // ":" is a non-digit after hms-time
        ("06 Nov 1994 8:9:7", 784_109_347),                      // time-field = 1*2DIGIT
        ("06 nOV 1994 08:49:37", 784_111_777),                   // month is case-insensitive
        ("06 NOV 1994 08:49:37", 784_111_777),
    ])
    func trailingOctets(input: String, expected: Int) {
        #expect(CookieDate.parse(input) == Date(timeIntervalSince1970: TimeInterval(expected)), "\(input)")
    }

    @Test("§5.1.1 step 2: a token only fills a field that is still empty; later matches are skipped", arguments: [
        // A second time is tried as a day-of-month ("10" then ":" non-digit) but the day is set: ignored.
        ("06 Nov 1994 08:49:37 10:00:00", 784_111_777),
        // Time zones are not part of the grammar: "GMT+0100" and "-0800" fill nothing.
        ("Sun, 06 Nov 1994 08:49:37 GMT+0100", 784_111_777),
        ("Sun, 06 Nov 1994 08:49:37 -0800", 784_111_777),
        // "12:30" is not a time (two fields) but is a day-of-month ("12" then the non-digit ":").
        ("12:30 Nov 1994 08:49:37", 784_630_177),
        // ... and then "25" is no longer a day-of-month: it is the (two-digit) year 2025, and "1994" is skipped.
        ("12:30 25 Nov 1994 08:49:37", 1_762_937_377),
    ])
    func firstMatchWins(input: String, expected: Int) {
        #expect(CookieDate.parse(input) == Date(timeIntervalSince1970: TimeInterval(expected)), "\(input)")
    }

    /// delimiter = %x09 / %x20-2F / %x3B-40 / %x5B-60 / %x7B-7E
    static let delimiters: [UInt8] =
        [0x09] + Array(0x20...0x2F) + Array(0x3B...0x40) + Array(0x5B...0x60) + Array(0x7B...0x7E)

    @Test("§5.1.1 grammar: every delimiter octet separates date-tokens", arguments: delimiters)
    func everyDelimiterSeparates(delimiter: UInt8) {
        let bytes = Array("06".utf8) + [delimiter] + Array("Nov".utf8) + [delimiter, delimiter]
            + Array("1994".utf8) + [delimiter] + Array("08:49:37".utf8) + [delimiter]
        #expect(CookieDate.parse(bytes: bytes) == Date(timeIntervalSince1970: 784_111_777),
                "delimiter 0x\(String(delimiter, radix: 16))")
    }

    /// non-delimiter = %x00-08 / %x0A-1F / DIGIT / ":" / ALPHA / %x7F-FF: these glue tokens together.
    @Test("§5.1.1 grammar: non-delimiter octets do not separate tokens, so the date fails",
          arguments: [0x00, 0x08, 0x0A, 0x0D, 0x1F, 0x7F, 0x80, 0xC3, 0xFF] as [UInt8])
    func nonDelimitersGlueTokens(octet: UInt8) {
        // "06<x>Nov" is one token: a day-of-month (6) with trailing octets; "Nov" is never seen as a month.
        let bytes = Array("06".utf8) + [octet] + Array("Nov 1994 08:49:37".utf8)
        #expect(CookieDate.parse(bytes: bytes) == nil, "octet 0x\(String(octet, radix: 16))")
    }

    @Test("§5.1.1 grammar: high octets after a month name are part of the month token")
    func highOctetsInMonthToken() {
        let bytes = Array("06 Nov".utf8) + [0xE9, 0xFF] + Array(" 1994 08:49:37".utf8)
        #expect(CookieDate.parse(bytes: bytes) == Date(timeIntervalSince1970: 784_111_777))
    }

    // MARK: Steps 3–4: two-digit years

    @Test("§5.1.1 steps 3–4: years 70–99 are 19xx, 00–69 are 20xx", arguments: [
        ("01 Jan 70 00:00:00", 0),
        ("01 Jan 99 00:00:00", 915_148_800),
        ("01 Jan 00 00:00:00", 946_684_800),
        ("31 Dec 69 23:59:59", 3_155_759_999),
        ("09 Jun 21 10:18:14", 1_623_233_894),
    ])
    func twoDigitYears(input: String, expected: Int) {
        #expect(CookieDate.parse(input) == Date(timeIntervalSince1970: TimeInterval(expected)), "\(input)")
    }

    // MARK: Step 5: all four fields, each in range

    @Test("§5.1.1 step 5: fail when a field is missing or out of range", arguments: [
        "",
        "   ",
        "garbage",
        "06 Nov 1994",                       // no time
        "Nov 1994 08:49:37",                 // no day-of-month
        "06 1994 08:49:37",                  // no month
        "06 Nov 08:49:37",                   // no year
        "06 Nov 1994 08:49",                 // "08:49" is not a time (hms-time needs three fields)
        "06 Nov 1994 008:49:37",             // time-field is 1*2DIGIT
        "06 Nov 19940 08:49:37",             // year is 2*4DIGIT
        "06 Nov 1 08:49:37",                 // a one-digit year is no year
        "00 Nov 1994 08:49:37",              // day-of-month < 1
        "32 Nov 1994 08:49:37",              // day-of-month > 31
        "06 Nov 1600 08:49:37",              // year < 1601
        "06 Nov 994 08:49:37",               // three digits: no 2-digit adjustment, < 1601
        "06 Nov 1994 24:00:00",              // hour > 23
        "06 Nov 1994 23:60:00",              // minute > 59
        "06 Nov 1994 23:59:60",              // second > 59 (no leap seconds)
        "06/Nov/1994:08:49:37",              // "1994:08:49:37" is a year token, so no time is found
    ])
    func failsStep5(input: String) {
        #expect(CookieDate.parse(input) == nil, "\(input)")
    }

    @Test("§5.1.1 step 5 boundaries are inclusive", arguments: [
        ("01 Jan 1601 00:00:00", -11_644_473_600),
        ("31 Dec 9999 23:59:59", 253_402_300_799),
        ("31 Jan 2030 23:59:59", 1_896_134_399),
        ("1 Jan 2030 0:0:0", 1_893_456_000),
    ])
    func step5Boundaries(input: String, expected: Int) {
        #expect(CookieDate.parse(input) == Date(timeIntervalSince1970: TimeInterval(expected)), "\(input)")
    }

    // MARK: Step 6: the date must exist

    @Test("§5.1.1 step 6: a day that does not exist in its month fails", arguments: [
        "31 Apr 2021 00:00:00",
        "31 Jun 2021 00:00:00",
        "31 Sep 2021 00:00:00",
        "31 Nov 2021 00:00:00",
        "30 Feb 2020 00:00:00",
        "29 Feb 2021 00:00:00",
        "29 Feb 1900 00:00:00",              // divisible by 100, not by 400: not a leap year
    ])
    func nonexistentDays(input: String) {
        #expect(CookieDate.parse(input) == nil, "\(input)")
    }

    @Test("§5.1.1 step 6: leap days exist in leap years", arguments: [
        ("29 Feb 2000 00:00:00", 951_782_400),
        ("29 Feb 2024 12:00:00", 1_709_208_000),
    ])
    func leapDays(input: String, expected: Int) {
        #expect(CookieDate.parse(input) == Date(timeIntervalSince1970: TimeInterval(expected)), "\(input)")
    }

    // MARK: Printing (RFC 9110 §5.6.7 IMF-fixdate) and round trip

    @Test("IMF-fixdate output, and it parses back to the same instant", arguments: [
        784_111_777, 0, 1_623_233_894, 951_782_400, -11_644_473_600, 253_402_300_799,
    ])
    func httpDateRoundTrip(seconds: Int) {
        let date = Date(timeIntervalSince1970: TimeInterval(seconds))
        let printed = CookieDate.httpDate(date)
        #expect(CookieDate.parse(printed) == date, "\(printed)")
    }

    @Test("IMF-fixdate has the fixed layout of RFC 9110 §5.6.7")
    func httpDateLayout() {
        #expect(CookieDate.httpDate(Date(timeIntervalSince1970: 784_111_777)) == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(CookieDate.httpDate(Date(timeIntervalSince1970: 0)) == "Thu, 01 Jan 1970 00:00:00 GMT")
    }
}
