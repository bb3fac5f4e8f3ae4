import CookieModel

/// The jar as a store the harness compares (the `libsoup-model` adapter): every operation does what the `libsoup`
/// adapter (adapter.py) asks of libsoup, so the two can be checked cell by cell. Receiving a line, listing the
/// cookies and a restart (a new `SoupCookieJarText` on the jar's file) are ``EngineCookieJar``'s; a script's write
/// is libsoup's own.
extension LibsoupCookieJar: CookieStore {
    /// `soup_cookie_jar_set_cookie_with_first_party`: a `Set-Cookie` value like any other — libsoup has no
    /// non-HTTP write that protects HttpOnly cookies (WebKit checks that itself, see ``setDocumentCookie``).
    public func writeDocumentCookie(_ value: String, documentURL url: CookieURL, isSameSite: Bool) {
        var context = CookieRequestContext.script
        context.isSameSite = isSameSite
        setCookie(value, from: url, context: context)
    }
}
