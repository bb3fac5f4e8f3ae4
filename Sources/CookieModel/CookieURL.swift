import Foundation

/// The parts of a request URL that cookie processing looks at: scheme, canonicalized host (§5.1.2) and path.
///
/// Parsed once, up front, so that computing a `Cookie` header does no URL work (the hot path of every adapter).
public struct CookieURL: Sendable, Hashable, CustomStringConvertible {
    /// Lower-case scheme, e.g. `https`.
    public let scheme: String
    /// Canonicalized host (§5.1.2): lower-case, IDNA A-labels, IPv6 without brackets.
    public let host: String
    /// The URI path, `/` when empty; query and fragment are not part of it.
    public let path: String
    /// Whether the host is an IP address (domain matching is then by identity only, §5.1.3).
    public let isIPAddress: Bool

    /// Whether the scheme denotes a "secure" protocol (§5.7 step 12, §5.8.3): https and wss.
    public var isSecure: Bool { scheme == "https" || scheme == "wss" }

    public var description: String { "\(scheme)://\(isIPAddress && host.utf8.contains(UInt8(ascii: ":")) ? "[\(host)]" : host)\(path)" }

    /// Builds a URL from its parts; `host` is canonicalized here.
    public init?(scheme: String, host: String, path: String) {
        guard let canonical = CookieURL.canonicalize(host: host) else { return nil }
        self.scheme = scheme.utf8.contains(where: { (0x41...0x5A).contains($0) }) ? scheme.lowercased() : scheme
        self.host = canonical
        self.path = path.isEmpty ? "/" : path
        self.isIPAddress = CookieURL.isIPAddress(canonical)
    }

