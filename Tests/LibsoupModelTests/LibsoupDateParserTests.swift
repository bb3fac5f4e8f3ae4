import Foundation
import Testing

@testable import LibsoupModel

/// soup_date_time_new_from_http_string, against what libsoup 3.2.3 itself returned for each input
/// (`Soup.date_time_new_from_http_string` through PyGObject on this machine: to_unix, year, UTC offset).
@Suite("libsoup model: the Expires date parser")
struct LibsoupDateParserTests {
    @Test(
        "libsoup's answers",
        arguments: [
            ("Wed, 01 Jan 2020 00:30:00 +0100", 1_577_835_000, 2020),
            ("Sun, 06 Nov 1994 08:49:37 PST", 784_165_777, 1994),
            ("01 Jan 2030 00:00:00 +2500", 1_893_456_000, 2030),
            ("01 Jan 2030 00:00:00 -2400", 1_893_542_400, 2030),
            ("01 Jan 2030 00:00:00 +2459", 1_893_366_060, 2030),
            ("01 Jan 2030 00:00:00 +2460", 1_893_456_000, 2030),
            ("01 Jan 2030 00:00:00 +0099", 1_893_450_060, 2030),
            ("01 Jan 2030 00:00:00 +1:30", 1_893_450_600, 2030),
            ("01 Jan 0001 00:00:00 +0100", -62_135_600_400, 1),
            ("01 Jan 2030 00:00:00 EDT", 1_893_452_400, 2030),
            ("01 Jan 2030 00:00:00 MST", 1_893_492_000, 2030),
            ("01 Jan 2030 00:00:00 GMTx", 1_893_456_000, 2030),
            ("Mon, 01-Jan-2030 00:00:00 GMT", 1_893_456_000, 2030),
            ("Mon Jan  1 00:00:00 2030", 1_893_456_000, 2030),
            ("01 Jan 2030 00:00:00 +99999999999999999999", 1_893_455_676, 2030),
            ("01 Jan -5 00:00:00", -62_009_366_400, 5),
            ("01 Jan 2030 00:00:00 +024", 1_893_454_560, 2030),
        ] as [(String, Int64, Int)]
    )
    func parsed(text: String, unix: Int64, year: Int) {
        let date = LibsoupDateParser.parse(CBytes(text.utf8))
        #expect(date == LibsoupDate(unix: unix, year: year))
    }

    @Test(
        "what libsoup refuses",
        arguments: [
            "xx", "1 jan 30 1:2:3", "31 Feb 2030 00:00:00", "Jan 5 10:00:00 2030 GMT", "01 Jan 2030 24:00:00",
            "01 Jan 2030 00:00:60", "01 Jan 10000 00:00:00", "01 Jan 99999999999 00:00:00", "-1 Jan 2030 00:00:00",
        ]
    )
    func refused(text: String) {
        #expect(LibsoupDateParser.parse(CBytes(text.utf8)) == nil)
    }
}
