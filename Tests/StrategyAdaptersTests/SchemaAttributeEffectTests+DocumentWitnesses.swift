extension SchemaAttributeEffectTests {
    /// One witness per element and `element/@attribute` of `Suites/suite.xsd` (see ``witnessesCoverTheSchema()``).
    static let witnesses: [Witness] =
        elementWitnesses + documentWitnesses + stepWitnesses + expectationWitnesses + expectationFileWitnesses

    // MARK: The document: suite, clock, origins, routes, Set-Cookie lines, scenario metadata

    static let documentWitnesses: [Witness] = [
        // A scenario's id starts with its suite's: both ids below are prefixes of w.x.s.
        Witness(
            "suite/@id", ["w", "w.x"],
            suite("<native-request url=\"https://app.example.com/home\"/>", suite: #"id="§" title="W""#, scenarioID: "w.x.s")),
        Witness("suite/@title", ["W", "V"], suite("<native-request url=\"https://app.example.com/home\"/>", suite: #"id="w" title="§""#)),
        Witness(
            "clock/@start", ["2030-06-01T00:00:00Z", "2032-06-01T00:00:00Z"],
            suite(
                """
                <native-set-cookie url="https://app.example.com/">e=1; Path=/; Expires=Wed, 01 Jan 2031 00:00:00 GMT</native-set-cookie>
                <expect-native-store has="e"/>
                """, head: #"<clock start="§"/>"#)),
        Witness(
            "origin/@url", ["https://w.example.com", "https://v.example.com"],
            suite(
                #"<native-request url="https://w.example.com/x"/><expect-native-store has="o"/>"#,
                origins: #"<origin url="§"><route path="/x"><set-cookie>o=1</set-cookie></route></origin>"#)),
        Witness(
            "route/@path", ["/x", "/y"],
            suite(
                #"<native-request url="https://w.example.com/x"/><expect-native-store has="o"/>"#,
                origins: #"<origin url="https://w.example.com"><route path="§"><set-cookie>o=1</set-cookie></route></origin>"#)),
        Witness(
            "route/@method", ["", #" method="POST""#],
            suite(
                #"<native-request url="https://w.example.com/x"/><expect-native-store has="o"/>"#,
                origins: #"<origin url="https://w.example.com"><route path="/x"§><set-cookie>o=1</set-cookie></route></origin>"#)),
        Witness(
            // 300 Multiple Choices may carry a Location (the loader allows it on every 3xx) but is not a redirect.
            "route/@status", ["302", "300"],
            suite(
                #"<native-request url="https://w.example.com/x"/><expect-request url="https://w.example.com/next" empty="true"/>"#,
                origins: #"<origin url="https://w.example.com"><route path="/x" status="§" location="/next"/><route path="/next"/></origin>"#)),
        Witness(
            "route/@location", ["/next", "/other"],
            suite(
                #"<native-request url="https://w.example.com/x"/><expect-request url="https://w.example.com/next" empty="true"/>"#,
                origins: #"<origin url="https://w.example.com"><route path="/x" status="302" location="§"/><route path="/next"/><route path="/other"/></origin>"#)),
        Witness(
            "route/@delivery", on: Witness.referenceOverHTTPOnly.name, ["", #" delivery="parser""#],
            suite(
                #"<native-request url="https://w.example.com/x"/><expect-native-store has="o"/>"#,
                origins: #"<origin url="https://w.example.com"><route path="/x"§><set-cookie>o=1</set-cookie></route></origin>"#)),
    ] + setCookieLineWitnesses(route: true) + setCookieLineWitnesses(route: false) + [
        Witness(
            "set-cookie/@delay-ms", ["", #" delay-ms="2000""#],
            suite(
                #"<native-request url="https://w.example.com/x"/><expect-native-store has="o"/>"#,
                origins: #"<origin url="https://w.example.com"><route path="/x"><set-cookie>o=1; Max-Age=1</set-cookie><set-cookie§>p=2</set-cookie></route></origin>"#)),
        Witness(
            "header/@name", ["X-A", "X-B"],
            suite(
                """
                <native-request url="https://app.example.com/home"><header name="§" value="1"/></native-request>
                <expect-request url="https://app.example.com/home" header="X-A" equals="1"/>
                """)),
        Witness(
            "header/@value", ["1", "2"],
            suite(
                """
                <native-request url="https://app.example.com/home"><header name="X-A" value="§"/></native-request>
                <expect-request url="https://app.example.com/home" header="X-A" equals="1"/>
                """)),
        Witness("scenario/@id", ["w.s", "w.t"], suite("<native-request url=\"https://app.example.com/home\"/>", scenarioID: "§"), filters: ["w.s"]),
        Witness("scenario/@tags", ["", #" tags="t""#], suite("<native-request url=\"https://app.example.com/home\"/>", scenario: "§"), tags: ["t"]),
        Witness("scenario/@requires", ["", #" requires="real-network""#], suite("<native-request url=\"https://app.example.com/home\"/>", scenario: "§")),
        // The platform copies the web view's cookies of the host over the native store's once a page set a
        // persistent one: the app's own native cookie, which wk-no-sync never put in the web view, is dropped.
        Witness(
            "scenario/@implicit-web-to-native-sync", on: "wk-no-sync", ["", #" implicit-web-to-native-sync="2""#],
            suite(
                """
                <native-set-cookie url="https://app.example.com/">apptoken=n4t; Path=/; Secure; Max-Age=86400</native-set-cookie>
                <open-web-view/>
                <load url="https://app.example.com/persist"/>
                <advance-clock seconds="5"/>
                <native-request url="https://app.example.com/home"/>
                <expect-request url="https://app.example.com/home" contains="apptoken=n4t"/>
                """, scenario: "§")),
        Witness(
            "scenario/@native-store-flush-delay", on: "wk-no-sync", ["", #" native-store-flush-delay="5""#],
            suite(
                """
                <native-set-cookie url="https://app.example.com/">remember=r1; Path=/; Secure; Max-Age=2592000</native-set-cookie>
                <restart-app/>
                <native-request url="https://app.example.com/home"/>
                <expect-request url="https://app.example.com/home" contains="remember=r1"/>
                """, scenario: "§")),
    ]

    /// `<set-cookie>` (a route's line) and `<native-set-cookie>` share the line's attributes (`SetCookieLine`).
    static func setCookieLineWitnesses(route: Bool) -> [Witness] {
        let element = route ? "set-cookie" : "native-set-cookie"
        func lineSuite(_ line: String, attributes: String = "§") -> String {
            route
                ? suite(
                    #"<native-request url="https://w.example.com/x"/><expect-native-store has="o"/>"#,
                    origins: "<origin url=\"https://w.example.com\"><route path=\"/x\" delivery=\"parser\"><set-cookie\(attributes)>\(line)</set-cookie></route></origin>")
                : suite("<native-set-cookie url=\"https://w.example.com/\"\(attributes)>\(line)</native-set-cookie><expect-native-store has=\"o\"/>")
        }
        var witnesses = [
            Witness(
                "\(element)/@encoding", ["", #" encoding="percent""#],
                route
                    ? suite(
                        #"<native-request url="https://w.example.com/x"/><expect-native-store has="o" value="b=c"/>"#,
                        origins: #"<origin url="https://w.example.com"><route path="/x"><set-cookie§>o=b%3Dc</set-cookie></route></origin>"#)
                    : suite(#"<native-set-cookie url="https://w.example.com/"§>o=b%3Dc</native-set-cookie><expect-native-store has="o" value="b=c"/>"#)),
            // Kept exactly, the line ends in a CR, a control character: RFC 6265bis §5.6 ignores the whole line.
            Witness("\(element)/@xml:space", ["", #" xml:space="preserve""#], lineSuite("o=1&#13;")),
        ]
        // xml:lang, xml:base and xml:id pass the schema's anyAttribute (lax, the W3C's xml.xsd not imported) and mean
        // nothing to a Set-Cookie line: the loader refuses them.
        for attribute in ["xml:lang", "xml:base", "xml:id"] {
            witnesses.append(Witness("\(element)/@\(attribute)", ["", " \(attribute)=\"x\""], lineSuite("o=1"), refusedByLoader: true))
        }
        if !route {
            witnesses.append(
                Witness(
                    "native-set-cookie/@url", ["https://w.example.com/", "https://v.example.com/"],
                    suite(#"<native-set-cookie url="§">o=1</native-set-cookie><expect-native-store has="o" domain="w.example.com"/>"#)))
        }
        return witnesses
    }
}
