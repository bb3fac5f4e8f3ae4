import Foundation
import Testing
@testable import CookieModel

/// Shared fixtures for the CookieModel tests: a fixed "now", jars on frozen or virtual clocks, and assertion helpers
/// that report at the caller's line.
enum Fixture {
    /// 2023-11-14T22:13:20Z: every test's "now" (never the system clock).
    static let now = Date(timeIntervalSince1970: 1_700_000_000)
    /// The cookie-age-limit of §5.6.1 / §5.6.2 ("400 days or less"), in seconds.
    static let ageLimit: TimeInterval = 400 * 86_400

    /// A jar whose clock is stopped at ``now``.
    static func frozenJar(_ configuration: CookieJarConfiguration = .rfc6265bis) -> CookieJar {
        CookieJar(clock: .frozen(at: now), configuration: configuration)
    }

    /// A jar on a virtual clock starting at ``now``; the test advances the clock itself.
    static func virtualJar(_ configuration: CookieJarConfiguration = .rfc6265bis) -> (CookieJar, VirtualClock) {
        let clock = VirtualClock(start: now)
        return (CookieJar(clock: .virtual(clock), configuration: configuration), clock)
    }
}

/// Expects `outcome` to be `.stored` and returns the stored cookie.
@discardableResult
func expectStored(
    _ outcome: CookieStoreOutcome, _ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation
) -> Cookie? {
    guard case .stored(let cookie, _) = outcome else {
        let message = "expected the cookie to be stored, observed \(outcome)" + suffix(comment)
        Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
        return nil
    }
    return cookie
}

/// Expects `outcome` to be a rejection; when `reason` is given, that rejection.
func expectRejected(
    _ outcome: CookieStoreOutcome, _ reason: CookieRejection? = nil, _ comment: Comment? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    guard case .rejected(let observed) = outcome else {
        let expected = reason.map { " (\($0))" } ?? ""
        let message = "expected the cookie to be ignored\(expected), observed \(outcome)" + suffix(comment)
        Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
        return
    }
    if let reason, observed != reason {
        let message = "expected rejection \"\(reason)\", observed \"\(observed)\"" + suffix(comment)
        Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    }
}

private func suffix(_ comment: Comment?) -> String {
    comment.map { " — \($0.rawValue)" } ?? ""
}

/// Expects the `Cookie` header the jar builds for `url` in `context` (nil: no header at all).
func expectHeader(
    _ jar: CookieJar, _ url: CookieURL, _ expected: String?,
    context: CookieRequestContext = .sameSiteNavigation, sourceLocation: SourceLocation = #_sourceLocation
) {
    let observed = jar.cookieHeader(for: url, context: context)
    #expect(observed == expected, "Cookie header for \(url)", sourceLocation: sourceLocation)
}

/// The attributes of a parsed Set-Cookie line as the storage model reads them: the last of each kind (§5.7).
struct LastAttributes {
    let parsed: ParsedSetCookie
    init(_ parsed: ParsedSetCookie) { self.parsed = parsed }

    var expires: Date? { parsed.last { if case .expires(let date) = $0 { date } else { nil } } }
    var maxAge: Date? { parsed.last { if case .maxAge(let date) = $0 { date } else { nil } } }
    var domain: String? { parsed.last { if case .domain(let domain) = $0 { domain } else { nil } } }
    var path: String? { parsed.last { if case .path(let path) = $0 { path } else { nil } } }
    var sameSite: SameSite? { parsed.last { if case .sameSite(let mode) = $0 { mode } else { nil } } }
    var isSecure: Bool { parsed.attributes.contains(.secure) }
    var isHTTPOnly: Bool { parsed.attributes.contains(.httpOnly) }
}

/// A cross-site request context (§5.2): the request's URL is not same-site with the site for cookies.
func crossSite(topLevel: Bool, safeMethod: Bool = true, api: CookieRequestContext.API = .http) -> CookieRequestContext {
    CookieRequestContext(api: api, isSameSite: false, isTopLevelNavigation: topLevel, isSafeMethod: safeMethod)
}
