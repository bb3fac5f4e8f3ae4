import CookieModel
import Foundation
import Locking

/// A model of libsoup 3.2.3's `SoupCookieJar` — the jar inside WebKitGTK 2.50 — persisted as `SoupCookieJarText`
/// persists it: what the `libsoup` store adapter (`Sources/CookieStores/External/libsoup/adapter.py`) runs for
/// real, re-expressed from libsoup's C so that the simulated engine can keep its cookies the way WebKitGTK does.
///
/// Each function names the libsoup function it models. The clock is injected (no wall clock, no libfaketime):
/// Max-Age counts from `clock.now`, and "past" is libsoup's `soup_date_time_is_past` on that clock, including
/// its rule that every date before 2020 is past.
///
/// The request context becomes libsoup's first party and site for cookies as the adapter maps it: the request's
/// own URL when same-site, `https://cross-site.invalid/` when cross-site.
public final class LibsoupCookieJar: Sendable {
    /// `SoupCookieJarAcceptPolicy`: the `libsoup` adapter keeps libsoup's default, `always`; WebKitGTK sets
    /// `noThirdParty` (`WEBKIT_COOKIE_POLICY_ACCEPT_NO_THIRD_PARTY`, its default).
    public enum AcceptPolicy: String, Sendable, Hashable {
        case always
        case noThirdParty = "no-third-party"
    }

    /// The host of the first party and site for cookies of a cross-site request (adapter.py `CROSS_SITE_ORIGIN`).
    static let crossSiteHost = "cross-site.invalid"

    public let clock: CookieClock
    public let acceptPolicy: AcceptPolicy
    private let publicSuffixes: PublicSuffixList
    let state = Locked(State())

    /// One cookie in the jar, with the serial `soup_cookie_jar_changed` gave it (reported as its creation sequence;
    /// it does not order headers, see ``cookies(for:partyHost:isSafeMethod:forHTTP:isTopLevelNavigation:now:_:)``).
    struct Entry: Sendable {
        var cookie: LibsoupCookie
        var serial: UInt64
        var creation: Date
    }

    struct State: Sendable {
        /// `priv->domains`: lists of cookies by domain, the key compared without ASCII case (`soup_str_case_hash`).
        var buckets: [String: [Entry]] = [:]
        /// The order buckets were made in: the order `allCookies` lists them (libsoup's hash order is not modelled).
        var bucketOrder: [String] = []
        var serial: UInt64 = 0
        var file = LibsoupCookieFile()
        /// Whether changes reach the file: not while loading it (libsoup's `priv->constructed`).
        var writesFile = true
    }

    public init(clock: CookieClock, acceptPolicy: AcceptPolicy = .always, publicSuffixes: PublicSuffixList = .system) {
        self.clock = clock
        self.acceptPolicy = acceptPolicy
        self.publicSuffixes = publicSuffixes
    }

    private static func key(_ domain: String) -> String {
        String(decoding: domain.utf8.map(CBytes.lower), as: UTF8.self)
    }

    // MARK: - Receiving cookies

    /// What `process_set_cookie_header` does with one `Set-Cookie` value: `soup_cookie_parse` with the request
    /// URL as origin, then `soup_cookie_jar_add_cookie_full` with the URL and the first party.
    @discardableResult
    public func setCookie(_ line: String, from url: CookieURL, context: CookieRequestContext = .sameSiteNavigation)
        -> CookieStoreOutcome
    {
        let now = clock.now
        switch LibsoupCookieParser.parse(CBytes(line.utf8), host: url.host, path: Self.path(of: url), now: now) {
        case .failure(let rejection):
            return .rejected(rejection)
        case .success(let cookie):
            return state.withLock {
                add(cookie, requestIsSecure: url.isSecure, firstPartyHost: Self.firstPartyHost(url, context), now: now, &$0)
            }
        }
    }

    /// The first party's and site for cookies' host when reading: the request's own when same-site (RFC 6265bis §5.2's
    /// verdict, a cross-site redirect included: WebKit hands libsoup its own same-site decision as the site for
    /// cookies, as the libsoup store adapter does with the protocol's same-site field).
    static func partyHost(_ url: CookieURL, _ isSameSite: Bool) -> String { isSameSite ? url.host : crossSiteHost }

    /// The first party of a response that sets cookies (what the accept policy judges): the request's own URL when
    /// same-site, and also for a top-level navigation — WebKit makes a message's first party the main document's
    /// URL, which for a navigation is the document it loads.
    static func firstPartyHost(_ url: CookieURL, _ context: CookieRequestContext) -> String {
        context.isSameSiteRequest || (context.api == .http && context.isTopLevelNavigation) ? url.host : crossSiteHost
    }

