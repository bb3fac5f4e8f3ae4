import CookieModel
import Foundation

/// libsoup 3.2.3's matching rules: hosts against cookie domains, request paths against cookie paths, SameSite
/// against a request's first party, and GLib's idea of an IP address.
enum LibsoupMatching {
    /// Models `soup_host_matches_host` (libsoup/soup-misc.c): equal ignoring ASCII case; or, for a domain with a
    /// leading dot, equal to it without the dot ignoring case, or ending with it — **case-sensitively**, and with
    /// no exception for IP addresses (a `.168.0.10` domain matches host 192.168.0.10).
    static func hostMatchesHost(_ domain: String, _ host: String) -> Bool {
        if equalIgnoringASCIICase(domain, host) { return true }
        guard domain.hasPrefix(".") else { return false }
        if equalIgnoringASCIICase(String(domain.dropFirst()), host) { return true }
        return host.utf8.count >= domain.utf8.count && host.utf8.suffix(domain.utf8.count).elementsEqual(domain.utf8)
    }

    /// `g_ascii_strcasecmp (a, b) == 0`.
    static func equalIgnoringASCIICase(_ a: String, _ b: String) -> Bool {
        a.utf8.count == b.utf8.count && zip(a.utf8, b.utf8).allSatisfy { CBytes.lower($0) == CBytes.lower($1) }
    }

    /// Models `g_hostname_is_ip_address` (GLib): an IPv4 address is exactly four decimal octets of 1–3 digits, no
    /// leading zeros, each at most 255; anything with a colon is judged as IPv6.
    static func isIPAddress(_ host: String) -> Bool {
        if host.contains(":") {
            var address = in6_addr()
            let bare = host.split(separator: "%", maxSplits: 1).first.map(String.init) ?? host
            return inet_pton(AF_INET6, bare, &address) == 1
        }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts.allSatisfy { part in
            (1...3).contains(part.utf8.count) && part.utf8.allSatisfy(CBytes.isDigit)
                && !(part.utf8.count > 1 && part.utf8.first == UInt8(ascii: "0")) && Int(part)! <= 255
        }
    }

    /// The path half of `soup_cookie_applies_to_uri` (libsoup/cookies/soup-cookie.c): the cookie's path is a
    /// prefix of the request's, ending at a `/` of either (an empty cookie path matches everything).
    static func pathMatches(cookiePath: String, requestPath: String) -> Bool {
        let cookie = Array(cookiePath.utf8), request = Array(requestPath.utf8)
        guard !cookie.isEmpty else { return true }
        guard request.starts(with: cookie) else { return false }
        return cookie.last == UInt8(ascii: "/") || request.count == cookie.count
            || request[cookie.count] == UInt8(ascii: "/")
    }

    /// Models `cookie_is_valid_for_same_site_policy` (libsoup/cookies/soup-cookie-jar.c) with the first party
    /// and the site for cookies both `partyHost`, as the `libsoup` adapter passes them (nil: no first party, as
    /// `soup_cookie_jar_get_cookie_list` asks): a None cookie always goes, and every cookie without a first party;
    /// a Lax one on a top-level navigation by a safe method (or for script); otherwise only when the first party's
    /// host matches the request's (`soup_host_matches_host`, no registrable domains involved).
    static func sameSiteAllows(
        _ policy: LibsoupCookie.SameSitePolicy, requestHost: String, partyHost: String?, isSafeMethod: Bool,
        isTopLevelNavigation: Bool, forHTTP: Bool
    ) -> Bool {
        guard policy != .none, let partyHost else { return true }
        if policy == .lax, isTopLevelNavigation, isSafeMethod || !forHTTP { return true }
        return hostMatchesHost(partyHost, requestHost)
    }
}
