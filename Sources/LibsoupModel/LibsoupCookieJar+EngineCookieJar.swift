import CookieModel

/// The jar as the simulated WebKitGTK engine's website data store keeps it.
extension LibsoupCookieJar: EngineCookieJar {
    /// `document.cookie = string`, through WebKit's own DOM path before libsoup's jar (**assumed** from the
    /// measured behaviour of issue 23, not from WebKit's source): a cookie that says HttpOnly is refused, and so is
    /// one whose name an HttpOnly cookie sent to this URL already has — an HttpOnly cookie on another path is
    /// not seen, so script on `/home` replaces one on `/account`. Then libsoup stores it as any other.
    public func setDocumentCookie(_ string: String, documentURL url: CookieURL, isSameSite: Bool) -> CookieStoreOutcome {
        let now = clock.now
        switch LibsoupCookieParser.parse(CBytes(string.utf8), host: url.host, path: Self.path(of: url), now: now) {
        case .failure(let rejection):
            return .rejected(rejection)
        case .success(let cookie):
            if cookie.isHTTPOnly { return .rejected(.httpOnlyFromScript) }
            return state.withLock { state in
                let visible = cookies(
                    for: url, partyHost: Self.partyHost(url, isSameSite), isSafeMethod: true, forHTTP: true,
                    isTopLevelNavigation: false, now: now, &state)
                if visible.contains(where: { $0.cookie.isHTTPOnly && $0.cookie.name == cookie.name }) {
                    return .rejected(.overwritesHTTPOnly)
                }
                return add(cookie, requestIsSecure: url.isSecure, firstPartyHost: Self.partyHost(url, isSameSite), now: now, &state)
            }
        }
    }
}
