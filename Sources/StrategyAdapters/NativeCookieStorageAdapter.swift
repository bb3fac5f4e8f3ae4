import AppleModel
import CookieModel
import Foundation
import HarnessCore
import SyncStrategies

/// `HTTPCookieStorage.shared` on top of any ``CookieStore``: what sync strategies see as the native store.
///
/// With an engine jar (the reference jar, Apple's on the iOS profiles) cookies go in and out as they are (`insert`,
/// `delete`), and a `Set-Cookie` line the app hands over is text (Apple's jar reads no octets in it). Any other store
/// only speaks `Set-Cookie`, so a cookie object is written as a `Set-Cookie` line for its own domain (`Expires`
/// to the second) and deleted with `Max-Age=0`. `cookies(for:)` answers as a native request would: domain, path
/// and Secure, no SameSite (`HTTPCookieStorage` has no site for a native request), longer paths first.
final class NativeCookieStorageAdapter: NativeCookieStorage {
    let store: any CookieStore
    private let clock: CookieClock
    private let report: (String) -> Void

    init(store: any CookieStore, clock: CookieClock, report: @escaping (String) -> Void) {
        self.store = store
        self.clock = clock
        self.report = report
    }

    var cookies: [Cookie] {
        do {
            return try store.storedCookies()
        } catch {
            report("native store failed to list its cookies: \(error)")
            return []
        }
    }

    func cookies(for url: URL) -> [Cookie] {
        guard let target = CookieURL(string: url.absoluteString) else { return [] }
        return cookies.filter { cookie in
            (cookie.isHostOnly ? target.host == cookie.domain
                : CookieURL.domainMatches(host: target.host, domain: cookie.domain, hostIsIPAddress: target.isIPAddress))
                && CookieURL.pathMatches(requestPath: target.path, cookiePath: cookie.path)
                && (!cookie.isSecure || target.isSecure)
        }.sorted { a, b in
            if a.path.utf8.count != b.path.utf8.count { return a.path.utf8.count > b.path.utf8.count }
            return (a.creation, a.creationSequence) < (b.creation, b.creationSequence)
        }
    }

    func setCookie(_ cookie: Cookie) {
        if let jar = store as? any EngineCookieJar {
            var stamped = cookie
            stamped.creation = clock.now
            stamped.lastAccess = clock.now
            _ = jar.insert(stamped)
            return
        }
        receive(Self.setCookieLine(for: cookie), for: cookie)
    }

    func deleteCookie(_ cookie: Cookie) {
        if let jar = store as? any EngineCookieJar {
            _ = jar.delete { $0.hasSameIdentity(as: cookie) }
            return
        }
        var gone = cookie
        gone.expiry = Date(timeIntervalSince1970: 0)
        receive(Self.setCookieLine(for: gone), for: gone)
    }

    func setCookies(fromSetCookieLines lines: [String], for url: URL) {
        guard let cookieURL = CookieURL(string: url.absoluteString) else { return }
        for line in lines { storeText(line, from: cookieURL) }
    }

    /// A `Set-Cookie` line the app holds as text (`HTTPCookie.cookies(withResponseHeaderFields:for:)` then
    /// `setCookies`): Apple's jar reads it without the ISO 8859-1 reading of a response's octets; any other store
    /// receives it as a response's line.
    func storeText(_ line: String, from url: CookieURL) {
        if let apple = store as? AppleCookieJar {
            apple.setCookie(text: line, from: url, context: .sameSiteNavigation)
            return
        }
        do {
            try store.receive(setCookie: line, from: url, context: .sameSiteNavigation)
        } catch {
            report("native store failed to store '\(line)': \(error)")
        }
    }

    private func receive(_ line: String, for cookie: Cookie) {
        guard let url = CookieURL(scheme: "https", host: cookie.domain, path: cookie.path) else { return }
        do {
            try store.receive(setCookie: line, from: url, context: .sameSiteNavigation)
        } catch {
            report("native store failed to store '\(line)': \(error)")
        }
    }

    /// `cookie` as a `Set-Cookie` line that recreates it for its own domain.
    static func setCookieLine(for cookie: Cookie) -> String {
        var parts = [cookie.pair, "Path=\(cookie.path)"]
        if !cookie.isHostOnly { parts.append("Domain=\(cookie.domain)") }
        if let expiry = cookie.expiry { parts.append("Expires=\(httpDate(expiry))") }
        if cookie.isSecure { parts.append("Secure") }
        if cookie.isHTTPOnly { parts.append("HttpOnly") }
        if cookie.sameSite != .default { parts.append("SameSite=\(cookie.sameSite.rawValue)") }
        return parts.joined(separator: "; ")
    }

    private static func httpDate(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "GMT")!
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .weekday], from: date)
        let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        func two(_ n: Int?) -> String { n.map { $0 < 10 ? "0\($0)" : "\($0)" } ?? "00" }
        return "\(days[(c.weekday ?? 1) - 1]), \(two(c.day)) \(months[(c.month ?? 1) - 1]) \(c.year ?? 1970) "
            + "\(two(c.hour)):\(two(c.minute)):\(two(c.second)) GMT"
    }
}

/// `UserDefaults.standard`: kept by the app object across kills (it stands for a file on disk).
final class InMemoryDefaults: KeyValueStore {
    private var values: [String: Data] = [:]

    func data(forKey key: String) -> Data? { values[key] }

    func set(_ data: Data?, forKey key: String) { values[key] = data }

    /// The app was deleted: its preferences go with its container.
    func removeAll() { values = [:] }
}
