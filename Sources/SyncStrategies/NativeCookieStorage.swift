import CookieModel
import Foundation

/// `HTTPCookieStorage.shared` as sync code uses it.
///
/// **Implementation requirements**
/// - Synchronous, like `HTTPCookieStorage`: a cookie set is there for the next call.
/// - Identity is (name, domain, path) with `HTTPCookie`'s domain convention (a leading dot for domain cookies):
///   `setCookie` replaces the cookie with the same identity, `deleteCookie` removes it.
/// - `cookies(for:)` answers as a native request to `url` would: domain, path and Secure match, no SameSite
///   (native requests have no site), in `Cookie` header order (longer paths first).
public protocol NativeCookieStorage: AnyObject {
    /// `HTTPCookieStorage.cookies`: every unexpired cookie.
    var cookies: [Cookie] { get }
    /// `HTTPCookieStorage.cookies(for:)`.
    func cookies(for url: URL) -> [Cookie]
    /// `HTTPCookieStorage.setCookie(_:)`: stored as given (HttpOnly included, no origin checks).
    func setCookie(_ cookie: Cookie)
    /// `HTTPCookieStorage.deleteCookie(_:)`.
    func deleteCookie(_ cookie: Cookie)
    /// `HTTPCookie.cookies(withResponseHeaderFields:for:)` then `setCookies(_:for:mainDocumentURL:)`, for
    /// `Set-Cookie` values the caller has already split: each is parsed and stored as if received from `url`.
    func setCookies(fromSetCookieLines lines: [String], for url: URL)
}

extension NativeCookieStorage {
    /// `HTTPCookieStorage.setCookies(_:for:mainDocumentURL:)` under the accept policy `.always` (iOS's default, and
    /// the only one modelled): each cookie whose domain matches `url`'s host is stored as `setCookie` stores it (a
    /// host-only cookie: the same host; a domain cookie: RFC 6265bis domain-match); the others are dropped.
    ///
    /// Apple documents only that the accept policy is followed; the domain filter is assumed from
    /// swift-corelibs-foundation, whose comment says it follows Darwin ("save only those cookies whose domain
    /// matches with the url.host"). `mainDocumentURL` matters only under `.onlyFromMainDocumentDomain`, which is
    /// not modelled: it is ignored. Path and Secure are not checked.
    public func setCookies(_ cookies: [Cookie], for url: URL?, mainDocumentURL: URL?) {
        guard let url, let target = CookieURL(string: url.absoluteString) else { return }
        for cookie in cookies
        where cookie.isHostOnly
            ? target.host == cookie.domain
            : CookieURL.domainMatches(host: target.host, domain: cookie.domain, hostIsIPAddress: target.isIPAddress)
        {
            setCookie(cookie)
        }
    }
}

/// `UserDefaults.standard` as far as sync code uses it: data under a key, kept across app launches.
public protocol KeyValueStore: AnyObject {
    func data(forKey key: String) -> Data?
    /// nil removes the key.
    func set(_ data: Data?, forKey key: String)
}
