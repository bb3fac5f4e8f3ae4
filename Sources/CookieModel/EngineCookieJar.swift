/// The jar a simulated engine's website data store keeps: the seam through which a profile names whose jar it
/// models — the RFC 6265bis reference (``CookieJar``) or a model of a real engine's jar (libsoup's under WebKitGTK).
///
/// Unlike ``CookieStore`` (a store the harness compares, which may live in another process and fail), an engine
/// jar is in-process, cannot fail, and says why it refused a cookie (the engine's transcript shows the reason).
/// Calls come from one engine on one thread; an implementation need not be re-entrant.
public protocol EngineCookieJar: AnyObject, Sendable {
    /// A `Set-Cookie` field value received from `url` (RFC 6265bis §5.7 with the jar's own departures).
    func setCookie(_ line: String, from url: CookieURL, context: CookieRequestContext) -> CookieStoreOutcome
    /// `document.cookie = value` on a page at `url` (the non-HTTP API: an HttpOnly cookie is not replaced).
    func setDocumentCookie(_ string: String, documentURL url: CookieURL, isSameSite: Bool) -> CookieStoreOutcome
    /// The `Cookie` header for a request to `url`, or nil when none goes.
    func cookieHeader(for url: CookieURL, context: CookieRequestContext) -> String?
    /// `document.cookie` for a page at `url`.
    func documentCookie(for url: CookieURL, isSameSite: Bool) -> String
    /// `document.cookie` as the engine's web process reads it: ``documentCookie(for:isSameSite:)``, unless the
    /// engine reads through a path that skips expired cookies without removing them from the jar (WebKitGTK's).
    func readDocumentCookie(for url: CookieURL, isSameSite: Bool) -> String
    /// ``readDocumentCookie(for:isSameSite:)`` with each HttpOnly cookie that `substitute` answers for read as the
    /// cookie it answers, in the HttpOnly cookie's place in the jar's order: what a web-process copy that never heard
    /// of an HttpOnly replacement answers (WebKitGTK's). Nil when the jar does not model that order.
    func readDocumentCookie(for url: CookieURL, isSameSite: Bool, inPlaceOfHTTPOnly substitute: (Cookie) -> Cookie?) -> String?
    /// A cookie built by the app (`WKHTTPCookieStore.setCookie`): stored with the jar's own checks of a whole cookie.
    func insert(_ cookie: Cookie) -> CookieStoreOutcome
    /// Removes every cookie `predicate` selects; how many went.
    func delete(where predicate: (Cookie) -> Bool) -> Int
    /// Every cookie the jar holds, expired ones left out, in the order the jar lists them.
    var allCookies: [Cookie] { get }
    /// What the engine's own listing (`WKHTTPCookieStore.getAllCookies`) returns, in the jar's order: ``allCookies``
    /// unless the jar drops an expired cookie only when a lookup meets it and lists it until then (libsoup's).
    var listedCookies: [Cookie] { get }
    /// The app process ended: session cookies go, persistent ones stay as the jar persists them.
    func endSession()
}

extension EngineCookieJar {
    public var listedCookies: [Cookie] { allCookies }
    public func readDocumentCookie(for url: CookieURL, isSameSite: Bool) -> String {
        documentCookie(for: url, isSameSite: isSameSite)
    }
    public func readDocumentCookie(for url: CookieURL, isSameSite: Bool, inPlaceOfHTTPOnly substitute: (Cookie) -> Cookie?) -> String? {
        nil
    }
}

extension CookieJar: EngineCookieJar {}
