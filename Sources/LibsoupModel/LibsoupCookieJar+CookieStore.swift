import CookieModel

/// The jar as a store the harness compares (the `libsoup-model` adapter): every operation does what the `libsoup`
/// adapter (adapter.py) asks of libsoup, so the two can be checked cell by cell.
extension LibsoupCookieJar: CookieStore {
    public func receive(setCookie: String, from url: CookieURL, context: CookieRequestContext) {
        self.setCookie(setCookie, from: url, context: context)
    }

    /// `soup_cookie_jar_set_cookie_with_first_party`: a `Set-Cookie` value like any other — libsoup has no
    /// non-HTTP write that protects HttpOnly cookies (WebKit checks that itself, see ``setDocumentCookie``).
    public func writeDocumentCookie(_ value: String, documentURL url: CookieURL, isSameSite: Bool) {
        var context = CookieRequestContext.script
        context.isSameSite = isSameSite
        setCookie(value, from: url, context: context)
    }

    public func storedCookies() -> [Cookie] { allCookies }

    /// A new `SoupCookieJarText` on the jar's file.
    public func restart() { endSession() }
}
