import CookieModel
import Foundation

/// Models `soup_cookie_parse` (libsoup/cookies/soup-cookie.c, `parse_one_cookie`): one `Set-Cookie` value read
/// as the C string libsoup gets, octet by octet.
///
/// Departures from RFC 6265bis that follow from it: a name ends at white space, `,` or `=`; a name or a value
/// ends at any octet below 0x20 and, `char` being signed on x86-64, at any octet of 0x80 or more (the rest of the
/// line is then dropped, the cookie kept); Max-Age and Expires set the expiry in the order they come (the last
/// wins, an unparsable Expires clears it); Max-Age is `strtol` into an `int`; a Domain needs a dot after its
/// first character; a Path not starting with `/` is dropped; no size limits.
enum LibsoupCookieParser {
    /// `is_attr_ender`: what ends a name or an attribute name.
    private static func endsAttribute(_ byte: UInt8) -> Bool {
        endsValue(byte) || byte == UInt8(ascii: ";") || byte == UInt8(ascii: ",") || byte == UInt8(ascii: "=")
    }

    /// `is_value_ender`: `(ch) < ' ' || (ch) == ';'` on a signed `char`, so every octet ≥ 0x80 too.
    private static func endsValue(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte >= 0x80 || byte == UInt8(ascii: ";")
    }

    /// `parse_value`: after an optional `=`, the value up to its ender, white space trimmed; `index` is left on
    /// the ender.
    private static func value(_ line: CBytes, _ index: inout Int) -> String {
        if line[index] == UInt8(ascii: "=") { index += 1 }
        var start = index
        while CBytes.isSpace(line[start]) { start += 1 }
        var end = start
        while !endsValue(line[end]) { end += 1 }
        index = end
        while end > start, CBytes.isSpace(line[end - 1]) { end -= 1 }
        return String(decoding: line.bytes[start..<end], as: UTF8.self)
    }

    /// The cookie `header` describes when it comes from `host` (the request URL's host, as GLib gives it) and
    /// `path` (its decoded path), or why libsoup drops it (a Domain without an inner dot, or one the host does
    /// not match). `now` is the clock Max-Age counts from.
    static func parse(_ header: CBytes, host: String, path requestPath: String, now: Date) -> Result<LibsoupCookie, CookieRejection> {
        var index = 0
        var start = index
        while CBytes.isSpace(header[start]) { start += 1 }
        index = start
        while !endsAttribute(header[index]) { index += 1 }
        var name = ""
        if header[index] == UInt8(ascii: "=") {
            var end = index
            while end > start, CBytes.isSpace(header[end - 1]) { end -= 1 }
            name = String(decoding: header.bytes[start..<end], as: UTF8.self)
        } else {
            // No name: read the same octets again as the value.
            index = start
        }
        var cookie = LibsoupCookie(name: name, value: value(header, &index), domain: "", path: "")
        var domain: String?
        var path: String?

        while header[index] == UInt8(ascii: ";") {
            var start = index + 1
            while CBytes.isSpace(header[start]) { start += 1 }
            index = start
            while !endsAttribute(header[index]) { index += 1 }
            var end = index
            while end > start, CBytes.isSpace(header[end - 1]) { end -= 1 }
            let attribute = String(decoding: header.bytes[start..<end], as: UTF8.self).lowercased()
            let hasValue = header[index] == UInt8(ascii: "=")

            switch attribute {
            case "domain" where hasValue:
                let text = value(header, &index)
                domain = text.isEmpty ? nil : text
            case "expires" where hasValue:
                cookie.expires = LibsoupDateParser.parse(CBytes(value(header, &index).utf8))
            case "httponly":
                cookie.isHTTPOnly = true
                if hasValue { _ = value(header, &index) }
            case "max-age" where hasValue:
                let text = CBytes(value(header, &index).utf8)
                let (parsed, end) = text.strtol(from: 0)
                if end == text.count {  // the whole value is a number (an empty one is 0)
                    // A long, clamped at 0, then passed to soup_cookie_set_max_age's int: the low 32 bits count.
                    let maxAge = Int32(truncatingIfNeeded: max(parsed, 0))
                    cookie.expires = LibsoupDate.maxAge(maxAge, now: now)
                }
            case "path" where hasValue:
                let text = value(header, &index)
                path = text.hasPrefix("/") ? text : nil
            case "secure":
                cookie.isSecure = true
                if hasValue { _ = value(header, &index) }
            case "samesite":
                if hasValue {
                    switch value(header, &index).lowercased() {
                    case "lax": cookie.sameSite = .lax
                    case "strict": cookie.sameSite = .strict
                    default: break  // "None" is the default; unknown values are ignored
                    }
                }
            default:
                if hasValue { _ = value(header, &index) }
            }
        }

        if var domain {
            // At least one dot after the first character; then a leading dot unless it is an IP address.
            guard domain.utf8.dropFirst().contains(UInt8(ascii: ".")) else { return .failure(.domainWithoutInnerDot) }
            if !LibsoupMatching.isIPAddress(domain), !domain.hasPrefix(".") { domain = "." + domain }
            guard LibsoupMatching.hostMatchesHost(domain, host) else { return .failure(.domainMismatch) }
            cookie.domain = domain
        } else {
            cookie.domain = host
        }
        // No check that the request path is under the cookie's (libsoup keeps the pre-RFC 2109 behaviour).
        cookie.path = path ?? defaultPath(of: requestPath)
        return .success(cookie)
    }

    /// The default path: the request path up to its last `/`, or `/` when that is its first octet.
    static func defaultPath(of requestPath: String) -> String {
        let octets = Array(requestPath.utf8)
        guard let slash = octets.lastIndex(of: UInt8(ascii: "/")), slash != 0 else { return "/" }
        return String(decoding: octets[..<slash], as: UTF8.self)
    }
}
