import Foundation
import Testing
@testable import CookieModel

/// RFC 6265bis §5.6 "The Set-Cookie Header Field": the parsing algorithm and each attribute's subsection.
@Suite("§5.6 Set-Cookie parsing")
struct SetCookieParserTests {
    let now = Fixture.now

    func parse(_ line: String, path: String = "/") -> ParsedSetCookie? {
        SetCookieParser.parse(line, requestPath: path, now: now)
    }

    func parse(bytes: [UInt8], path: String = "/") -> ParsedSetCookie? {
        SetCookieParser.parse(bytes: bytes, requestPath: path, now: now)
    }

    // MARK: §5.6 step 1: control characters

    /// %x00-08 / %x0A-1F / %x7F: "Abort these steps and ignore the set-cookie-string entirely."
    static let forbiddenControls: [UInt8] = Array(0x00...0x08) + Array(0x0A...0x1F) + [0x7F]

    @Test("§5.6 step 1: a CTL other than HTAB anywhere ignores the line", arguments: forbiddenControls)
    func controlCharactersRejectTheLine(control: UInt8) {
        let places: [[UInt8]] = [
            Array("a".utf8) + [control] + Array("b=c".utf8),                 // in the name
            Array("a=b".utf8) + [control] + Array("c".utf8),                 // in the value
            [control] + Array("a=b".utf8),                                   // leading
            Array("a=b".utf8) + [control],                                   // trailing
            Array("a=b; Path=/".utf8) + [control] + Array("x".utf8),         // in an attribute
            Array("a=b; Secure".utf8) + [control],
        ]
        for bytes in places {
            #expect(parse(bytes: bytes) == nil, "control 0x\(String(control, radix: 16)) in \(bytes)")
        }
    }

    @Test("§5.6 step 1: HTAB is allowed (and is WSP, so trimmed at the edges)")
    func horizontalTabIsAllowed() throws {
        let parsed = try #require(parse("\ta\t=\tb\tc\t; Secure"))
        #expect(parsed.name == "a")
        #expect(parsed.value == "b\tc")
        #expect(LastAttributes(parsed).isSecure)
    }

    // MARK: §5.6 steps 2–4: name-value-pair

    @Test("§5.6 steps 2–4: name and value split at the first '=', up to the first ';', WSP trimmed", arguments: [
        ("a=b", "a", "b"),
        ("a=b=c", "a", "b=c"),                  // only the first "=" splits
        ("a=", "a", ""),                        // possibly empty value
        ("  a  =  b  ", "a", "b"),              // step 4: leading and trailing WSP removed
        ("a b=c d", "a b", "c d"),              // inner WSP kept
        ("a=\"b\"", "a", "\"b\""),              // DQUOTEs are part of the value
        ("a=b;c=d", "a", "b"),                  // the pair ends at the first ";"
        ("a=;b", "a", ""),
        ("b", "", "b"),                         // step 3: no "=", the name is empty and the pair is the value
        ("=b", "", "b"),                        // empty name
        ("  b  ; Path=/", "", "b"),
        ("=", "", ""),                          // both empty: parsed (the storage model ignores it, §5.7 step 2)
        ("", "", ""),
        ("a\u{A0}=b", "a\u{A0}", "b"),          // U+00A0 is not WSP
    ])
    func nameValuePair(line: String, name: String, value: String) throws {
        let parsed = try #require(parse(line), "\(line)")
        #expect(parsed.name == name, "\(line)")
        #expect(parsed.value == value, "\(line)")
    }

    // MARK: §5.6 step 5: 4096 octets

    @Test("§5.6 step 5: name plus value of exactly 4096 octets is kept")
    func nameValueAtLimit() throws {
        let parsed = try #require(parse("n=" + String(repeating: "v", count: 4095)))
        #expect(parsed.name.utf8.count + parsed.value.utf8.count == 4096)
    }