    /// The request path as libsoup sees it: the adapter hands GLib the URL with `G_URI_FLAGS_NONE`, which decodes
    /// percent escapes in the path.
    static func path(of url: CookieURL) -> String {
        url.path.removingPercentEncoding ?? url.path
    }

    /// Models `soup_cookie_jar_add_cookie_full` (libsoup/cookies/soup-cookie-jar.c). `requestIsSecure` is nil
    /// when there is no request URL (`soup_cookie_jar_add_cookie`), `firstPartyHost` nil when there is no first
    /// party.
    ///
    /// Refuses a cookie whose domain is a public suffix (host-only ones too; IP addresses excepted), a
    /// third-party one under `noThirdParty`, and a Secure one from a non-secure URL. Replaces the cookie of the
    /// same domain (ignoring case), name and path — in place, with a new serial — unless that one is Secure and
    /// the URL is not (the only trace of "leave Secure cookies alone": no other name or path is protected). An
    /// expired cookie deletes what it would replace.
    func add(
        _ cookie: LibsoupCookie, requestIsSecure: Bool?, firstPartyHost: String?, now: Date, _ state: inout State
    ) -> CookieStoreOutcome {
        if !LibsoupMatching.isIPAddress(cookie.domain), publicSuffixes.isPublicSuffix(cookie.domain) {
            return .rejected(.publicSuffixCookieDomain)
        }
        if let firstPartyHost, acceptPolicy == .noThirdParty, isThirdParty(cookie, firstPartyHost: firstPartyHost) {
            return .rejected(.thirdPartyCookie)
        }
        if requestIsSecure == false, cookie.isSecure { return .rejected(.secureFromInsecureOrigin) }

        let key = Self.key(cookie.domain)
        let isPast = cookie.expires?.isPast(now: now) ?? false
        if let index = state.buckets[key]?.firstIndex(where: { $0.cookie.name == cookie.name && $0.cookie.path == cookie.path }) {
            let old = state.buckets[key]![index]
            if old.cookie.isSecure, requestIsSecure == false { return .rejected(.overwritesSecureCookie) }
            if isPast {
                state.buckets[key]!.remove(at: index)
                changed(old: old.cookie, new: nil, now: now, &state)
                return .expiredOnArrival(removedExisting: true)
            }
            let serial = changed(old: old.cookie, new: cookie, now: now, &state)
            state.buckets[key]![index] = Entry(cookie: cookie, serial: serial, creation: now)
            return .stored(cookie.cookie(creation: now, sequence: serial), replaced: true)
        }
        if isPast { return .expiredOnArrival(removedExisting: false) }
        let serial = changed(old: nil, new: cookie, now: now, &state)
        if state.buckets[key] == nil { state.bucketOrder.append(key) }
        state.buckets[key, default: []].append(Entry(cookie: cookie, serial: serial, creation: now))
        return .stored(cookie.cookie(creation: now, sequence: serial), replaced: false)
    }

    /// Models `soup_cookie_jar_changed` with `SoupCookieJarText`'s handler: a new cookie gets the next serial,
    /// and the file follows the change. Returns the new cookie's serial.
    @discardableResult
    private func changed(old: LibsoupCookie?, new: LibsoupCookie?, now: Date, _ state: inout State) -> UInt64 {
        if new != nil { state.serial += 1 }
        if state.writesFile { state.file.changed(old: old, new: new, now: now) }
        return state.serial
    }

    /// Models `incoming_cookie_is_third_party`: the registrable domains of the cookie's domain and of the first
    /// party (each itself when it has none) must match as hosts (`soup_host_matches_host`).
    private func isThirdParty(_ cookie: LibsoupCookie, firstPartyHost: String) -> Bool {
        let normalized = cookie.domain.hasPrefix(".") ? String(cookie.domain.dropFirst()) : cookie.domain
        let cookieBase = baseDomain(of: normalized) ?? cookie.domain
        let partyBase = baseDomain(of: firstPartyHost) ?? firstPartyHost
        return !LibsoupMatching.hostMatchesHost(cookieBase, partyBase)
    }

    /// Models `soup_tld_get_base_domain` (libsoup/soup-tld.c): nil for a leading dot, an IP address, or a host
    /// whose public-suffix part is not an explicit suffix; else libpsl's registrable domain.
    private func baseDomain(of host: String) -> String? {
        guard !host.hasPrefix("."), !LibsoupMatching.isIPAddress(host),
              let unregistrable = publicSuffixes.unregistrableDomain(of: host),
              publicSuffixes.isPublicSuffix(unregistrable) else { return nil }
        return publicSuffixes.registrableDomain(of: host)
    }

