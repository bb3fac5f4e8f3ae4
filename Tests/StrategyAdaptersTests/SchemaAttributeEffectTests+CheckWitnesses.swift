extension SchemaAttributeEffectTests {
    // MARK: Checks

    static let expectationWitnesses: [Witness] = requestCheckWitnesses + documentCookieWitnesses
        + storeCheckWitnesses(element: "expect-native-store") + storeCheckWitnesses(element: "expect-web-view-store") + [
            Witness(
                "expect-last-step/@outcome", ["succeeded", "failed"],
                suite(#"<native-request url="https://app.example.com/home"/><expect-last-step outcome="§"/>"#)),
        ]

    /// The app sent a=1 natively, first without cookies, then with them, the second time with a header and a body.
    static func requestCheck(_ check: String) -> String {
        suite(
            """
            <native-set-cookie url="https://app.example.com/">a=1; Path=/</native-set-cookie>
            <native-request url="https://app.example.com/home" handles-cookies="false"/>
            <native-request url="https://app.example.com/home" method="POST"><header name="X-A" value="1"/><body>q=1</body></native-request>
            \(check)
            """)
    }

    static let requestCheckWitnesses: [Witness] = [
        Witness("expect-request/@url", ["https://app.example.com/home", "https://app.example.com/next"], requestCheck(#"<expect-request url="§" contains="a"/>"#)),
        // The request went to /home only: a check on /next finds it when /home is one of its also-url=.
        Witness(
            "expect-request/@also-url", ["", #" also-url="https://app.example.com/home""#],
            requestCheck(#"<expect-request url="https://app.example.com/next"§ contains="a"/>"#)),
        Witness("expect-request/@occurrence", ["", #" occurrence="first""#], requestCheck(#"<expect-request url="https://app.example.com/home"§ contains="a"/>"#)),
        // received="false" is the check itself: with received="true" the element checks nothing and is refused.
        Witness(
            "expect-request/@received", [#" received="false""#, #" received="true""#],
            requestCheck(#"<expect-request url="https://app.example.com/next"§/>"#), refusedByLoader: true),
        Witness("expect-request/@body", ["q=1", "q=2"], requestCheck(#"<expect-request url="https://app.example.com/home" body="§"/>"#)),
        Witness("expect-request/@header", ["", #" header="X-A""#], requestCheck(#"<expect-request url="https://app.example.com/home"§ equals="1"/>"#)),
        Witness("expect-request/@contains", ["a", "b"], requestCheck(#"<expect-request url="https://app.example.com/home" contains="§"/>"#)),
        Witness("expect-request/@lacks", ["b", "a"], requestCheck(#"<expect-request url="https://app.example.com/home" lacks="§"/>"#)),
        Witness("expect-request/@equals", ["a=1", "a=2"], requestCheck(#"<expect-request url="https://app.example.com/home" equals="§"/>"#)),
        Witness("expect-request/@empty", ["false", "true"], requestCheck(#"<expect-request url="https://app.example.com/home" contains="a" empty="§"/>"#)),
    ]

    /// The page wrote j=1 to document.cookie.
    static func documentCookieCheck(_ attributes: String) -> String {
        suite(
            """
            <load url="https://app.example.com/home"/>
            <run-script>document.cookie = "j=1";</run-script>
            <expect-document-cookie \(attributes)/>
            """)
    }

    static let documentCookieWitnesses: [Witness] = [
        Witness("expect-document-cookie/@contains", ["j", "k"], documentCookieCheck(#"contains="§""#)),
        Witness("expect-document-cookie/@lacks", ["k", "j"], documentCookieCheck(#"lacks="§""#)),
        Witness("expect-document-cookie/@equals", ["j=1", "j=2"], documentCookieCheck(#"equals="§""#)),
        Witness("expect-document-cookie/@empty", ["false", "true"], documentCookieCheck(#"contains="j" empty="§""#)),
    ]

    /// The reference jar is one store for the native side and the web view: both checks see the cookie.
    static func storeCheckWitnesses(element: String) -> [Witness] {
        func check(_ attributes: String) -> String {
            suite(
                """
                <native-set-cookie url="https://app.example.com/p">s=1; Domain=example.com; Path=/p; Secure; HttpOnly; Max-Age=100</native-set-cookie>
                <native-set-cookie url="https://app.example.com/">h=1; Path=/</native-set-cookie>
                <\(element) \(attributes)/>
                """)
        }
        return [
            Witness("\(element)/@has", ["s", "t"], check(#"has="§""#)),
            Witness("\(element)/@lacks", ["t", "s"], check(#"lacks="§""#)),
            Witness("\(element)/@value", ["1", "2"], check(#"has="s" value="§""#)),
            Witness("\(element)/@domain", ["example.com", "app.example.com"], check(#"has="s" domain="§""#)),
            Witness("\(element)/@path", ["/p", "/"], check(#"has="s" path="§""#)),
            Witness("\(element)/@http-only", ["true", "false"], check(#"has="s" http-only="§""#)),
            Witness("\(element)/@secure", ["true", "false"], check(#"has="s" secure="§""#)),
            Witness("\(element)/@persistent", ["true", "false"], check(#"has="s" persistent="§""#)),
        ]
    }

    // MARK: Expectation files

    /// A scenario the reference jar fails: the request carries no cookie zz.
    static let failingSuite = suite(#"<native-request url="https://app.example.com/home"/><expect-request url="https://app.example.com/home" contains="zz"/>"#)

    static let expectationFileWitnesses: [Witness] = [
        Witness(
            "expectations/@adapter", ["reference", "other"], failingSuite,
            expectationFiles: [expectations(#"<expect scenario="w.s" status="fail">known</expect>"#, root: #"adapter="§""#)]),
        Witness(
            "expectations/@extends", ["", #" extends="base""#], failingSuite,
            expectationFiles: [
                expectations(#"<expect scenario="w.s" status="fail">known</expect>"#, root: #"adapter="base""#),
                expectations("", root: #"adapter="reference"§"#),
            ]),
        Witness(
            "expect/@scenario", ["w.s", "w.other"], failingSuite,
            expectationFiles: [expectations(#"<expect scenario="§" status="fail">known</expect>"#)]),
        Witness(
            "expect/@status", ["fail", "error"], failingSuite,
            expectationFiles: [expectations(#"<expect scenario="w.s" status="§">known</expect>"#)]),
        Witness(
            "expect/@observed", ["*'zz'*", "*'yy'*"], failingSuite,
            expectationFiles: [expectations(#"<expect scenario="w.s" status="fail" observed="§">known</expect>"#)]),
    ]
}