    @Test("§5.6 step 5: name plus value over 4096 octets ignores the line", arguments: [
        "n=" + String(repeating: "v", count: 4096),
        String(repeating: "n", count: 4097) + "=",
        String(repeating: "v", count: 4097),                                   // name-less
        String(repeating: "n", count: 2049) + "=" + String(repeating: "v", count: 2048),
        "n=" + String(repeating: "é", count: 2048),                            // 4096 octets of value + 1
    ])
    func nameValueOverLimit(line: String) {
        #expect(parse(line) == nil, "\(line.utf8.count) octets")
    }

    @Test("§5.6 step 5: the limit counts after WSP trimming (step 4) and ignores attributes")
    func limitAfterTrimming() throws {
        let line = "   n = " + String(repeating: "v", count: 4095) + "    ; Path=/" + String(repeating: "p", count: 1000)
        let parsed = try #require(parse(line))
        #expect(parsed.value.utf8.count == 4095)
    }

    @Test("§5.7 step 1: a line that is not UTF-8 is ignored, so a kept cookie never grows past 4096 octets")
    func nonUTF8LineIgnored() throws {
        // 1 + 4095 = 4096 octets would pass step 5, but lossy decoding would turn each 0xFF into 3 octets (U+FFFD):
        // the jar uses §5.7 step 1 ("MAY ignore a received cookie in its entirety") instead of storing other octets
        // than the server sent.
        let bytes = Array("n=".utf8) + [UInt8](repeating: 0xFF, count: 4095)
        #expect(parse(bytes: bytes) == nil)
        // The same length in valid UTF-8 is kept, octet for octet.
        let valid = Array("n=".utf8) + [UInt8](repeating: 0x76, count: 4095)
        let parsed = try #require(parse(bytes: valid))
        #expect(parsed.name.utf8.count + parsed.value.utf8.count == 4096)
    }

    // MARK: §5.6 attribute loop

    @Test("§5.6 attribute loop: names are trimmed and matched case-insensitively; empty cookie-avs skipped")
    func attributeNamesCaseInsensitive() throws {
        let parsed = try #require(parse("a=b;;;  sEcUrE  ; HTTPONLY ;   ; pAtH = /x ; DOMAIN = Example.COM ;"))
        let attributes = LastAttributes(parsed)
        #expect(attributes.isSecure)
        #expect(attributes.isHTTPOnly)
        #expect(attributes.path == "/x")
        #expect(attributes.domain == "example.com")
    }

    @Test("§5.6 attribute loop: unrecognised attribute-names are ignored")
    func unknownAttributesIgnored() throws {
        let parsed = try #require(parse("a=b; Priority=High; Partitioned; Comment=x; Version=1; Foo"))
        #expect(parsed.attributes.isEmpty)
    }

    @Test("§5.6.5 / §5.6.6: Secure and HttpOnly ignore their attribute-value")
    func flagsIgnoreValues() throws {
        let parsed = try #require(parse("a=b; Secure=false; HttpOnly=0"))
        #expect(LastAttributes(parsed).isSecure)
        #expect(LastAttributes(parsed).isHTTPOnly)
    }

    @Test("§5.6 attribute loop: attributes are kept in order, so the storage model can take the last one")
    func attributesKeptInOrder() throws {
        let parsed = try #require(parse("a=b; Path=/x; Secure; Path=/y; Domain=one.example; Domain=two.example"))
        #expect(parsed.attributes == [.path("/x"), .secure, .path("/y"), .domain("one.example"), .domain("two.example")])
        #expect(LastAttributes(parsed).path == "/y")
        #expect(LastAttributes(parsed).domain == "two.example")
    }

    @Test("§5.6 attribute loop step 6: an attribute-value over 1024 octets ignores that cookie-av only")
    func attributeValueOver1024() throws {
        let atLimit = "/" + String(repeating: "p", count: 1023)
        let overLimit = "/" + String(repeating: "p", count: 1024)
        let kept = try #require(parse("a=b; Path=\(atLimit); Secure"))
        #expect(LastAttributes(kept).path == atLimit)
        let ignored = try #require(parse("a=b; Path=/short; Path=\(overLimit); Secure"))
        #expect(LastAttributes(ignored).path == "/short", "the over-long Path is ignored, the earlier one stays")
        #expect(LastAttributes(ignored).isSecure, "later attributes are still processed")
        let longDomain = try #require(parse("a=b; Domain=" + String(repeating: "d", count: 1025)))
        #expect(LastAttributes(longDomain).domain == nil)
    }

