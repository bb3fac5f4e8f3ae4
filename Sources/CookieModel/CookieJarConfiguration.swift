import Foundation

/// The user-agent choices RFC 6265bis leaves open, with the values a current browser uses.
public struct CookieJarConfiguration: Sendable {
    /// Cookies kept per domain before eviction (§6.1 asks for at least 50).
    public var maximumCookiesPerDomain: Int
    /// Cookies kept in all before eviction (§6.1 asks for at least 3000).
    public var maximumCookies: Int
    /// How a cookie with SameSite "Default" is treated on cross-site requests: `.lax` (current browsers) or `.none`.
    public var sameSiteDefault: SameSite
    /// The public suffix list that §5.7 step 8 consults; nil accepts any Domain (a user agent that does not check).
    public var publicSuffixes: PublicSuffixList?
    /// §5.7 step 19: a `SameSite=None` cookie without `Secure` is refused (current browsers); false keeps it
    /// (libsoup, so WebKitGTK, measured on WebKitGTK 2.50.6).
    public var sameSiteNoneRequiresSecure: Bool
    /// §5.6.1, §5.6.2: how far in the future Expires and Max-Age may reach (400 days); nil for no cap (libsoup,
    /// measured on WebKitGTK 2.50.6).
    public var lifetimeCap: TimeInterval?
    /// §5.7 step 6 (RFC 6265 §5.3 step 3): Max-Age wins over Expires whatever their order; false takes the last of
    /// the two (libsoup reads attributes in order, measured on WebKitGTK 2.50.6).
    public var maxAgeWinsOverExpires: Bool
    /// §5.7 steps 20–21: how the `__Secure-` and `__Host-` name prefixes are read.
    public var cookiePrefixes: CookiePrefixRule

    /// How a jar reads the cookie name prefixes.
    public enum CookiePrefixRule: Sendable, Hashable {
        /// RFC 6265bis: matched case-insensitively; `__Host-` needs a `Path` attribute whose path is `/`.
        case rfc6265bis
        /// Apple's jar, as WebKit's bots record it: matched in their exact case only; `__Host-` needs the cookie's
        /// path to be `/`, which the default path of a page at `/` gives as well as the attribute.
        case caseSensitiveDefaultPath
    }

    public init(
        maximumCookiesPerDomain: Int = 50, maximumCookies: Int = 3000, sameSiteDefault: SameSite = .lax,
        publicSuffixes: PublicSuffixList? = .system, sameSiteNoneRequiresSecure: Bool = true,
        lifetimeCap: TimeInterval? = SetCookieParser.maximumAge, maxAgeWinsOverExpires: Bool = true,
        cookiePrefixes: CookiePrefixRule = .rfc6265bis
    ) {
        precondition(sameSiteDefault == .lax || sameSiteDefault == .none, "the SameSite default is Lax or None")
        self.maximumCookiesPerDomain = maximumCookiesPerDomain
        self.maximumCookies = maximumCookies
        self.sameSiteDefault = sameSiteDefault
        self.publicSuffixes = publicSuffixes
        self.sameSiteNoneRequiresSecure = sameSiteNoneRequiresSecure
        self.lifetimeCap = lifetimeCap
        self.maxAgeWinsOverExpires = maxAgeWinsOverExpires
        self.cookiePrefixes = cookiePrefixes
    }

    public static let rfc6265bis = CookieJarConfiguration()
}