    // MARK: - Sending cookies

    /// Models `get_cookies` (libsoup/cookies/soup-cookie-jar.c), which
    /// `soup_cookie_jar_get_cookie_list_with_same_site_info` calls: the lists of `.host`, `host` and each parent
    /// domain with its leading dot (never a parent's host-only list); expired cookies met on the way are removed;
    /// the rest must be Secure only on https/wss, path-match, pass SameSite and, for script, not be HttpOnly.
    ///
    /// Sorted longest path first; among equal paths, in the order they were found — `.host`'s list, then the
    /// host-only list, then the parents' — and within a list in the order of arrival (a replaced cookie keeps its
    /// place). `compare_cookies` would order equal paths by serial, but the list it sorts holds copies
    /// (`soup_cookie_copy`), which have no serial: every one compares equal, and the stable merge sort keeps them
    /// as found.
    ///
    /// With `purging` false, expired cookies are skipped but stay in the jar (WebKit's DOM read, which lists the
    /// host's cookies instead of asking `get_cookies`). With `keepingHTTPOnly`, a script's list keeps the HttpOnly
    /// cookies (for a reader that puts something else in their place).
    func cookies(
        for url: CookieURL, partyHost: String?, isSafeMethod: Bool, forHTTP: Bool, isTopLevelNavigation: Bool,
        now: Date, purging: Bool = true, keepingHTTPOnly: Bool = false, _ state: inout State
    ) -> [Entry] {
        let host = Array(url.host.utf8)
        let dotted = [UInt8(ascii: ".")] + host
        var keys: [String] = []
        var current: Int? = 0
        var next: Int? = 1
        while let start = current {
            keys.append(Self.key(String(decoding: dotted[start...], as: UTF8.self)))
            current = next
            if let from = current {
                next = dotted[(from + 1)...].firstIndex(of: UInt8(ascii: "."))
            }
        }
        let path = Self.path(of: url)
        var found: [Entry] = []
        var removed: [LibsoupCookie] = []
        for key in keys {
            guard let bucket = state.buckets[key] else { continue }
            var kept: [Entry] = []
            for entry in bucket {
                let cookie = entry.cookie
                if let expires = cookie.expires, expires.isPast(now: now) {
                    if purging { removed.append(cookie) } else { kept.append(entry) }
                    continue
                }
                kept.append(entry)
                guard !cookie.isSecure || url.isSecure,
                      LibsoupMatching.pathMatches(cookiePath: cookie.path, requestPath: path),
                      LibsoupMatching.sameSiteAllows(
                        cookie.sameSite, requestHost: url.host, partyHost: partyHost, isSafeMethod: isSafeMethod,
                        isTopLevelNavigation: isTopLevelNavigation, forHTTP: forHTTP),
                      forHTTP || keepingHTTPOnly || !cookie.isHTTPOnly else { continue }
                found.append(entry)
            }
            state.buckets[key] = kept
        }
        for cookie in removed { changed(old: cookie, new: nil, now: now, &state) }
        return found.enumerated().sorted { a, b in
            let (alen, blen) = (a.element.cookie.path.utf8.count, b.element.cookie.path.utf8.count)
            return alen != blen ? alen > blen : a.offset < b.offset
        }.map(\.element)
    }

    /// Models `soup_cookies_to_cookie_header`: `name=value` (or the bare value of a name-less cookie) joined by
    /// "; ", a cookie with neither name nor value left out entirely.
    static func header(_ entries: [Entry]) -> String {
        header(entries.map { ($0.cookie.name, $0.cookie.value) })
    }

    /// ``header(_:)`` of name and value pairs.
    static func header(_ pairs: [(name: String, value: String)]) -> String {
        var header = ""
        for pair in pairs where !(pair.name.isEmpty && pair.value.isEmpty) {
            if !header.isEmpty { header += "; " }
            header += pair.name.isEmpty ? pair.value : pair.name + "=" + pair.value
        }
        return header
    }

    /// The `Cookie` header `msg_starting_cb` puts on a request to `url` (for_http TRUE), or nil when the list is
    /// empty; an all-empty list gives "" (libsoup then sends an empty header).
    public func cookieHeader(for url: CookieURL, context: CookieRequestContext = .sameSiteNavigation) -> String? {
        let now = clock.now
        let entries = state.withLock {
            cookies(for: url, partyHost: Self.partyHost(url, context.isSameSiteRequest), isSafeMethod: context.isSafeMethod,
                    forHTTP: context.api == .http, isTopLevelNavigation: context.isTopLevelNavigation, now: now, &$0)
        }
        return entries.isEmpty ? nil : Self.header(entries)
    }

