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

    public init(
        maximumCookiesPerDomain: Int = 50, maximumCookies: Int = 3000, sameSiteDefault: SameSite = .lax,
        publicSuffixes: PublicSuffixList? = .system
    ) {
        precondition(sameSiteDefault == .lax || sameSiteDefault == .none, "the SameSite default is Lax or None")
        self.maximumCookiesPerDomain = maximumCookiesPerDomain
        self.maximumCookies = maximumCookies
        self.sameSiteDefault = sameSiteDefault
        self.publicSuffixes = publicSuffixes
    }

    public static let rfc6265bis = CookieJarConfiguration()
}
