import Foundation
import TestSupport
import Testing
@testable import CookieModel

/// SplitMix64 (Steele, Lea, Flood 2014): a tiny, seedable generator, so a failing run can be replayed exactly.
struct SplitMix64: RandomNumberGenerator {
    private(set) var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Random octet strings biased towards what the cookie algorithms look at.
struct CookieNoise {
    var random: SplitMix64

    static let tokens: [String] = [
        ";", ";", ";", "=", "=", "=", ",", " ", " ", "\t", ":", "-", ".", "/", "\"",
        "a", "b", "SID", "name", "value", "0", "1", "60", "-1", "400", "99999999999",
        "expires=", "Expires=", "expires", "max-age=", "Max-Age=", "domain=", "Domain=", "domain=.", "path=", "Path=/",
        "path=/a", "Path=/a/b/", "secure", "Secure", "HttpOnly", "httponly", "SameSite=", "samesite=None", "Lax",
        "Strict", "None", "__Host-", "__host-", "__Secure-", "__SECURE-",
        "example.com", ".example.com", "EXAMPLE.COM", "a.example.com", "com", "co.uk", "192.0.2.1", "other.test",
        "Wed, 09 Jun 2021 10:18:14 GMT", "06 Nov 1994 08:49:37", "Fri, 01 Jan 2100 00:00:00 GMT", "Jan", "Feb",
        "29", "31", "1601", "70", "69", "23:59:59", "24:00:00", "12:30",
    ]
    static let months = ["Jan", "feb", "MAR", "April", "May", "jun", "Jul", "Aug", "Sept", "Oct", "Nov", "Dec", "Foo"]
    /// delimiter = %x09 / %x20-2F / %x3B-40 / %x5B-60 / %x7B-7E (§5.1.1), plus a few non-delimiters.
    static let dateSeparators: [UInt8] = [0x20, 0x20, 0x20, 0x2C, 0x2D, 0x09, 0x2F, 0x3B, 0x40, 0x5B, 0x7E, 0x0A, 0x80]

    mutating func below(_ n: Int) -> Int { Int(random.next() % UInt64(n)) }
    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }

    /// A Set-Cookie-like octet string.
    mutating func setCookieLine() -> [UInt8] {
        var bytes: [UInt8] = []
        if below(1000) < 3 {
            // Long runs (rare: they dominate the run time in debug builds): the 4096-octet and 1024-octet limits, in
            // ASCII and in octets that are not UTF-8.
            let filler: UInt8 = [0x61, 0xFF, 0xC3, 0x80, 0x20][below(5)]
            bytes += Array("n=".utf8) + [UInt8](repeating: filler, count: 1000 + below(3300))
            if chance(50) { bytes += Array("; Path=/".utf8) + [UInt8](repeating: filler, count: 1000 + below(100)) }
            return bytes
        }
        for _ in 0..<below(24) {
            switch below(100) {
            case 0..<50: bytes += Array(Self.tokens[below(Self.tokens.count)].utf8)
            case 50..<62: bytes.append(UInt8(0x30 + below(10)))
            case 62..<74: bytes.append(UInt8(0x80 + below(0x80)))
            case 74..<80: bytes.append([0x00, 0x01, 0x08, 0x0A, 0x0D, 0x1F, 0x7F][below(7)])
            default: bytes.append(UInt8(0x20 + below(0x5F)))
            }
        }
        return bytes
    }

    /// A cookie-date-like octet string: date tokens of every kind, joined by delimiters (mostly).
    mutating func dateLike() -> [UInt8] {
        var parts: [String] = []
        for _ in 0..<below(7) {
            switch below(6) {
            case 0: parts.append(String(below(40)))
            case 1: parts.append(Self.months[below(Self.months.count)])
            case 2: parts.append(String([1500, 1601, 1969, 1970, 1999, 2000, 2024, 9999, 0, 69, 70, 99, 100][below(13)]))
            case 3: parts.append("\(below(30)):\(below(70)):\(below(70))")
            case 4: parts.append(["GMT", "Wed", "+0100", "12:30", "1st", "19940", "008:00:00"][below(7)])
            default: parts.append(String(below(10_000)))
            }
        }
        var bytes: [UInt8] = []
        for (index, part) in parts.enumerated() {
            if index > 0 || chance(20) { bytes.append(Self.dateSeparators[below(Self.dateSeparators.count)]) }
            bytes += Array(part.utf8)
        }
        return bytes
    }
}

