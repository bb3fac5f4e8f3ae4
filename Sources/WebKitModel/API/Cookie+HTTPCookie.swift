import CookieModel
import Foundation

/// CookieModel's ``Cookie`` stands in for `HTTPCookie` in the WebKit-shaped API (`WKHTTPCookieStore` takes and
/// returns it). Porting app code: `HTTPCookie` → `Cookie`, with these accessors under `HTTPCookie`'s names.
///
/// Identity in a cookie store is (name, domain, path), where the domain keeps `HTTPCookie`'s convention: a leading
/// dot marks a domain cookie, none a host-only cookie (``Cookie/isHostOnly``).
extension Cookie {
    /// `HTTPCookie.domain`: `.example.com` for a domain cookie, `app.example.com` for a host-only one.
    public var httpCookieDomain: String { isHostOnly ? domain : "." + domain }

    /// `HTTPCookie.isSessionOnly`.
    public var isSessionOnly: Bool { expiry == nil }

    /// `HTTPCookie.expiresDate`.
    public var expiresDate: Date? { expiry }

    /// A cookie the way `HTTPCookie(properties:)` makes one: nothing is checked, the store decides.
    ///
    /// - Parameters:
    ///   - domain: `HTTPCookie` style: a leading dot makes a domain cookie.
    ///   - now: the creation time (a store that inserts the cookie stamps its own).
    public static func make(
        name: String, value: String, domain: String, path: String = "/", expires: Date? = nil, isSecure: Bool = false,
        isHTTPOnly: Bool = false, sameSite: SameSite = .default, now: Date
    ) -> Cookie {
        let hostOnly = !domain.hasPrefix(".")
        return Cookie(
            name: name, value: value, domain: String(domain.drop { $0 == "." }).lowercased(), path: path, expiry: expires,
            creation: now, isHostOnly: hostOnly, isSecure: isSecure, isHTTPOnly: isHTTPOnly, sameSite: sameSite
        )
    }

    /// What `HTTPCookie(properties:)` makes of a `.secure` property given as a string: Secure for any value, "FALSE"
    /// too. Apple's documentation of `HTTPCookiePropertyKey.secure`: "Providing any value for this key indicates that
    /// the cookie should remain secure"; swift-corelibs-foundation's `init?(properties:)` sets it for any non-empty
    /// string (`Sources/FoundationNetworking/HTTPCookie.swift` 310–316 at 761b621d). A port whose library writes
    /// "FALSE" for a cookie that is not Secure passes its value here rather than reading it as a Boolean.
    public static func httpCookieIsSecure(_ property: String?) -> Bool { !(property ?? "").isEmpty }

    /// Whether two cookies carry the same data: identity, value, expiry and flags (not creation or access times).
    public func hasSameContent(as other: Cookie) -> Bool {
        hasSameIdentity(as: other) && value == other.value && expiry == other.expiry && isSecure == other.isSecure
            && isHTTPOnly == other.isHTTPOnly && sameSite == other.sameSite
    }

    /// A short description for transcripts: `name=value (domain/path, flags)`.
    public var summary: String {
        var flags: [String] = []
        if isSecure { flags.append("Secure") }
        if isHTTPOnly { flags.append("HttpOnly") }
        flags.append(isPersistent ? "persistent" : "session")
        return "\(pair) (\(httpCookieDomain)\(path), \(flags.joined(separator: " ")))"
    }
}
