import CookieModel

/// Same-site decisions (RFC 6265bis §5.2): two URLs are same-site when their schemes agree and so do their
/// registrable domains (eTLD+1, from the public suffix list).
public enum SiteContext {
    /// The site of a URL: scheme plus registrable domain (or the host, for IP addresses and suffix-only hosts).
    public static func site(of url: HTTPURL) -> String {
        let secure = url.scheme == "https" || url.scheme == "wss"
        let host = url.cookieURL.map { cookieURL in
            cookieURL.isIPAddress ? cookieURL.host : (PublicSuffixList.system.registrableDomain(of: cookieURL.host) ?? cookieURL.host)
        } ?? url.host
        return (secure ? "https://" : "http://") + host
    }

    public static func isSameSite(_ a: HTTPURL, _ b: HTTPURL) -> Bool { site(of: a) == site(of: b) }

    /// The context of a request from a page at `initiator` (nil: the app or the user, never cross-site).
    public static func context(
        for url: HTTPURL, initiator: HTTPURL?, topLevel: Bool, method: String
    ) -> CookieRequestContext {
        CookieRequestContext(
            api: .http,
            isSameSite: initiator.map { isSameSite($0, url) } ?? true,
            isTopLevelNavigation: topLevel,
            isSafeMethod: ["GET", "HEAD", "OPTIONS", "TRACE"].contains(method)
        )
    }
}
