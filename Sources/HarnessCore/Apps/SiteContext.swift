import CookieModel
import HTTPModel

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

    /// The context of a request from a page at `initiator` (nil: the app or the user, whose requests have no site
    /// for cookies to differ from). `urlList` is the request's URL list so far, first URL to `url` (RFC 6265bis
    /// §5.2): a URL on another site than `url` makes the request a cross-site redirect, whoever started it.
    public static func context(
        for url: HTTPURL, initiator: HTTPURL?, urlList: [HTTPURL] = [], topLevel: Bool, method: String
    ) -> CookieRequestContext {
        let target = site(of: url)  // once: each site is a public-suffix lookup
        let isSafeMethod = switch method {
        case "GET", "HEAD", "OPTIONS", "TRACE": true
        default: false
        }
        return CookieRequestContext(
            api: .http,
            isSameSite: initiator.map { site(of: $0) == target } ?? true,
            isCrossSiteRedirect: urlList.contains { site(of: $0) != target },
            isTopLevelNavigation: topLevel,
            isSafeMethod: isSafeMethod
        )
    }

    /// The context of one hop of a request the virtual network carries: its URL list is the hop's.
    public static func context(for hop: HTTPClient.Hop, initiator: HTTPURL?, topLevel: Bool) -> CookieRequestContext {
        context(for: hop.request.url, initiator: initiator, urlList: hop.urlList, topLevel: topLevel, method: hop.request.method)
    }
}