    /// `document.cookie` as the `libsoup` adapter reads it: the list with for_http FALSE, a safe method, not a
    /// top-level navigation.
    public func documentCookie(for url: CookieURL, isSameSite: Bool = true) -> String {
        documentCookie(for: url, isSameSite: isSameSite, purging: true)
    }

    /// The `document.cookie` list; with `purging` false, expired cookies stay in the jar.
    func documentCookie(for url: CookieURL, isSameSite: Bool, purging: Bool) -> String {
        let now = clock.now
        let entries = state.withLock {
            cookies(for: url, partyHost: Self.partyHost(url, isSameSite), isSafeMethod: true, forHTTP: false,
                    isTopLevelNavigation: false, now: now, purging: purging, &$0)
        }
        return Self.header(entries)
    }

    // MARK: - The whole jar

    /// Every cookie held, bucket by bucket in the order the buckets were made, expired ones (by the harness's
    /// measure, expiry ≤ now, as it filters an out-of-process store's list) left out.
    public var allCookies: [Cookie] {
        let now = clock.now
        return state.withLock { state in
            state.bucketOrder.flatMap { state.buckets[$0] ?? [] }
                .map { $0.cookie.cookie(creation: $0.creation, sequence: $0.serial) }
                .filter { !$0.isExpired(at: now) }
        }
    }

    /// Models `soup_cookie_jar_all_cookies`, which WebKitGTK's `getAllCookies` returns unfiltered
    /// (`NetworkStorageSession::getAllCookies`, NetworkStorageSessionSoup.cpp): every cookie held, bucket by bucket,
    /// **expired ones included** until a lookup meets them (``cookies(for:partyHost:isSafeMethod:forHTTP:isTopLevelNavigation:now:_:)``,
    /// `get_cookies`, purges what it meets) or a cookie of the same name and path replaces them. Measured on
    /// WebKitGTK 2.50.6: an app that lists the store after a cookie's expiry, with no request in between, still
    /// gets it (`expiry.max-age-counts-from-receipt` under react-native-webview, which skips the reload).
    public var listedCookies: [Cookie] {
        state.withLock { state in
            state.bucketOrder.flatMap { state.buckets[$0] ?? [] }
                .map { $0.cookie.cookie(creation: $0.creation, sequence: $0.serial) }
        }
    }

    /// What a new `SoupCookieJarText` on the same file holds (the adapter's restart): the file's cookies added in
    /// file order with `soup_cookie_jar_add_cookie` (no URL, no first party), serials from 1 again.
    public func endSession() {
        let now = clock.now
        state.withLock { state in
            var fresh = State()
            fresh.file = state.file
            fresh.writesFile = false
            for cookie in state.file.cookies(now: now) {
                _ = add(cookie, requestIsSecure: nil, firstPartyHost: nil, now: now, &fresh)
            }
            fresh.writesFile = true
            state = fresh
        }
    }

    /// Removes the cookies `predicate` selects (`soup_cookie_jar_delete_cookie` on each).
    public func delete(where predicate: (Cookie) -> Bool) -> Int {
        let now = clock.now
        return state.withLock { state in
            var count = 0
            for key in state.bucketOrder {
                guard let bucket = state.buckets[key] else { continue }
                var kept: [Entry] = []
                for entry in bucket {
                    if predicate(entry.cookie.cookie(creation: entry.creation, sequence: entry.serial)) {
                        count += 1
                        changed(old: entry.cookie, new: nil, now: now, &state)
                    } else {
                        kept.append(entry)
                    }
                }
                state.buckets[key] = kept
            }
            return count
        }
    }

    /// A cookie made by the app: WebKit's `Cookie::toSoupCookie` (a leading dot for a domain cookie), then
    /// `soup_cookie_jar_add_cookie` (no URL, no first party).
    public func insert(_ cookie: Cookie) -> CookieStoreOutcome {
        let now = clock.now
        let soup = LibsoupCookie(
            name: cookie.name, value: cookie.value, domain: cookie.isHostOnly ? cookie.domain : "." + cookie.domain,
            path: cookie.path,
            expires: cookie.expiry.map { LibsoupDate(utc: LibsoupDate.seconds($0)) },
            isSecure: cookie.isSecure, isHTTPOnly: cookie.isHTTPOnly, sameSite: .init(cookie.sameSite)
        )
        return state.withLock { add(soup, requestIsSecure: nil, firstPartyHost: nil, now: now, &$0) }
    }
}
