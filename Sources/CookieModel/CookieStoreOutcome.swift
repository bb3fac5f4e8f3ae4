/// What the storage model did with one cookie (§5.7), so that transcripts can say why a cookie is missing.
public enum CookieStoreOutcome: Sendable, Hashable {
    /// Stored; `replaced` when it took the place of a cookie with the same identity.
    case stored(Cookie, replaced: Bool)
    /// Accepted but already expired (Max-Age=0, a past Expires): it removed any cookie with its identity.
    case expiredOnArrival(removedExisting: Bool)
    case rejected(CookieRejection)

    public var storedCookie: Cookie? {
        if case .stored(let cookie, _) = self { return cookie }
        return nil
    }
}

/// Why the parser or the storage model ignored a cookie, with the step that says so.
public enum CookieRejection: String, Error, Sendable, Hashable, CustomStringConvertible {
    case unparsable = "§5.6: control character, name+value over 4096 octets, or not UTF-8 (§5.7 step 1)"
    case emptyNameAndValue = "§5.7 step 2: empty name and value"
    case nonASCIIDomain = "§5.7 step 8: Domain attribute is not ASCII"
    case publicSuffix = "§5.7 step 9: Domain attribute is a public suffix"
    case domainMismatch = "§5.7 step 10: request host does not domain-match the Domain attribute"
    case secureFromInsecureOrigin = "§5.7 step 13: Secure cookie from a non-secure origin"
    case httpOnlyFromScript = "§5.7 step 15: HttpOnly cookie from the non-HTTP API"
    case wouldOverlaySecureCookie = "§5.7 step 16: would shadow a Secure cookie from a non-secure origin"
    case crossSiteSameSite = "§5.7 step 18: SameSite cookie set from a cross-site, non-navigation context"
    case sameSiteNoneWithoutSecure = "§5.7 step 19: SameSite=None without Secure"
    case securePrefix = "§5.7 step 20: __Secure- prefix without Secure"
    case hostPrefix = "§5.7 step 21: __Host- prefix without Secure, host-only and a Path=/ attribute"
    case prefixInNamelessValue = "§5.7 step 22: name-less cookie whose value starts with a prefix"
    case overwritesHTTPOnly = "§5.7 step 23: the non-HTTP API may not overwrite an HttpOnly cookie"
    // Apple's jar's own refusals (AppleModel), as WebKit's bots record them for the Apple ports.
    case namelessCookie = "Apple's jar: a cookie without a name (no '=' outside quotes, or an empty name) is dropped"
    case quotedName = "Apple's jar: a name holding a quoted string is dropped"
    // libsoup's own refusals (LibsoupModel), named after the libsoup function that makes them.
    case domainWithoutInnerDot = "libsoup soup_cookie_parse: Domain attribute without a dot after its first character"
    case publicSuffixCookieDomain = "libsoup soup_cookie_jar_add_cookie_full: the cookie's domain (host-only too) is a public suffix"
    case thirdPartyCookie = "libsoup soup_cookie_jar_add_cookie_full: third party under SOUP_COOKIE_JAR_ACCEPT_NO_THIRD_PARTY"
    case overwritesSecureCookie = "libsoup soup_cookie_jar_add_cookie_full: a non-secure origin may not replace a Secure cookie"

    public var description: String { rawValue }
}
