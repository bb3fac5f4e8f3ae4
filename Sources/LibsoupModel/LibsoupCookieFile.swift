import Foundation

/// Models `SoupCookieJarText` (libsoup/cookies/soup-cookie-jar-text.c): the Netscape-style file the `libsoup`
/// adapter persists its jar in, kept here as its lines, in file order.
///
/// libsoup rewrites it on every change of the jar: a removed or replaced cookie is deleted by rewriting the file
/// without every line whose name, value and path equal the old cookie's (`soup_cookie_equal`: any domain) and
/// without lines that have expired; a new cookie is appended when it has an expiry (session cookies are never
/// written).
struct LibsoupCookieFile: Sendable {
    /// One line: the cookie as `write_cookie` prints it, the expiry as `(gulong) g_date_time_to_unix`.
    struct Line: Sendable, Hashable {
        var cookie: LibsoupCookie
        var expireTime: UInt64
    }

    private(set) var lines: [Line] = []

    /// `soup_cookie_jar_text_changed`: delete the old cookie, append the new one.
    mutating func changed(old: LibsoupCookie?, new: LibsoupCookie?, now: Date) {
        if let old {
            lines = lines.compactMap { reading($0, now: now) }.map { Line(cookie: $0, expireTime: UInt64(bitPattern: $0.expires?.unix ?? 0)) }
                .filter { !($0.cookie.name == old.name && $0.cookie.value == old.value && $0.cookie.path == old.path) }
        }
        if let new, let expires = new.expires {
            lines.append(Line(cookie: new, expireTime: UInt64(bitPattern: expires.unix)))
        }
    }

    /// The cookies `load` reads back at `now`, in file order (`parse_cookie`): a line whose expiry is not after now
    /// is skipped; the others get `Max-Age = expiry - now` (at most `G_MAXINT`), counted from now again.
    func cookies(now: Date) -> [LibsoupCookie] {
        lines.compactMap { reading($0, now: now) }
    }

    private func reading(_ line: Line, now: Date) -> LibsoupCookie? {
        let seconds = LibsoupDate.seconds(now)
        guard UInt64(bitPattern: seconds) < line.expireTime else { return nil }
        let maxAge = Int32(clamping: line.expireTime - UInt64(bitPattern: seconds))
        var cookie = line.cookie
        cookie.expires = LibsoupDate.maxAge(maxAge, now: now)
        return cookie
    }
}