/// Randomised robustness: no input crashes the parser, the date algorithm or the jar, and what they produce keeps
/// the invariants the spec guarantees.
@Suite("Robustness (seeded random inputs)")
struct FuzzTests {
    /// Fixed, so every run is the same run; `COOKIE_FUZZ_SEED` (decimal or 0x-hex) replays another one.
    static let seed: UInt64 = {
        if let text = ProcessInfo.processInfo.environment["COOKIE_FUZZ_SEED"] {
            if text.hasPrefix("0x"), let value = UInt64(text.dropFirst(2), radix: 16) { return value }
            if let value = UInt64(text) { return value }
        }
        return 0x6265_6269_7332_3032
    }()
    /// 20,000 inputs in all, in two shards that Swift Testing runs in parallel (debug builds are slow).
    static let shards = 2
    static let iterationsPerShard = 10_000

    /// Records at most a few failures per invariant, each naming the seed, the iteration and the input.
    final class Checker {
        let seed: UInt64
        let shard: Int
        var failures: [String: Int] = [:]
        var iteration = 0
        var input: [UInt8] = []

        init(seed: UInt64, shard: Int) { (self.seed, self.shard) = (seed, shard) }

        func check(_ condition: Bool, _ invariant: String, _ detail: @autoclosure () -> String = "",
                   sourceLocation: SourceLocation = #_sourceLocation) {
            guard !condition else { return }
            failures[invariant, default: 0] += 1
            guard failures[invariant]! <= 3 else { return }
            let hex = input.prefix(200).map { String(format: "%02x", $0) }.joined()
            let printable = String(decoding: input.prefix(200), as: UTF8.self).debugDescription
            Issue.record(Comment(rawValue: """
                invariant violated: \(invariant) \(detail())
                seed=0x\(String(seed, radix: 16)) shard=\(shard) iteration=\(iteration) (replay: COOKIE_FUZZ_SEED=0x\(String(seed, radix: 16)))
                input (\(input.count) octets) hex=\(hex)\(input.count > 200 ? "…" : "") text=\(printable)
                """), sourceLocation: sourceLocation)
        }
    }

    /// %x00-08 / %x0A-1F / %x7F (in UTF-8 these octets only ever stand for themselves).
    static func hasForbiddenControl(_ strings: String...) -> Bool {
        strings.contains { $0.utf8.contains { $0 <= 0x08 || ($0 >= 0x0A && $0 <= 0x1F) || $0 == 0x7F } }
    }

    static func isWSP(_ octet: UInt8?) -> Bool { octet == 0x20 || octet == 0x09 }

    static func hasPrefixIgnoringCase(_ string: String, _ prefix: String) -> Bool {
        let bytes = Array(string.utf8.prefix(prefix.utf8.count))
        return bytes.count == prefix.utf8.count
            && zip(bytes, prefix.utf8).allSatisfy { ($0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0) == $1 }
    }

    /// The name-value-pair octets of §5.6 steps 1–5, computed independently: nil when the line is ignored.
    static func referencePair(_ bytes: [UInt8]) -> (name: ArraySlice<UInt8>, value: ArraySlice<UInt8>)? {
        if bytes.contains(where: { $0 <= 0x08 || (0x0A...0x1F).contains($0) || $0 == 0x7F }) { return nil }
        // §5.7 step 1 ("MAY ignore"): the reference jar ignores lines that are not UTF-8 (it keeps text and could
        // not send the same octets back).
        if String(validating: bytes, as: UTF8.self) == nil { return nil }
        let pair = bytes[..<(bytes.firstIndex(of: 0x3B) ?? bytes.endIndex)]
        func trim(_ s: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
            var s = s
            while let f = s.first, f == 0x20 || f == 0x09 { s = s.dropFirst() }
            while let l = s.last, l == 0x20 || l == 0x09 { s = s.dropLast() }
            return s
        }
        let name: ArraySlice<UInt8>, value: ArraySlice<UInt8>
        if let equals = pair.firstIndex(of: 0x3D) {
            (name, value) = (trim(pair[..<equals]), trim(pair[(equals + 1)...]))
        } else {
            (name, value) = (ArraySlice([]), trim(pair))
        }
        return name.count + value.count > 4096 ? nil : (name, value)
    }

