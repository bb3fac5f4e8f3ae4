import CookieModel

/// The jar as the simulated WebKitGTK engine's website data store keeps it.
extension LibsoupCookieJar: EngineCookieJar {
    /// `document.cookie` as WebKitGTK's web process reads it: the same cookies as ``documentCookie(for:isSameSite:)``,
    /// but an expired cookie is skipped and **stays** in the jar (listed by `getAllCookies`) until a request or a
    /// write meets it — measured on WebKitGTK 2.50.6 (`expiry.expired-cookie-not-listed-after-a-script-read`, found by `explore`):
    /// WebKit reads DOM cookies from its own list of the host's cookies, not through libsoup's `get_cookies`, which
    /// removes what has expired.
    public func readDocumentCookie(for url: CookieURL, isSameSite: Bool) -> String {
        documentCookie(for: url, isSameSite: isSameSite, purging: false)
    }

    /// The read above, with the HttpOnly cookies kept in the list and each one `substitute` answers for read as its
    /// answer, in its place (longest path first, then the order of arrival, where a replaced cookie keeps its place):
    /// measured on WebKitGTK 2.50.6 (`http-only-script-writes.server-httponly-replacement-after-a-read-then-a-new-cookie`,
    /// found by `explore`): the web process's copy keeps the value the server's HttpOnly replacement took, where it was.
    public func readDocumentCookie(
        for url: CookieURL, isSameSite: Bool, inPlaceOfHTTPOnly substitute: (Cookie) -> Cookie?
    ) -> String? {
        let now = clock.now
        let entries = state.withLock {
            cookies(for: url, partyHost: Self.partyHost(url, isSameSite), isSafeMethod: true, forHTTP: false,
                    isTopLevelNavigation: false, now: now, purging: false, keepingHTTPOnly: true, &$0)
        }
        let read = entries.compactMap { entry -> (name: String, value: String)? in
            guard entry.cookie.isHTTPOnly else { return (entry.cookie.name, entry.cookie.value) }
            return substitute(entry.cookie.cookie(creation: entry.creation, sequence: entry.serial)).map { ($0.name, $0.value) }
        }
        return Self.header(read)
    }

    /// `document.cookie = string` through WebKit's own DOM path before libsoup's jar: WebKit's
    /// `NetworkStorageSession::setCookiesFromDOM` (Source/WebCore/platform/network/soup/NetworkStorageSessionSoup.cpp,
    /// libsoup 3 builds). It lists the cookies the jar would send to the URL (`soup_cookie_jar_get_cookie_list`,
    /// no first party: SameSite not applied) once, then for each line of the string: `soup_cookie_parse`; a cookie
    /// that says HttpOnly is dropped; so is one whose name **and path** match the first such listed cookie when
    /// that one is HttpOnly (script on `/home` replaces an HttpOnly cookie of `/account`); the rest goes to
    /// `soup_cookie_jar_add_cookie_full` with the URL and the first party. (ITP's client-side lifetime cap is off
    /// in WebKitGTK unless the app turns ITP on.) The outcome is the last line's.
    public func setDocumentCookie(_ string: String, documentURL url: CookieURL, isSameSite: Bool) -> CookieStoreOutcome {
        let now = clock.now
        let party = Self.partyHost(url, isSameSite)
        return state.withLock { state in
            let listed = cookies(
                for: url, partyHost: nil, isSafeMethod: true, forHTTP: true, isTopLevelNavigation: false, now: now, &state)
            var outcome = CookieStoreOutcome.rejected(.emptyNameAndValue)
            for line in string.split(separator: "\n") {
                switch LibsoupCookieParser.parse(CBytes(line.utf8), host: url.host, path: Self.path(of: url), now: now) {
                case .failure(let rejection):
                    outcome = .rejected(rejection)
                case .success(let cookie):
                    if cookie.isHTTPOnly {
                        outcome = .rejected(.httpOnlyFromScript)
                    } else if listed.first(where: { $0.cookie.name == cookie.name && $0.cookie.path == cookie.path })?.cookie.isHTTPOnly == true {
                        outcome = .rejected(.overwritesHTTPOnly)
                    } else {
                        outcome = add(cookie, requestIsSecure: url.isSecure, firstPartyHost: party, now: now, &state)
                    }
                }
            }
            return outcome
        }
    }
}
