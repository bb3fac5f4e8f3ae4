import CookieModel
import Foundation
import Locking

/// Apple's cookie jar (CFNetwork's: WKWebView's website data stores and `HTTPCookieStorage` on iOS and macOS) as
/// WebKit's test bots record it for the Apple ports: the RFC 6265bis storage model and retrieval of the reference
/// jar (``CookieJar``), with the departures of ``AppleJarRule`` — its own reading of a `Set-Cookie` line
/// (``AppleSetCookieParser``), HTTP header octets read as ISO 8859-1, the cookies one response set listed by name,
/// and the cookie prefixes read in their exact case. What the records do not touch (domain and path matching,
/// Secure, HttpOnly, eviction) is the reference jar's, and says so in the profile listing.
public final class AppleCookieJar: Sendable {
    public let clock: CookieClock
    /// Whether the jar knows the SameSite attribute (iOS 12 and later); without it the attribute is ignored.
    public let sameSiteSupported: Bool
    /// iOS 12's reading of the attribute (WebKit bug 198181): any value but `Lax` is Strict, `None` included.
    public let sameSiteNoneReadAsStrict: Bool
    let lifetimeCap: TimeInterval?
    let jar: CookieJar

    /// The response each stored cookie came with: cookies of one response share a creation time in Apple's jar
    /// and come back in name order (``AppleJarRule/sameResponseByName``). A response here is a run of `Set-Cookie`
    /// lines with no other use of the jar between them at one instant of the clock.
    private struct Batches: Sendable {
        var current = 0
        var lastSetCookie: Date?
        var byCookie: [Key: Int] = [:]
    }

    private struct Key: Hashable, Sendable {
        var name: String
        var domain: String
        var path: String
        init(_ cookie: Cookie) {
            name = cookie.name
            domain = cookie.domain
            path = cookie.path
        }
    }

    private let batches = Locked(Batches())

    /// - Parameters:
    ///   - sameSiteNoneReadAsStrict: read `SameSite=None` and unknown values as Strict (iOS 12).
    ///   - sameSiteDefault: how a cookie without SameSite is treated (None on every iOS the profiles model).
    ///   - lifetimeCap: how far Expires and Max-Age may reach; nil for none (Apple's, for server-set cookies).
    public init(
        clock: CookieClock, sameSiteSupported: Bool = true, sameSiteNoneReadAsStrict: Bool = false,
        sameSiteDefault: SameSite = .none,
        sameSiteNoneRequiresSecure: Bool = false, lifetimeCap: TimeInterval? = nil, maxAgeWinsOverExpires: Bool = true,
        publicSuffixes: PublicSuffixList? = .system
    ) {
        self.clock = clock
        self.sameSiteSupported = sameSiteSupported
        self.sameSiteNoneReadAsStrict = sameSiteNoneReadAsStrict
        self.lifetimeCap = lifetimeCap
        self.jar = CookieJar(clock: clock, configuration: CookieJarConfiguration(
            sameSiteDefault: sameSiteDefault, publicSuffixes: publicSuffixes,
            sameSiteNoneRequiresSecure: sameSiteNoneRequiresSecure, lifetimeCap: lifetimeCap,
            maxAgeWinsOverExpires: maxAgeWinsOverExpires, cookiePrefixes: .caseSensitiveDefaultPath))
    }

    /// A `Set-Cookie` field received over HTTP: its octets read as ISO 8859-1 (``AppleJarRule/latin1Headers``).
    @discardableResult
    public func setCookie(_ line: String, from url: CookieURL, context: CookieRequestContext) -> CookieStoreOutcome {
        store(AppleSetCookieParser.latin1(line), from: url, context: context, inResponse: true)
    }

    /// A `Set-Cookie` line that is text already: `HTTPCookie.cookies(withResponseHeaderFields:for:)` over a string
    /// the app holds (a header field Foundation has decoded, a line the app wrote), then stored. The same parser as
    /// a response's, without the ISO 8859-1 reading of octets (there are none).
    @discardableResult
    public func setCookie(text line: String, from url: CookieURL, context: CookieRequestContext) -> CookieStoreOutcome {
        store(line, from: url, context: context, inResponse: true)
    }

    /// `HTTPCookie.cookies(withResponseHeaderFields:for:)` on Apple's platforms: each line read by Apple's parser as
    /// if received from `url` (default path, host-only without `Domain`, a foreign `Domain` dropped), stored nowhere.
    /// The cookies come back in the order the jar lists them.
    public static func cookies(fromSetCookieText lines: [String], for url: CookieURL, now: Date) -> [Cookie] {
        let jar = AppleCookieJar(clock: .frozen(at: now))
        for line in lines { jar.setCookie(text: line, from: url, context: .sameSiteNavigation) }
        return jar.allCookies
    }