    /// Parses an absolute URL (`scheme://[userinfo@]host[:port]/path?query#fragment`); nil when it has no host.
    public init?(string: String) {
        guard let schemeEnd = string.firstSchemeSeparator() else { return nil }
        let scheme = String(string[..<schemeEnd.lowerBound])
        guard let first = scheme.first, first.isLetter,
              scheme.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == "." })
        else { return nil }
        let afterScheme = string[schemeEnd.upperBound...]
        let authorityEnd = afterScheme.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) ?? afterScheme.endIndex
        var authority = afterScheme[..<authorityEnd]
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        let host: Substring
        if authority.first == "[" {
            guard let close = authority.firstIndex(of: "]") else { return nil }
            host = authority[authority.index(after: authority.startIndex)..<close]
        } else if let colon = authority.lastIndex(of: ":") {
            host = authority[..<colon]
        } else {
            host = authority
        }
        guard !host.isEmpty else { return nil }
        let rest = afterScheme[authorityEnd...]
        let pathEnd = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) ?? rest.endIndex
        self.init(scheme: scheme, host: String(host), path: String(rest[..<pathEnd]))
    }

    // MARK: - §5.1.2 canonicalized host names

    /// Lower-cases an ASCII host, converts a non-ASCII one to IDNA A-labels; nil for a host that cannot be a name.
    public static func canonicalize(host: String) -> String? {
        var host = host
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        guard !host.isEmpty else { return nil }
        if host.utf8.allSatisfy({ $0 < 0x80 }) {
            // Most hosts arrive lower-case already (HTTPURL lower-cases its own): no new String then.
            guard host.utf8.contains(where: { (0x41...0x5A).contains($0) }) else { return host }
            return String(decoding: host.utf8.map(SetCookieParser.asciiLowercase), as: UTF8.self)
        }
        let labels = host.precomposedStringWithCanonicalMapping.lowercased().split(separator: ".", omittingEmptySubsequences: false)
        var encoded: [String] = []
        for label in labels {
            if label.unicodeScalars.allSatisfy(\.isASCII) {
                encoded.append(String(label))
            } else {
                guard let puny = Punycode.encode(String(label)) else { return nil }
                encoded.append("xn--" + puny)
            }
        }
        return encoded.joined(separator: ".")
    }

    /// IPv4 dotted quad or any IPv6 literal (a colon never appears in a host name).
    ///
    /// Read octet by octet (every request asks): four dot-separated parts of one to three ASCII digits, each ≤ 255.
    static func isIPAddress(_ host: String) -> Bool {
        if host.utf8.contains(UInt8(ascii: ":")) { return true }
        var parts = 1
        var digits = 0
        var value = 0
        for octet in host.utf8 {
            switch octet {
            case UInt8(ascii: "."):
                guard digits > 0, parts < 4 else { return false }
                parts += 1
                digits = 0
                value = 0
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                digits += 1
                value = value * 10 + Int(octet - UInt8(ascii: "0"))
                guard digits <= 3, value <= 255 else { return false }
            default:
                return false
            }
        }
        return parts == 4 && digits > 0
    }

    // MARK: - §5.1.3 and §5.1.4 matching

    /// The default-path of a request path (§5.1.4).
    public static func defaultPath(of uriPath: String) -> String {
        // Octets, not Characters: "/" followed by a combining mark is still a "/" (%x2F) to the spec.
        let octets = uriPath.utf8
        guard octets.first == UInt8(ascii: "/") else { return "/" }
        guard let lastSlash = octets.lastIndex(of: UInt8(ascii: "/")), lastSlash != octets.startIndex else { return "/" }
        return String(decoding: octets[..<lastSlash], as: UTF8.self)
    }

    /// Domain matching (§5.1.3): `host` equals `domain`, or ends with "." + `domain` and is not an IP address.
    public static func domainMatches(host: String, domain: String, hostIsIPAddress: Bool) -> Bool {
        if host == domain { return true }
        let (hostBytes, domainBytes) = (host.utf8, domain.utf8)
        guard !hostIsIPAddress, hostBytes.count > domainBytes.count else { return false }
        // Octet comparison: canonical hosts are ASCII, and String.hasSuffix would compare Unicode characters.
        // Straight from both Strings' contiguous storage when they have it (native Strings do): a generic
        // comparison over two UTF-8 views costs more than the few octets of a domain.
        let compared = hostBytes.withContiguousStorageIfAvailable { host in
            domainBytes.withContiguousStorageIfAvailable { domain in
                let suffix = host.count - domain.count
                return host[suffix - 1] == UInt8(ascii: ".")
                    && (domain.isEmpty || memcmp(host.baseAddress! + suffix, domain.baseAddress!, domain.count) == 0)
            }
        }
        if let compared = compared ?? nil { return compared }
        let boundary = hostBytes.index(hostBytes.endIndex, offsetBy: -domainBytes.count - 1)
        return hostBytes[boundary] == UInt8(ascii: ".")
            && hostBytes[hostBytes.index(after: boundary)...].elementsEqual(domainBytes)
    }

    /// Path matching (§5.1.4).
    public static func pathMatches(requestPath: String, cookiePath: String) -> Bool {
        // A cookie path longer than the request's cannot match: most misses end here, comparing no octet.
        guard requestPath.utf8.count >= cookiePath.utf8.count else { return false }
        // Octet comparison, as the spec means it (String.hasPrefix would compare Unicode characters).
        return requestPath.utf8.withContiguousStorageIfAvailable { request in
            cookiePath.utf8.withContiguousStorageIfAvailable { cookie in
                // Paths are short and differ early: a loop over the buffers beats a call to memcmp.
                for offset in cookie.indices where request[offset] != cookie[offset] { return false }
                if request.count == cookie.count || cookie.last == UInt8(ascii: "/") { return true }
                return request[cookie.count] == UInt8(ascii: "/")
            } ?? slowPathMatches(requestPath: requestPath, cookiePath: cookiePath)
        } ?? slowPathMatches(requestPath: requestPath, cookiePath: cookiePath)
    }

    /// `pathMatches` for strings without contiguous UTF-8 (bridged or lazily decoded ones).
    private static func slowPathMatches(requestPath: String, cookiePath: String) -> Bool {
        let (request, cookie) = (Array(requestPath.utf8), Array(cookiePath.utf8))
        guard request.starts(with: cookie) else { return false }
        return request.count == cookie.count || cookie.last == UInt8(ascii: "/") || request[cookie.count] == UInt8(ascii: "/")
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}

extension String {
    /// The first `://`, found in the UTF-8 octets: every request of every scenario parses its URL, and both
    /// Foundation's `range(of:)` (through CFString) and the standard library's generic `firstRange(of:)` cost more
    /// than the rest of the parse together.
    package func firstSchemeSeparator() -> Range<String.Index>? {
        let octets = utf8
        let slash = UInt8(ascii: "/")
        var from = octets.startIndex
        while let colon = octets[from...].firstIndex(of: UInt8(ascii: ":")) {
            let first = octets.index(after: colon)
            guard first < octets.endIndex else { return nil }
            let second = octets.index(after: first)
            if octets[first] == slash, second < octets.endIndex, octets[second] == slash {
                return colon..<octets.index(after: second)
            }
            from = first
        }
        return nil
    }
}
