/// Where Apple's jar departs from RFC 6265bis, each with what it rests on: the PASS/FAIL lines WebKit's bots record
/// for the Apple ports (`LayoutTests/imported/w3c/web-platform-tests/cookies/**-expected.txt` of WebKit/WebKit, the
/// generic baseline that macOS and iOS share; copies in `Corpora/wpt-cookies/recorded/apple/`, origins in its
/// `SOURCES.md`). The subtests named are in the wpt-cookies suite, so `conformance wpt-cookies` checks every rule
/// against its record.
///
/// Which iOS releases a rule holds for: the baselines are trunk's (2024–2025), run on current macOS and iOS; the
/// rules are CFNetwork's parser, which no WebKit change touches, so they are taken to hold back to iOS 11, with
/// lower confidence the older the release (``confidence(onIOS:)``).
public enum AppleJarRule: String, CaseIterable, Sendable {
    case namelessDropped = "nameless cookies dropped"
    case quotedRuns = "quoted runs bind"
    case quotedName = "quoted names dropped"
    case whitespaceAfterSeparator = "white space after = and , dropped"
    case noAttributeLimit = "no attribute length limit"
    case latin1Headers = "header octets read as ISO 8859-1"
    case sameResponseByName = "one response's cookies by name"
    case prefixExactCase = "cookie prefixes matched in their exact case"
    case hostPrefixDefaultPath = "__Host- takes the default path"

    /// The rule in a sentence, against the RFC.
    public var statement: String {
        switch self {
        case .namelessDropped:
            "a Set-Cookie line without '=' (outside quotes) or with an empty name is dropped; RFC 6265bis §5.6 step 3 makes it a name-less cookie sent as its bare value"
        case .quotedRuns:
            "a '\"' with a closing '\"' later in the line opens a run in which ';' and '=' do not separate: test=\"3zz;pp\" keeps the value \"3zz;pp\" (RFC 6265bis §5.6 step 2 ends the pair at the first ';')"
        case .quotedName:
            "a name that holds a quoted run (\"a=b\"=test) is dropped (RFC 6265bis stores it)"
        case .whitespaceAfterSeparator:
            "outside quotes, white space right after a '=' or ',' in the value is dropped: test=1, baz=qux is stored as 1,baz=qux (RFC 6265bis keeps the value as sent)"
        case .noAttributeLimit:
            "an attribute value longer than 1024 octets is honoured: a long Path or Domain makes the cookie unreachable or refused, a long negative Max-Age expires it (RFC 6265bis §5.6 ignores such an attribute)"
        case .latin1Headers:
            "a Set-Cookie header's octets are read one character per octet (ISO 8859-1): a UTF-8 name or value reaches document.cookie (and WKHTTPCookieStore) as the characters of its bytes; a Cookie header is written back the same way, so the server gets its octets; document.cookie writes are text and unaffected"
        case .sameResponseByName:
            "cookies set by one response, with equal path lengths, come back in name order, not in the order the response listed them (RFC 6265bis §5.8.3: earlier creation first, ties in any order; browsers keep the line order)"
        case .prefixExactCase:
            "__Secure- and __Host- are recognised in that case only: __SeCuRe-x=1 without Secure, or __HoSt-x=1 with a Domain or without Secure, is stored like any cookie (RFC 6265bis §5.7 steps 20–21 match the prefixes case-insensitively)"
        case .hostPrefixDefaultPath:
            "a __Host- cookie needs Secure, no Domain and the path /, which the default path of a page at / gives as well as a Path attribute: __Host-x=1; Secure (or with an empty or bare Path) written there is stored (RFC 6265bis §5.7 step 21 asks for a Path attribute of /); a path other than / is still refused"
        }
    }

