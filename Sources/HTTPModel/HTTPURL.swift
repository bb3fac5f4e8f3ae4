import CookieModel

/// An absolute http(s) URL as the virtual network sees it: scheme, host, port, path and query kept apart.
public struct HTTPURL: Sendable, Hashable, CustomStringConvertible {
    public var scheme: String
    /// Lower-case host (IPv6 without brackets).
    public var host: String
    /// nil for the scheme's default port.
    public var port: Int?
    public var path: String
    /// Without the "?"; nil when there is none.
    public var query: String?

    /// Parses `scheme://[userinfo@]host[:port][/path][?query][#fragment]`; nil when it is not of that form.
    /// An ASCII string (every URL the suites hold) is scanned byte by byte; any other by Characters, as before
    /// (``init(characters:)``). The two agree on every ASCII string (`HTTPURLTests`): the byte scan only skips the
    /// grapheme breaking that made URL parsing a tenth of a large run's time.
    public init?(_ string: String) {
        let octets = string.utf8
        guard octets.allSatisfy({ $0 < 0x80 }) else {
            guard let url = HTTPURL(characters: string) else { return nil }
            self = url
            return
        }
        guard let separator = string.firstSchemeSeparator() else { return nil }
        let schemeOctets = octets[..<separator.lowerBound]
        guard !schemeOctets.isEmpty, schemeOctets.allSatisfy(Self.isSchemeOctet) else { return nil }
        let restEnd = octets[separator.upperBound...].firstIndex(of: UInt8(ascii: "#")) ?? octets.endIndex
        let authorityEnd = octets[separator.upperBound..<restEnd].firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") }
            ?? restEnd
        var authorityStart = separator.upperBound
        if let at = octets[authorityStart..<authorityEnd].lastIndex(of: UInt8(ascii: "@")) { authorityStart = octets.index(after: at) }
        var host = authorityStart..<authorityEnd
        var port: Int?
        if authorityStart < authorityEnd, octets[authorityStart] == UInt8(ascii: "[") {
            guard let close = octets[authorityStart..<authorityEnd].firstIndex(of: UInt8(ascii: "]")) else { return nil }
            host = octets.index(after: authorityStart)..<close
            let after = octets.index(after: close)
            if after < authorityEnd, octets[after] == UInt8(ascii: ":") { port = Int(string[octets.index(after: after)..<authorityEnd]) }
        } else if let colon = octets[authorityStart..<authorityEnd].lastIndex(of: UInt8(ascii: ":")) {
            host = authorityStart..<colon
            guard let number = Int(string[octets.index(after: colon)..<authorityEnd]), (0...65535).contains(number) else { return nil }
            port = number
        }
        guard !host.isEmpty else { return nil }
        let queryStart = octets[authorityEnd..<restEnd].firstIndex(of: UInt8(ascii: "?"))
        let pathEnd = queryStart ?? restEnd
        let scheme = string[..<separator.lowerBound].lowercased()
        self.scheme = scheme
        self.host = string[host].lowercased()
        self.port = port == HTTPURL.defaultPort(scheme) ? nil : port
        self.path = authorityEnd == pathEnd ? "/" : String(string[authorityEnd..<pathEnd])
        self.query = queryStart.map { String(string[octets.index(after: $0)..<restEnd]) }
    }

    private static func isSchemeOctet(_ octet: UInt8) -> Bool {
        switch octet {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."):
            true
        default:
            false
        }
    }

    /// The same parse over Characters: the reference the byte scan is held to, and the parser of non-ASCII text.
    init?(characters string: String) {
        guard let separator = string.firstSchemeSeparator() else { return nil }
        let scheme = string[..<separator.lowerBound].lowercased()
        guard !scheme.isEmpty, scheme.allSatisfy({ $0.isLetter || $0.isNumber || "+-.".contains($0) }) else { return nil }
        var rest = string[separator.upperBound...]
        if let hash = rest.firstIndex(of: "#") { rest = rest[..<hash] }
        let authorityEnd = rest.firstIndex(where: { $0 == "/" || $0 == "?" }) ?? rest.endIndex
        var authority = rest[..<authorityEnd]
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        var host = Substring(authority)
        var port: Int?
        if authority.first == "[" {
            guard let close = authority.firstIndex(of: "]") else { return nil }
            host = authority[authority.index(after: authority.startIndex)..<close]
            let after = authority[authority.index(after: close)...]
            if after.first == ":" { port = Int(after.dropFirst()) }
        } else if let colon = authority.lastIndex(of: ":") {
            host = authority[..<colon]
            guard let number = Int(authority[authority.index(after: colon)...]), (0...65535).contains(number) else { return nil }
            port = number
        }
        guard !host.isEmpty else { return nil }
        let pathAndQuery = rest[authorityEnd...]
        let queryStart = pathAndQuery.firstIndex(of: "?")
        let path = queryStart.map { pathAndQuery[..<$0] } ?? pathAndQuery
        self.scheme = scheme
        self.host = host.lowercased()
        self.port = port == HTTPURL.defaultPort(scheme) ? nil : port
        self.path = path.isEmpty ? "/" : String(path)
        self.query = queryStart.map { String(pathAndQuery[pathAndQuery.index(after: $0)...]) }
    }