    /// `document.cookie = string`: WebKit hands the string to the same parser, as text (no ISO 8859-1 reading).
    @discardableResult
    public func setDocumentCookie(_ string: String, documentURL url: CookieURL, isSameSite: Bool) -> CookieStoreOutcome {
        var context = CookieRequestContext.script
        context.isSameSite = isSameSite
        return store(string, from: url, context: context, inResponse: false)
    }

    private func store(_ line: String, from url: CookieURL, context: CookieRequestContext, inResponse: Bool) -> CookieStoreOutcome {
        let now = clock.now
        switch AppleSetCookieParser.parse(
            line, requestPath: url.path, now: now, lifetimeCap: lifetimeCap, sameSiteSupported: sameSiteSupported,
            sameSiteNoneReadAsStrict: sameSiteNoneReadAsStrict
        ) {
        case .failure(let rejection):
            return .rejected(rejection)
        case .success(let parsed):
            let outcome = jar.store(parsed, from: url, context: context, now: now)
            if let cookie = outcome.storedCookie { record(cookie, inResponse: inResponse, now: now) }
            return outcome
        }
    }

    private func record(_ cookie: Cookie, inResponse: Bool, now: Date) {
        batches.withLock { batches in
            if !inResponse || batches.lastSetCookie != now { batches.current += 1 }
            batches.lastSetCookie = inResponse ? now : nil
            batches.byCookie[Key(cookie)] = batches.current
        }
    }

    /// Any other use of the jar ends the response being received.
    private func endResponse() {
        batches.withLock { $0.lastSetCookie = nil }
    }

    /// §5.8.3's list in Apple's order: longer paths first, then earlier creation, then — for cookies of one
    /// response — by name.
    public func cookies(for url: CookieURL, context: CookieRequestContext) -> [Cookie] {
        endResponse()
        let found = jar.cookies(for: url, context: context)
        let batchOf = batches.withLock { batches in found.map { batches.byCookie[Key($0)] ?? 0 } }
        return zip(found, batchOf).enumerated().sorted { a, b in
            let (x, y) = (a.element.0, b.element.0)
            if x.path.utf8.count != y.path.utf8.count { return x.path.utf8.count > y.path.utf8.count }
            if x.creation != y.creation { return x.creation < y.creation }
            if a.element.1 == b.element.1, x.name != y.name { return Array(x.name.utf8).lexicographicallyPrecedes(y.name.utf8) }
            return a.offset < b.offset
        }.map(\.element.0)
    }

    /// The `Cookie` header of a request: written one octet per character, as CFNetwork writes a header, so a
    /// value that arrived as the characters of UTF-8 octets goes back on the wire as those octets (the server sees
    /// what it sent). For `document.cookie` (the non-HTTP API) the characters themselves.
    public func cookieHeader(for url: CookieURL, context: CookieRequestContext) -> String? {
        let found = cookies(for: url, context: context)
        guard !found.isEmpty else { return nil }
        let text = found.map(\.pair).joined(separator: "; ")
        return context.api == .http ? AppleSetCookieParser.onTheWire(text) : text
    }

    public func documentCookie(for url: CookieURL, isSameSite: Bool) -> String {
        var context = CookieRequestContext.script
        context.isSameSite = isSameSite
        return cookieHeader(for: url, context: context) ?? ""
    }

    /// A cookie the app built (`WKHTTPCookieStore.setCookie`, `HTTPCookieStorage.setCookie`): stored as it is.
    @discardableResult
    public func insert(_ cookie: Cookie) -> CookieStoreOutcome {
        let outcome = jar.insert(cookie)
        if let stored = outcome.storedCookie { record(stored, inResponse: false, now: clock.now) }
        return outcome
    }

    @discardableResult
    public func delete(where predicate: (Cookie) -> Bool) -> Int {
        endResponse()
        return jar.delete(where: predicate)
    }

    public var allCookies: [Cookie] {
        endResponse()
        return jar.allCookies
    }

    public func endSession() {
        endResponse()
        jar.endSession()
    }
}

extension AppleCookieJar: EngineCookieJar {}

/// `HTTPCookieStorage` on iOS is CFNetwork's jar too: the native store of the iOS profiles (the store operations
/// are ``EngineCookieJar``'s).
extension AppleCookieJar: CookieStore {}