    @Test("§5.6 attribute loop step 5: attribute-value WSP is trimmed before the 1024-octet check")
    func attributeValueTrimmedBeforeLimit() throws {
        let value = "/" + String(repeating: "p", count: 1023)
        let parsed = try #require(parse("a=b; Path=   \(value)   "))
        #expect(LastAttributes(parsed).path == value)
    }

    // MARK: §5.6.1 Expires

    @Test("§5.6.1 Expires: a cookie-date in the past is kept as it is")
    func expiresPast() throws {
        let parsed = try #require(parse("a=b; Expires=Wed, 09 Jun 2021 10:18:14 GMT"))
        #expect(LastAttributes(parsed).expires == Date(timeIntervalSince1970: 1_623_233_894))
    }

    @Test("§5.6.1 Expires: a value that fails to parse as a cookie-date ignores the cookie-av", arguments: [
        "a=b; Expires=", "a=b; Expires=tomorrow", "a=b; Expires=06 Nov 1994", "a=b; Expires=0",
        "a=b; Expires=31 Feb 2030 00:00:00",
    ])
    func expiresUnparsable(line: String) throws {
        let parsed = try #require(parse(line))
        #expect(LastAttributes(parsed).expires == nil, "\(line)")
    }

    @Test("§5.6.1 Expires: later than the cookie-age-limit (400 days) is set to the limit")
    func expiresCapped() throws {
        let far = try #require(parse("a=b; Expires=Fri, 01 Jan 2100 00:00:00 GMT"))
        #expect(LastAttributes(far).expires == now + Fixture.ageLimit)

        let exactly = CookieDate.httpDate(now + Fixture.ageLimit)
        let atLimit = try #require(parse("a=b; Expires=\(exactly)"))
        #expect(LastAttributes(atLimit).expires == now + Fixture.ageLimit)

        let justBelow = CookieDate.httpDate(now + Fixture.ageLimit - 1)
        let below = try #require(parse("a=b; Expires=\(justBelow)"))
        #expect(LastAttributes(below).expires == now + Fixture.ageLimit - 1)
    }

    // MARK: §5.6.2 Max-Age

    enum MaxAgeOutcome: Sendable, CustomTestStringConvertible {
        case ignored
        case earliest
        case seconds(TimeInterval)
        var testDescription: String {
            switch self {
            case .ignored: "ignored"
            case .earliest: "earliest representable"
            case .seconds(let s): "now + \(Int(s))s"
            }
        }
    }

    @Test("§5.6.2 Max-Age", arguments: [
        ("60", MaxAgeOutcome.seconds(60)),
        ("00060", .seconds(60)),
        ("1", .seconds(1)),
        ("0", .earliest),                          // step 7: <= 0 is the earliest representable date
        ("-0", .earliest),
        ("-1", .earliest),
        ("-99999999999999999999999", .earliest),
        ("34560000", .seconds(Fixture.ageLimit)),  // exactly 400 days
        ("34560001", .seconds(Fixture.ageLimit)),  // step 6: the smaller of delta-seconds and the limit
        ("99999999999999999999999999999", .seconds(Fixture.ageLimit)),
        ("", .ignored),                            // step 1: empty
        ("-", .ignored),                           // step 2: "-" must be followed by a DIGIT
        ("+60", .ignored),                         // step 2: neither DIGIT nor "-"
        ("x60", .ignored),
        ("6O", .ignored),                          // step 3: a non-DIGIT in the remainder
        ("1.5", .ignored),
        ("1e3", .ignored),
        ("--1", .ignored),
        ("1-", .ignored),
        ("6 0", .ignored),
    ])
    func maxAge(value: String, outcome: MaxAgeOutcome) throws {
        let parsed = try #require(parse("a=b; Max-Age=\(value)"))
        let expiry = LastAttributes(parsed).maxAge
        switch outcome {
        case .ignored:
            #expect(expiry == nil, "Max-Age=\(value)")
        case .earliest:
            let expiry = try #require(expiry, "Max-Age=\(value)")
            #expect(expiry < now, "Max-Age=\(value) gives the earliest representable date")
        case .seconds(let seconds):
            #expect(expiry == now + seconds, "Max-Age=\(value)")
        }
    }