    static func defaultPort(_ scheme: String) -> Int? {
        switch scheme {
        case "http", "ws": 80
        case "https", "wss": 443
        default: nil
        }
    }

    /// `scheme://host[:port]`: the key of the origin that serves this URL.
    public var origin: String {
        let host = self.host.utf8.contains(UInt8(ascii: ":")) ? "[\(self.host)]" : self.host
        return "\(scheme)://\(host)\(port.map { ":\($0)" } ?? "")"
    }

    /// Path plus `?query` when there is one.
    public var pathAndQuery: String { query.map { "\(path)?\($0)" } ?? path }

    public var description: String { origin + pathAndQuery }

    /// The view the cookie model works with (scheme, canonical host, path).
    public var cookieURL: CookieURL? { CookieURL(scheme: scheme, host: host, path: path) }

    /// Resolves a `Location` value (absolute, scheme-relative, absolute-path, query-only or relative) against this
    /// URL as RFC 3986 §5.2 does, dot segments removed (§5.2.4), so that a native request follows a redirect to the
    /// same URL the simulated engine (Foundation's resolver, ``HTTPRedirect/target(of:from:)``) and real clients do.
    public func resolving(_ reference: String) -> HTTPURL? {
        let reference = reference.firstIndex(of: "#").map { String(reference[..<$0]) } ?? reference
        if reference.firstSchemeSeparator() != nil { return HTTPURL(reference).map(Self.withDotSegmentsRemoved) }
        if reference.hasPrefix("//") { return HTTPURL("\(scheme):\(reference)").map(Self.withDotSegmentsRemoved) }
        if reference.isEmpty { return self }
        if reference.hasPrefix("?") { return HTTPURL(origin + path + reference) }
        let queryStart = reference.firstIndex(of: "?")
        let referencePath = String(reference[..<(queryStart ?? reference.endIndex)])
        let referenceQuery = queryStart.map { String(reference[$0...]) } ?? ""
        let merged: String
        if referencePath.hasPrefix("/") {
            merged = referencePath
        } else {
            // §5.2.3: the base path up to its last "/", then the reference.
            let directory = path.lastIndex(of: "/").map { String(path[...$0]) } ?? "/"
            merged = directory + referencePath
        }
        return HTTPURL(origin + Self.removingDotSegments(merged) + referenceQuery)
    }

    private static func withDotSegmentsRemoved(_ url: HTTPURL) -> HTTPURL {
        var url = url
        url.path = removingDotSegments(url.path)
        return url
    }

    /// RFC 3986 §5.2.4: "." and ".." segments removed from an absolute path ("/a/b/../c" is "/a/c").
    static func removingDotSegments(_ path: String) -> String {
        guard path.contains(".") else { return path }
        var input = Substring(path)
        var output: [Substring] = []
        while !input.isEmpty {
            if input.hasPrefix("../") { input = input.dropFirst(3) }
            else if input.hasPrefix("./") { input = input.dropFirst(2) }
            else if input.hasPrefix("/./") { input = input.dropFirst(2) }
            else if input == "/." { input = "/" }
            else if input.hasPrefix("/../") { input = input.dropFirst(3); _ = output.popLast() }
            else if input == "/.." { input = "/"; _ = output.popLast() }
            else if input == "." || input == ".." { input = "" }
            else {
                // The first segment, with its leading "/", up to the next "/".
                let start = input.hasPrefix("/") ? input.index(after: input.startIndex) : input.startIndex
                let end = input[start...].firstIndex(of: "/") ?? input.endIndex
                output.append(input[..<end])
                input = input[end...]
            }
        }
        let result = output.joined()
        return result.isEmpty ? "/" : result
    }
}
