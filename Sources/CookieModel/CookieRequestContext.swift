/// How a cookie reaches or leaves the jar: which API, and the same-site context of the request (RFC 6265bis §5.2).
///
/// The jar cannot see browsing contexts; whoever drives it (a world, an engine) states the context.
public struct CookieRequestContext: Sendable, Hashable {
    /// The HTTP API (`Set-Cookie` / `Cookie` headers) or the non-HTTP API (`document.cookie`), §5.7 and §5.8.3.
    public enum API: String, Sendable, Hashable {
        case http
        case nonHTTP
    }

    public var api: API
    /// Whether the request's current URL is same-site with its client's site for cookies (§5.2 criterion 3, §5.2.1);
    /// true for a request without a client (one the app makes itself).
    public var isSameSite: Bool
    /// Whether the request is the result of a cross-site redirect (§5.2 criterion 1): the origin of some URL in its
    /// URL list (the first request, then each redirect target) is not same-site with its current URL. The jar sees
    /// one hop at a time, so whoever follows the redirects states it.
    public var isCrossSiteRedirect: Bool
    /// Whether the request navigates a top-level traversable (a main-frame navigation).
    public var isTopLevelNavigation: Bool
    /// Whether the request method is safe (GET, HEAD, OPTIONS, TRACE): Lax cookies go on cross-site safe navigations.
    public var isSafeMethod: Bool

    public init(
        api: API = .http, isSameSite: Bool = true, isCrossSiteRedirect: Bool = false, isTopLevelNavigation: Bool = true,
        isSafeMethod: Bool = true
    ) {
        self.api = api
        self.isSameSite = isSameSite
        self.isCrossSiteRedirect = isCrossSiteRedirect
        self.isTopLevelNavigation = isTopLevelNavigation
        self.isSafeMethod = isSafeMethod
    }

    /// Whether the request is "same-site" as §5.2 defines it (both criteria hold): what the storage model (§5.7) and
    /// retrieval (§5.8.3) decide on. A request that is not is "cross-site".
    public var isSameSiteRequest: Bool { isSameSite && !isCrossSiteRedirect }

    /// A same-site top-level GET: the context of a typed URL or a same-site link.
    public static let sameSiteNavigation = CookieRequestContext()
    /// `document.cookie` in a same-site document.
    public static let script = CookieRequestContext(api: .nonHTTP)

    /// A context derived from the URLs involved: same-site when both registrable domains (and schemes) agree, and
    /// a cross-site redirect when a URL the request was redirected from (`redirectedFrom`, the earlier entries of
    /// its URL list) is not same-site with `url`.
    public static func http(
        for url: CookieURL, siteForCookies: CookieURL?, redirectedFrom earlier: [CookieURL] = [],
        isTopLevelNavigation: Bool, method: String = "GET", publicSuffixes: PublicSuffixList = .system
    ) -> CookieRequestContext {
        func sameSite(_ a: CookieURL, _ b: CookieURL) -> Bool {
            func siteOf(_ url: CookieURL) -> String {
                url.isIPAddress ? url.host : (publicSuffixes.registrableDomain(of: url.host) ?? url.host)
            }
            return a.isSecure == b.isSecure && siteOf(a) == siteOf(b)
        }
        let safe = ["GET", "HEAD", "OPTIONS", "TRACE"].contains(method.uppercased())
        return CookieRequestContext(
            api: .http, isSameSite: siteForCookies.map { sameSite($0, url) } ?? true,
            isCrossSiteRedirect: earlier.contains { !sameSite($0, url) },
            isTopLevelNavigation: isTopLevelNavigation, isSafeMethod: safe
        )
    }
}
