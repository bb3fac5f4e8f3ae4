import CookieModel
import Foundation

/// The Set-Cookie parser (RFC 6265bis §5.6) and what the jar does with its result: store, retrieve, `document.cookie`.
///
/// The first input line is the Set-Cookie field value (any octets); a second line, if any, is written through the
/// non-HTTP API, so both parsers the jar exposes see fuzzed text.
enum SetCookieTarget {
    static let now = Date(timeIntervalSince1970: 1_700_000_000)
    static let url = CookieURL(string: "https://www.example.com/a/b")!
    static let insecure = CookieURL(string: "http://sub.www.example.com/")!

    static func run(_ input: [UInt8]) {
        let newline = input.firstIndex(of: UInt8(ascii: "\n")) ?? input.endIndex
        let line = Array(input[..<newline])
        _ = SetCookieParser.parse(bytes: line, requestPath: "/a/b", now: now)
        _ = SetCookieParser.parse(bytes: line, requestPath: "/", now: now, lifetimeCap: nil)
        let jar = CookieJar(clock: .frozen(at: now))
        _ = jar.setCookie(bytes: line, from: url)
        _ = jar.setCookie(bytes: line, from: insecure, context: CookieRequestContext(isSameSite: false))
        if newline < input.endIndex {
            let script = String(decoding: input[(newline + 1)...], as: UTF8.self)
            jar.setDocumentCookie(script, documentURL: url)
        }
        _ = jar.cookieHeader(for: url)
        _ = jar.cookieHeader(for: insecure, context: CookieRequestContext(isSameSite: false))
        _ = jar.documentCookie(for: url)
        checkInvariants(of: jar)
    }

    /// What no input may make the jar do (RFC 6265bis §5.8.3): send a Secure cookie over http, a cookie to a host its
    /// domain does not match, or show an HttpOnly cookie to a script. A breach stops the fuzzer with the cookie.
    static func checkInvariants(of jar: CookieJar) {
        for cookie in jar.cookies(for: insecure, context: CookieRequestContext(isSameSite: false)) where cookie.isSecure {
            fatalError("a Secure cookie sent over http: \(cookie.pair) (domain \(cookie.domain))")
        }
        for target in [url, insecure] {
            for cookie in jar.cookies(for: target) {
                let matches = cookie.isHostOnly
                    ? target.host == cookie.domain
                    : CookieURL.domainMatches(host: target.host, domain: cookie.domain, hostIsIPAddress: target.isIPAddress)
                if !matches { fatalError("a cookie of domain \(cookie.domain) sent to \(target.host): \(cookie.pair)") }
            }
        }
        // A pair is shown legitimately when a cookie without HttpOnly has it too.
        let cookies = jar.allCookies
        let shown = Set(jar.documentCookie(for: url).split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) })
        let scriptVisible = Set(cookies.filter { !$0.isHTTPOnly }.map(\.pair))
        for cookie in cookies where cookie.isHTTPOnly && shown.contains(cookie.pair) && !scriptVisible.contains(cookie.pair) {
            fatalError("an HttpOnly cookie shown to a script: \(cookie.pair)")
        }
    }
}

/// The cookie-date parser (RFC 6265bis §5.1.1), on raw octets and on text, and the HTTP date written back.
enum CookieDateTarget {
    static func run(_ input: [UInt8]) {
        if let date = CookieDate.parse(bytes: input) {
            // What the harness writes back must parse to the same instant.
            let written = CookieDate.httpDate(date)
            if let again = CookieDate.parse(written), again != date, date.timeIntervalSince1970.rounded() == date.timeIntervalSince1970 {
                fatalError("cookie-date round trip: \(date) written as \(written) read back as \(again)")
            }
        }
        _ = CookieDate.parse(String(decoding: input, as: UTF8.self))
    }
}
