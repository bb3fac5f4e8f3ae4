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
    /// Whether the request is same-site with its site for cookies (§5.2.1); false for a cross-site request.
    public var isSameSite: Bool
    /// Whether the request navigates a top-level traversable (a main-frame navigation).
    public var isTopLevelNavigation: Bool
    /// Whether the request method is safe (GET, HEAD, OPTIONS, TRACE): Lax cookies go on cross-site safe navigations.
    public var isSafeMethod: Bool

    public init(api: API = .http, isSameSite: Bool = true, isTopLevelNavigation: Bool = true, isSafeMethod: Bool = true) {
        self.api = api
        self.isSameSite = isSameSite
        self.isTopLevelNavigation = isTopLevelNavigation
        self.isSafeMethod = isSafeMethod
    }

    /// A same-site top-level GET: the context of a typed URL or a same-site link.
    public static let sameSiteNavigation = CookieRequestContext()
    /// `document.cookie` in a same-site document.
    public static let script = CookieRequestContext(api: .nonHTTP)

    /// A context derived from the URLs involved: same-site when both registrable domains (and schemes) agree.
    public static func http(
        for url: CookieURL, siteForCookies: CookieURL?, isTopLevelNavigation: Bool, method: String = "GET",
        publicSuffixes: PublicSuffixList = .system
    ) -> CookieRequestContext {
        let sameSite = siteForCookies.map { site in
            func siteOf(_ url: CookieURL) -> String {
                url.isIPAddress ? url.host : (publicSuffixes.registrableDomain(of: url.host) ?? url.host)
            }
            return site.isSecure == url.isSecure && siteOf(site) == siteOf(url)
        } ?? true
        let safe = ["GET", "HEAD", "OPTIONS", "TRACE"].contains(method.uppercased())
        return CookieRequestContext(
            api: .http, isSameSite: sameSite, isTopLevelNavigation: isTopLevelNavigation, isSafeMethod: safe
        )
    }
}