    /// The recorded results the rule is read from (file@commit: subtests).
    public var evidence: String {
        switch self {
        case .namelessDropped:
            "cookies/name/name-expected.txt@25c9849a: FAIL 'Set a nameless cookie' and 11 more, each 'got \"\"'; cookies/value/value-expected.txt@b6072167: FAIL 'Set nameless cookie to its value' (got \"\"); cookies/attributes/invalid-expected.txt@5ed61c0e: FAIL 'Ignore name- and value-less `Set-Cookie: ; bar`' (got \"\"); cookies/size/name-and-value-expected.txt@92829e91: FAIL 'Set max-size name-less cookie'"
        case .quotedRuns:
            "cookies/value/value-expected.txt@b6072167: FAIL 'Ignore values after semicolon' (expected \"test=\\\"3zz\" but got \"test=\\\"3zz;pp\\\"\"), FAIL 'Set cookie value ignoring characters after semicolon' (got \"test=\\\"19;wow\\\"\"); PASS 'Set quoted value containing a comma' (the space inside the quotes kept)"
        case .quotedName:
            "cookies/name/name-expected.txt@25c9849a: FAIL 'Name is set as expected for \"a=b\"=test' (got \"\"), PASS for '\"a=test' (an unclosed quote is an ordinary character); cookies/encoding/charset-expected.txt@25f472a6: FAIL 'quoted utf-8 name and value' (got \"\")"
        case .whitespaceAfterSeparator:
            "cookies/value/value-expected.txt@b6072167: FAIL 'Set value containing a comma' (got \"test=1,baz=qux\"); cookies/name/name-expected.txt@25c9849a: FAIL 'Keep first-in, first-out order if comma-separated' (got \"z=test16,a=test16\"); cookies/attributes/invalid-expected.txt@5ed61c0e: FAIL for '  test=== 13  ;foo;;;   bar' (got \"test===13\"); PASS 'test=27 test' (a space elsewhere kept)"
        case .noAttributeLimit:
            "cookies/size/attributes.www.sub-expected.txt@6231d53d: FAIL 'Too long path attribute (>1024 bytes) is ignored' and '…; previous valid path wins', the same two for Domain, and 'Too long negative Max-Age attribute value (>1024 bytes) gets ignored', each got \"\"; PASS where the last attribute is a valid one"
        case .latin1Headers:
            "cookies/encoding/charset-expected.txt@25f472a6: FAIL 'ASCII name and utf-8 value' (expected \"test=1春节回家路…\" but got \"test=1æ¥èåå®¶è·¯…\") and four more the same way; WebKit's glib ports record PASS (libsoup reads UTF-8)"
        case .prefixExactCase:
            "cookies/prefix/__host.header.https-expected.txt@92829e91: FAIL '__HoSt: Secure origin: Does not set 'Path=/;'' (got \"bar2\") and 6 more __HoSt- cases, PASS for each __Host- one; cookies/prefix/__secure.header-expected.txt@7b9c822f: FAIL the __SeCuRe- cases, PASS the __Secure- ones; the same in __host.document-cookie, __secure.document-cookie and document-cookie.non-secure (Corpora/wpt-cookies/SOURCES.md)"
        case .hostPrefixDefaultPath:
            "cookies/prefix/__host.explicit-path.https.window-expected.txt@7f4b74c9: FAIL '\"__Host-\" without a Path attribute is not set', '… with an empty Path attribute …' and '… with a valueless Path attribute …', each got \"1\"; cookies/prefix/__host.header.https-expected.txt@92829e91: PASS '__Host: Secure origin: Does not set 'Secure; Path=/cookies/resources/list.py''"
        case .sameResponseByName:
            "cookies/name/name-expected.txt@25c9849a: FAIL 'Keep non-alphabetic first-in, first-out name order' (Set-Cookie z then a, got \"a=test15; z=test15\"), PASS when the lines come in name order; cookies/value/value-expected.txt@b6072167: FAIL 'Set valueless cookie, given `Set-Cookie: test22=`' (got \"test22=; testA=22; testB=22\"). No record covers cookies of different responses with one creation time: the model keeps creation order there (a response is the run of Set-Cookie lines between two other uses of the jar)"
        }
    }

    /// How sure the rule is on an iOS release: recorded on current releases; before iOS 12 not recorded at all.
    public func confidence(onIOS major: Int) -> String {
        major >= 12 ? "reported: recorded by WebKit's bots on the Apple ports (current macOS and iOS), taken to hold since iOS 12" :
            "assumed: the same CFNetwork parser is taken to hold on iOS 11, which no record covers"
    }

    /// One line per rule for `list profiles`.
    public static func listing(iOSMajor: Int) -> [String] {
        allCases.map { "\($0.rawValue): \($0.statement) (\($0.confidence(onIOS: iOSMajor)); \($0.evidence))" }
    }
}