    @Test("§5.6 parser, §5.1.1 dates and the §5.7/§5.8.3 jar survive 2 × 10,000 random inputs with their invariants",
          arguments: 0..<shards)
    func randomInputs(shard: Int) throws {
        let seed = Self.seed
        let checker = Checker(seed: seed, shard: shard)
        // Each shard draws from its own stream: the shard index is mixed into the seed.
        var noise = CookieNoise(random: SplitMix64(seed: seed ^ (UInt64(shard) &* 0xD1B5_4A32_D192_ED03)))
        let now = Fixture.now
        let configuration = CookieJarConfiguration(maximumCookiesPerDomain: 8, maximumCookies: 30)
        let clock = VirtualClock(start: now)
        let jar = CookieJar(clock: .virtual(clock), configuration: configuration)
        let urls = try [
            "https://example.com/", "http://example.com/a/b", "https://a.example.com/x/y", "http://a.example.com/",
            "https://b.a.example.com/a", "https://other.test/", "http://192.0.2.1/p/q", "https://co.uk/",
            "https://www.example.co.uk/", "wss://example.com/a/",
        ].map { try url($0) }
        let contexts: [CookieRequestContext] = [
            .sameSiteNavigation, .sameSiteNavigation, .script,
            crossSite(topLevel: true), crossSite(topLevel: true, safeMethod: false), crossSite(topLevel: false),
            crossSite(topLevel: false, api: .nonHTTP),
            // Same-site with the page, but redirected through another site (§5.2 criterion 1).
            CookieRequestContext(isCrossSiteRedirect: true), CookieRequestContext(isCrossSiteRedirect: true, isTopLevelNavigation: false),
        ]

        for iteration in 0..<Self.iterationsPerShard {
            checker.iteration = iteration
            let bytes = noise.setCookieLine()
            checker.input = bytes
            if noise.chance(5) { clock.advance(by: TimeInterval(noise.below(120))) }
            let current = clock.now

            // §5.6: the parser against an independent reading of steps 1–5.
            let parsed = SetCookieParser.parse(bytes: bytes, requestPath: "/a/b", now: current)
            let reference = Self.referencePair(bytes)
            checker.check((parsed == nil) == (reference == nil), "§5.6 steps 1–5 (+ §5.7 step 1 for non-UTF-8): ignored iff a CTL, > 4096 octets or not UTF-8",
                          "parsed=\(parsed.map { "\($0.name)=\($0.value)" } ?? "nil")")
            if let parsed, let reference {
                // Octets that are valid UTF-8 must come through unchanged (how the model represents other octets is
                // its choice; the length invariants below still hold for them).
                func same(_ string: String, _ octets: ArraySlice<UInt8>) -> Bool {
                    guard let text = String(validating: octets, as: UTF8.self) else { return true }
                    return string == text
                }
                checker.check(same(parsed.name, reference.name) && same(parsed.value, reference.value),
                              "§5.6 steps 2–4: name and value", "\(parsed.name)=\(parsed.value)")
                checker.check(!Self.hasForbiddenControl(parsed.name, parsed.value), "§5.6 step 1: no CTL in name/value")
                checker.check(parsed.name.utf8.count + parsed.value.utf8.count <= 4096,
                              "§5.6 step 5: name+value ≤ 4096 octets",
                              "(\(parsed.name.utf8.count + parsed.value.utf8.count) octets)")
                checker.check(!Self.isWSP(parsed.name.utf8.first) && !Self.isWSP(parsed.name.utf8.last)
                              && !Self.isWSP(parsed.value.utf8.first) && !Self.isWSP(parsed.value.utf8.last),
                              "§5.6 step 4: WSP trimmed")
                checker.check(!parsed.name.utf8.contains(0x3D) && !parsed.name.utf8.contains(0x3B)
                              && !parsed.value.utf8.contains(0x3B), "§5.6 steps 2–3: no ';' in the pair, no '=' in the name")
                for attribute in parsed.attributes {
                    switch attribute {
                    case .path(let path):
                        checker.check(path.hasPrefix("/"), "§5.6.4: Path starts with /", path)
                        checker.check(path.utf8.count <= 1024, "§5.6 step 6: attribute-value ≤ 1024 octets")
                    case .domain(let domain):
                        checker.check(!domain.utf8.contains { $0 >= 0x41 && $0 <= 0x5A }, "§5.6.3: Domain lower-cased")
                        checker.check(domain.utf8.count <= 1024, "§5.6 step 6: attribute-value ≤ 1024 octets")
                    case .expires(let date), .maxAge(let date):
                        checker.check(date <= current + Fixture.ageLimit, "§5.6.1/§5.6.2: capped at 400 days")
                    case .secure, .httpOnly, .sameSite:
                        break
                    }
                }
            }

            // §5.1.1 on the same octets, and (every fourth time) on a date-like string.
            for candidate in iteration % 4 == 0 ? [bytes, noise.dateLike()] : [bytes] {
                checker.input = candidate
                if let date = CookieDate.parse(bytes: candidate) {
                    checker.check(date >= Date(timeIntervalSince1970: -11_644_473_600), "§5.1.1 step 5: year ≥ 1601")
                    checker.check(CookieDate.parse(CookieDate.httpDate(date)) == date,
                                  "§5.1.1: a parsed date prints and parses back", CookieDate.httpDate(date))
                }
            }
            checker.input = bytes

            // §5.7: storing.
            let origin = urls[noise.below(urls.count)]
            let context = contexts[noise.below(contexts.count)]
            if case .stored(let cookie, _) = jar.setCookie(bytes: bytes, from: origin, context: context) {
                checkStored(cookie, origin: origin, context: context, now: current, checker)
            }

            // §5.8.3: retrieving, for the HTTP API and for the non-HTTP API; every fourth time the cookie-lists are
            // checked one by one (the listing costs as much as the header).
            let target = urls[noise.below(urls.count)]
            let retrievalContext = contexts[noise.below(contexts.count)]
            let header = jar.cookieHeader(for: target, context: retrievalContext)
            let script = jar.documentCookie(for: target)
            if iteration % 4 == 0 {
                let list = jar.cookies(for: target, context: retrievalContext)
                checkRetrieved(list, for: target, context: retrievalContext, configuration, now: current, checker)
                checker.check(header == (list.isEmpty ? nil : list.map(\.pair).joined(separator: "; ")),
                              "§5.8.3 step 4: the header serialises the cookie-list")
                let scriptList = jar.cookies(for: target, context: .script)
                checkRetrieved(scriptList, for: target, context: .script, configuration, now: current, checker)
                checker.check(script == scriptList.map(\.pair).joined(separator: "; "),
                              "document.cookie serialises its list")
            }

            // Limits, every so often (a full listing is the expensive part).
            if iteration % 50 == 0 {
                checkStore(jar, configuration: configuration, checker)
            }
        }
        checkStore(jar, configuration: configuration, checker)
        #expect(checker.failures.isEmpty, """
            seed=0x\(String(seed, radix: 16)) shard=\(shard): invariant violations (count per invariant): \
            \(checker.failures.sorted { $0.key < $1.key })
            """)
    }

    func checkStored(
        _ cookie: Cookie, origin: CookieURL, context: CookieRequestContext, now: Date, _ checker: Checker
    ) {
        checker.check(!(cookie.name.isEmpty && cookie.value.isEmpty), "§5.7 step 2: not both empty")
        checker.check(!Self.hasForbiddenControl(cookie.name, cookie.value), "§5.7 step 3: no CTL stored")
        checker.check(cookie.name.utf8.count + cookie.value.utf8.count <= 4096, "§5.7 step 4: stored name+value ≤ 4096 octets",
                      "(\(cookie.name.utf8.count + cookie.value.utf8.count) octets)")
        checker.check(cookie.path.hasPrefix("/"), "§5.7 step 11: path starts with /")
        checker.check(cookie.domain.utf8.allSatisfy { $0 < 0x80 }, "§5.7 step 8: ASCII domain")
        if cookie.isHostOnly {
            checker.check(cookie.domain == origin.host, "§5.7 step 10: host-only domain is the request-host")
        } else {
            checker.check(CookieURL.domainMatches(host: origin.host, domain: cookie.domain, hostIsIPAddress: origin.isIPAddress),
                          "§5.7 step 10: the request-host domain-matches the Domain", cookie.domain)
            checker.check(!PublicSuffixList.system.isPublicSuffix(cookie.domain), "§5.7 step 9: not a public suffix",
                          cookie.domain)
        }
        checker.check(!cookie.isSecure || origin.isSecure, "§5.7 step 13: Secure only from a secure origin")
        checker.check(!cookie.isHTTPOnly || context.api == .http, "§5.7 step 15: HttpOnly only from HTTP")
        checker.check(cookie.sameSite != .none || cookie.isSecure, "§5.7 step 19: SameSite=None needs Secure")
        checker.check(context.isSameSiteRequest || cookie.sameSite == .none || (context.api == .http && context.isTopLevelNavigation),
                      "§5.7 step 18: cross-site SameSite cookie only from a top-level navigation")
        checker.check(!Self.hasPrefixIgnoringCase(cookie.name, "__secure-") || cookie.isSecure, "§5.7 step 20: __Secure-")
        checker.check(!Self.hasPrefixIgnoringCase(cookie.name, "__host-")
                      || (cookie.isSecure && cookie.isHostOnly && cookie.path == "/"), "§5.7 step 21: __Host-")
        checker.check(!cookie.name.isEmpty || !(Self.hasPrefixIgnoringCase(cookie.value, "__secure-")
                                                || Self.hasPrefixIgnoringCase(cookie.value, "__host-")),
                      "§5.7 step 22: name-less cookie with a prefixed value")
        checker.check(cookie.expiry.map { $0 > now && $0 <= now + Fixture.ageLimit } ?? true,
                      "§5.7 step 6: a stored expiry is in (now, now + 400 days]")
        checker.check(cookie.lastAccess == now && cookie.creation <= now, "§5.7 step 5: times")
    }

    func checkRetrieved(
        _ list: [Cookie], for target: CookieURL, context: CookieRequestContext,
        _ configuration: CookieJarConfiguration, now: Date, _ checker: Checker
    ) {
        for cookie in list {
            let hostMatches = cookie.isHostOnly
                ? cookie.domain == target.host
                : CookieURL.domainMatches(host: target.host, domain: cookie.domain, hostIsIPAddress: target.isIPAddress)
            checker.check(hostMatches, "§5.8.3 step 1: never a cookie of another host", "\(cookie.domain) → \(target)")
            checker.check(CookieURL.pathMatches(requestPath: target.path, cookiePath: cookie.path),
                          "§5.8.3 step 1: path-match", "\(cookie.path) → \(target)")
            checker.check(!cookie.isSecure || target.isSecure, "§5.8.3 step 1: Secure only to a secure URL")
            checker.check(!cookie.isHTTPOnly || context.api == .http, "§5.8.3 step 1: HttpOnly not to the non-HTTP API")
            checker.check(!cookie.isExpired(at: now), "§5.8.3: no expired cookie")
            if !context.isSameSiteRequest, cookie.sameSite != .none {
                let laxLike = cookie.sameSite == .lax || cookie.sameSite == .default
                let allowed = context.api == .http && laxLike && context.isSafeMethod && context.isTopLevelNavigation
                checker.check(allowed || (cookie.sameSite == .default && configuration.sameSiteDefault == .none),
                              "§5.8.3 step 1: cross-site SameSite exclusion")
            }
        }
        for (a, b) in zip(list, list.dropFirst()) {
            let ordered = a.path.utf8.count > b.path.utf8.count
                || (a.path.utf8.count == b.path.utf8.count && a.creation <= b.creation)
            checker.check(ordered, "§5.8.3 step 2: longer paths first, then earlier creation")
        }
    }

    func checkStore(_ jar: CookieJar, configuration: CookieJarConfiguration, _ checker: Checker) {
        checker.check(jar.count <= configuration.maximumCookies, "§5.7: jar count ≤ maximumCookies", "\(jar.count)")
        let cookies = jar.allCookies
        checker.check(cookies.count <= configuration.maximumCookies, "§5.7: stored cookies ≤ maximumCookies")
        for (domain, group) in Dictionary(grouping: cookies, by: \.domain) {
            checker.check(group.count <= configuration.maximumCookiesPerDomain, "§5.7: cookies per domain ≤ limit",
                          "\(domain): \(group.count)")
        }
        var identities = Set<[String]>()
        for cookie in cookies {
            checker.check(!Self.hasForbiddenControl(cookie.name, cookie.value), "§5.7: no CTL in the store")
            checker.check(cookie.name.utf8.count + cookie.value.utf8.count <= 4096, "§5.7: store name+value ≤ 4096 octets",
                          "(a cookie stored earlier: \(cookie.name.prefix(16))… \(cookie.name.utf8.count + cookie.value.utf8.count) octets)")
            checker.check(identities.insert([cookie.name, cookie.domain, "\(cookie.isHostOnly)", cookie.path]).inserted,
                          "§5.7 step 23: at most one cookie per identity")
        }
    }
}