    @Test("§5.6.2 Max-Age: WSP around the value is trimmed first (§5.6 attribute loop step 5)")
    func maxAgeTrimmed() throws {
        let parsed = try #require(parse("a=b; Max-Age =  60  "))
        #expect(LastAttributes(parsed).maxAge == now + 60)
    }

    // MARK: §5.6.3 Domain

    @Test("§5.6.3 Domain: one leading '.' removed, then lower-cased", arguments: [
        ("example.com", "example.com"),
        (".example.com", "example.com"),
        ("EXAMPLE.Com", "example.com"),
        (".EXAMPLE.com", "example.com"),
        ("..example.com", ".example.com"),        // only one leading dot goes
        ("example.com.", "example.com."),
        (".", ""),
    ])
    func domain(value: String, expected: String) throws {
        let parsed = try #require(parse("a=b; Domain=\(value)"))
        #expect(LastAttributes(parsed).domain == expected, "Domain=\(value)")
    }

    @Test("§5.6.3 Domain: an empty attribute-value is still appended (6265bis has no 'ignore if empty' rule)",
          arguments: ["a=b; Domain=", "a=b; Domain", "a=b; Domain=   "])
    func emptyDomainIsAppended(line: String) throws {
        // §5.6.3: 1. Let cookie-domain be the attribute-value. 2. If cookie-domain starts with "." ... 3. Convert the
        // cookie-domain to lower case. 4. Append an attribute to the cookie-attribute-list with an attribute-name of
        // Domain and an attribute-value of cookie-domain.
        let parsed = try #require(parse(line))
        #expect(LastAttributes(parsed).domain == "", "\(line): expected a Domain attribute with an empty value")
    }

    // MARK: §5.6.4 Path

    @Test("§5.6.4 Path: a value not starting with '/' (or empty) gives the default-path", arguments: [
        ("/docs", "/x/y", "/docs"),
        ("/", "/x/y", "/"),
        ("/docs/", "/x/y", "/docs/"),
        ("", "/x/y", "/x"),
        ("docs", "/x/y", "/x"),
        ("docs", "/x/y/", "/x/y"),
        ("", "/x", "/"),
        ("", "/", "/"),
        (" /docs ", "/", "/docs"),
        ("/a b", "/", "/a b"),
    ])
    func path(value: String, requestPath: String, expected: String) throws {
        let parsed = try #require(parse("a=b; Path=\(value)", path: requestPath))
        #expect(LastAttributes(parsed).path == expected, "Path=\(value) for request path \(requestPath)")
    }

    @Test("§5.6.4 Path: 'Path' without '=' gives the default-path")
    func pathWithoutValue() throws {
        let parsed = try #require(parse("a=b; Path", path: "/x/y"))
        #expect(LastAttributes(parsed).path == "/x")
    }

    // MARK: §5.6.7 SameSite

    @Test("§5.6.7 SameSite: None, Strict, Lax case-insensitively; anything else is Default", arguments: [
        ("Strict", SameSite.strict), ("strict", .strict), ("STRICT", .strict),
        ("Lax", .lax), ("lAx", .lax), (" Lax ", .lax),
        ("None", .none), ("nOnE", .none),
        ("", .default), ("Bogus", .default), ("Lax2", .default), ("Strict Lax", .default), ("\"Lax\"", .default),
    ])
    func sameSite(value: String, expected: SameSite) throws {
        let parsed = try #require(parse("a=b; SameSite=\(value)"))
        #expect(LastAttributes(parsed).sameSite == expected, "SameSite=\(value)")
    }

    @Test("§5.6.7 SameSite without '=' is appended with enforcement Default")
    func sameSiteWithoutValue() throws {
        let parsed = try #require(parse("a=b; SameSite"))
        #expect(LastAttributes(parsed).sameSite == .default)
    }
}
