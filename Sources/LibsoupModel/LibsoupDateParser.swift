/// Models `soup_date_time_new_from_http_string` (libsoup/soup-date-utils.c), the date parser of a cookie's
/// Expires attribute: lenient about order and separators, strict about GLib's calendar ranges.
enum LibsoupDateParser {
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// The date `text` names, or nil (the cookie then has no expiry at all, whatever came before).
    static func parse(_ text: CBytes) -> LibsoupDate? {
        var index = 0
        while CBytes.isSpace(text[index]) { index += 1 }
        // A leading digit with no capital month initial anywhere after it is taken for ISO 8601 and refused.
        if CBytes.isDigit(text[index]),
           !text.bytes[index...].contains(where: { "JFMASOND".utf8.contains($0) }) {
            return nil
        }
        return parseTextual(text, from: index)
    }

    /// `parse_textual_date`: an optional weekday word, then an asctime date (`Nov  6 08:49:37 1994`) or an
    /// RFC 1123 / RFC 850 one (`06 Nov 1994 08:49:37 GMT`, `06-Nov-94 …`).
    private static func parseTextual(_ text: CBytes, from start: Int) -> LibsoupDate? {
        var index = start
        if CBytes.isAlpha(text[index]) {
            while CBytes.isAlpha(text[index]) { index += 1 }
            if text[index] == UInt8(ascii: ",") { index += 1 }
            while CBytes.isSpace(text[index]) { index += 1 }
        }
        var fields = (year: Int32(0), month: Int32(0), day: Int32(0), hour: Int32(0), minute: Int32(0), second: Int32(0))
        if CBytes.isAlpha(text[index]) {
            guard let month = parseMonth(text, &index), let day = parseDay(text, &index),
                  let time = parseTime(text, &index), let year = parseYear(text, &index) else { return nil }
            fields = (year, month, day, time.hour, time.minute, time.second)
        } else {
            guard let day = parseDay(text, &index), let month = parseMonth(text, &index),
                  let year = parseYear(text, &index), let time = parseTime(text, &index) else { return nil }
            fields = (year, month, day, time.hour, time.minute, time.second)
        }
        let offset = parseTimeZone(text, &index) ?? 0
        return make(fields, offsetSeconds: offset)
    }

    private static func skipSeparators(_ text: CBytes, _ index: inout Int) {
        while text[index] == UInt8(ascii: " ") || text[index] == UInt8(ascii: "-") { index += 1 }
    }

    /// `parse_day`: a number (C `int` from `strtoul`), then spaces and dashes.
    private static func parseDay(_ text: CBytes, _ index: inout Int) -> Int32? {
        let (value, end) = text.strtoul(from: index)
        guard end != index else { return nil }
        index = end
        skipSeparators(text, &index)
        return Int32(truncatingIfNeeded: value)
    }

    /// `parse_month`: the first three letters of an English month name, any case.
    private static func parseMonth(_ text: CBytes, _ index: inout Int) -> Int32? {
        guard let month = months.firstIndex(where: { text.hasPrefixIgnoringCase($0, at: index) }) else { return nil }
        index += 3
        skipSeparators(text, &index)
        return Int32(month + 1)
    }

    /// `parse_year`: a number; two characters make 1970–2069, three add 1900 (characters scanned, sign included).
    private static func parseYear(_ text: CBytes, _ index: inout Int) -> Int32? {
        let (value, end) = text.strtoul(from: index)
        guard end != index else { return nil }
        var year = Int32(truncatingIfNeeded: value)
        if end - index == 2 {
            year = year < 70 ? year &+ 2000 : year &+ 1900
        } else if end - index == 3 {
            year = year &+ 1900
        }
        index = end
        skipSeparators(text, &index)
        return year
    }

    /// `parse_time`: `h:m:s`, each a number, then spaces.
    private static func parseTime(_ text: CBytes, _ index: inout Int) -> (hour: Int32, minute: Int32, second: Int32)? {
        var parts: [Int32] = []
        for part in 0..<3 {
            let (value, end) = text.strtoul(from: index)
            guard end != index else { return nil }
            parts.append(Int32(truncatingIfNeeded: value))
            index = end
            if part < 2 {
                guard text[index] == UInt8(ascii: ":") else { return nil }
                index += 1
            }
        }
        while text[index] == UInt8(ascii: " ") { index += 1 }
        return (parts[0], parts[1], parts[2])
    }

    /// `parse_timezone`, then `g_time_zone_new_offset`: the zone's offset in seconds, or nil for UTC (no or an
    /// unknown zone, or an offset GLib refuses: 25 hours or more).
    private static func parseTimeZone(_ text: CBytes, _ index: inout Int) -> Int64? {
        let rest = Array(text.bytes[min(index, text.count)...])
        var minutes: Int32
        switch text[index] {
        case 0:
            minutes = 0
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            let sign: UInt64 = text[index] == UInt8(ascii: "+") ? 1 : UInt64.max
            var (value, end) = text.strtoul(from: index + 1)
            index = end
            if text[index] == UInt8(ascii: ":") {
                let (more, moreEnd) = text.strtoul(from: index + 1)
                value = 60 &* value &+ more
                index = moreEnd
            } else {
                value = 60 &* (value / 100) &+ value % 100
            }
            if sign == UInt64.max, value == 0 { return nil }
            minutes = Int32(truncatingIfNeeded: sign &* value)
        case UInt8(ascii: "Z"):
            return nil
        default:
            if rest == Array("GMT".utf8) || rest == Array("UTC".utf8) { return nil }
            let zones = Array("ECMP".utf8)
            guard zones.contains(text[index]),
                  text[index + 1] == UInt8(ascii: "D") || text[index + 1] == UInt8(ascii: "S"),
                  text[index + 2] == UInt8(ascii: "T") else { return nil }
            // strcspn("ECMP", rest): the first of E, C, M, P found anywhere in the rest (libsoup's own arithmetic).
            let position = zones.firstIndex(where: { rest.contains($0) }) ?? zones.count
            minutes = Int32(-60 * (5 * position))
            if text[index + 1] == UInt8(ascii: "D") { minutes += 60 }
        }
        let seconds = Int64(minutes &* 60)
        return seconds.magnitude / 3600 <= 24 ? seconds : nil
    }

    /// `g_date_time_new (tz, year, month, day, hour, minute, second)`: nil outside GLib's ranges.
    private static func make(
        _ f: (year: Int32, month: Int32, day: Int32, hour: Int32, minute: Int32, second: Int32), offsetSeconds: Int64
    ) -> LibsoupDate? {
        let (year, month, day) = (Int(f.year), Int(f.month), Int(f.day))
        guard (1...9999).contains(year), (1...12).contains(month),
              (1...LibsoupCalendar.daysInMonth(month, of: year)).contains(day),
              (0...23).contains(f.hour), (0...59).contains(f.minute), (0...59).contains(f.second) else { return nil }
        let days = LibsoupCalendar.days(year: year, month: month, day: day)
        let unix = days * 86_400 + Int64(f.hour) * 3600 + Int64(f.minute) * 60 + Int64(f.second) - offsetSeconds
        return LibsoupDate(unix: unix, year: year)
    }
}
