extension SchemaAttributeEffectTests {
    // MARK: Steps

    static let stepWitnesses: [Witness] = requestStepWitnesses + [
        Witness(
            "fetch/@handles-cookies", ["", #" handles-cookies="false""#],
            suite(#"<load url="https://app.example.com/home"/><fetch url="https://app.example.com/next"§/><expect-request url="https://app.example.com/next" empty="true"/>"#),
            refusedByLoader: true),
        // A cross-origin subresource: fetch's credentials default to include, XMLHttpRequest's to none.
        Witness(
            "fetch/@kind", ["", #" kind="xhr""#],
            suite(
                """
                <native-set-cookie url="https://api.example.com/">d=1; Path=/</native-set-cookie>
                <load url="https://app.example.com/home"/>
                <fetch url="https://api.example.com/cors"§/>
                <expect-request url="https://api.example.com/cors" contains="d=1"/>
                """)),
        Witness(
            "fetch/@with-credentials", ["", #" with-credentials="true""#],
            suite(
                """
                <native-set-cookie url="https://api.example.com/">d=1; Path=/</native-set-cookie>
                <load url="https://app.example.com/home"/>
                <fetch url="https://api.example.com/cors" kind="xhr"§/>
                <expect-request url="https://api.example.com/cors" contains="d=1"/>
                """)),
        Witness(
            "fetch/@credentials", ["", #" credentials="omit""#],
            suite(
                """
                <native-set-cookie url="https://app.example.com/">a=1; Path=/</native-set-cookie>
                <load url="https://app.example.com/home"/>
                <fetch url="https://app.example.com/next"§/>
                <expect-request url="https://app.example.com/next" contains="a=1"/>
                """)),
        // The answer of api.example.com/data has no Access-Control-Allow-Origin: a cors fetch fails.
        Witness(
            "fetch/@mode", ["", #" mode="cors""#],
            suite(
                """
                <load url="https://app.example.com/home"/>
                <fetch url="https://api.example.com/data"§/>
                <expect-last-step outcome="succeeded"/>
                """)),
        // Web views share a data store; the web view's cookies stay in a non-persistent one, away from the native side.
        Witness(
            "open-web-view/@data-store", ["", #" data-store="non-persistent""#],
            suite(
                """
                <open-web-view§/>
                <load url="https://app.example.com/set"/>
                <native-request url="https://app.example.com/home"/>
                <expect-request url="https://app.example.com/home" contains="a=1"/>
                """)),
        // A cookie stored before the mark stays; without since= every native cookie goes.
        Witness(
            "native-remove-cookies/@since", ["", #" since="t""#],
            suite(
                """
                <native-set-cookie url="https://app.example.com/">a=1; Path=/</native-set-cookie><advance-clock seconds="1"/>
                <mark-time name="t"/><advance-clock seconds="1"/>
                <native-set-cookie url="https://app.example.com/">b=1; Path=/</native-set-cookie>
                <native-remove-cookies§/><expect-native-store has="a"/>
                """)),
        // ios-18 races setCookie against a load: react-native-webview 5.7.0's copy at set-up, not awaited, lands in
        // time only when the app yields before its first load.
        Witness(
            "open-web-view/@settle", on: "rnw-shared-cookies:5.7.0@ios-18", ["", #" settle="false""#],
            suite(
                """
                <native-set-cookie url="https://app.example.com/">session=n4t1v3; Path=/; Secure; HttpOnly</native-set-cookie>
                <open-web-view§/>
                <load url="https://app.example.com/home"/>
                <expect-request url="https://app.example.com/home" contains="session=n4t1v3"/>
                """)),
        // ios-12: a WKHTTPCookieStore.setCookie lands only where a web view of the store is on the shared pool.
        Witness(
            "open-web-view/@shared-process-pool", on: "wk-cookie-store@ios-12", ["", #" shared-process-pool="false""#],
            suite(
                """
                <native-set-cookie url="https://app.example.com/">session=n4t1v3; Path=/; Secure; HttpOnly</native-set-cookie>
                <open-web-view§/>
                <load url="https://app.example.com/home"/>
                <follow-link url="https://app.example.com/next"/>
                <expect-request url="https://app.example.com/next" contains="session=n4t1v3"/>
                """)),
        // Without the app's scheme handler a page on capacitor:// cannot be loaded (refused); with it, the page loads
        // and, on WebKitGTK (measured), is first party to every host: its fetch sends the API's cookie.
        Witness(
            "open-web-view/@app-scheme", on: "wk-no-sync@webkitgtk", ["", #" app-scheme="capacitor""#],
            suite(
                """
                <open-web-view§/>
                <load url="https://app.example.com/set"/>
                <load url="capacitor://localhost/"/>
                <fetch url="https://app.example.com/next"/>
                <expect-request url="https://app.example.com/next" contains="a=1"/>
                """),
            refusedByLoader: true),
        // With a base URL the app's HTML is a page of that host (document.cookie reads its cookies); without, about:blank.
        Witness(
            "load-html/@base-url", on: "wk-no-sync", ["", #" base-url="https://app.example.com/home""#],
            suite(#"<open-web-view/><load url="https://app.example.com/set"/><load-html§/><expect-document-cookie contains="a=1"/>"#)),
        // Unnamed, the second view replaces main and its page; named, it opens beside main, whose page stays.
        Witness(
            "open-web-view/@name", ["", #" name="second""#],
            suite(
                """
                <open-web-view/>
                <load url="https://app.example.com/home"/>
                <run-script>document.cookie = "j=1";</run-script>
                <open-web-view§/>
                <switch-web-view name="main"/>
                <expect-document-cookie contains="j"/>
                """)),
        Witness(
            "switch-web-view/@name", ["main", "second"],
            suite(
                """
                <open-web-view/>
                <load url="https://app.example.com/home"/>
                <run-script>document.cookie = "j=1";</run-script>
                <open-web-view name="second"/>
                <switch-web-view name="§"/>
                <expect-document-cookie contains="j"/>
                """)),
        Witness(
            "follow-link/@url", ["https://app.example.com/next", "https://app.example.com/home"],
            suite(
                """
                <load url="https://app.example.com/set"/>
                <follow-link url="§"/>
                <expect-request url="https://app.example.com/next" contains="a=1"/>
                """)),
        // WebKit's default WKUIDelegate opens no window for a target="_blank" link.
        Witness(
            "follow-link/@target", on: "wk-no-sync", ["", #" target="_blank""#],
            suite(
                """
                <open-web-view/>
                <load url="https://app.example.com/home"/>
                <follow-link url="https://app.example.com/next"§/>
                <expect-request url="https://app.example.com/next" empty="true"/>
                """)),
        Witness(
            "submit-form/@url", ["https://app.example.com/next", "https://app.example.com/home"],
            suite(
                """
                <load url="https://app.example.com/set"/>
                <submit-form url="§"><body>q=1</body></submit-form>
                <expect-request url="https://app.example.com/next" contains="a=1"/>
                """)),
        Witness(
            "submit-form/@method", ["", #" method="GET""#],
            suite(
                """
                <load url="https://app.example.com/home"/>
                <submit-form url="https://app.example.com/post"§/>
                <expect-native-store has="p"/>
                """)),
        Witness(
            "advance-clock/@seconds", ["5", "20"],
            suite(
                """
                <native-set-cookie url="https://app.example.com/">c=1; Path=/; Max-Age=10</native-set-cookie>
                <advance-clock seconds="§"/>
                <expect-native-store has="c"/>
                """)),
    ]

    /// `<native-request>`, `<load>` and `<fetch>` share the `RequestStep` type's url=, method= and handles-cookies=.
    static let requestStepWitnesses: [Witness] = ["native-request", "load", "fetch"].flatMap { element -> [Witness] in
        let before = element == "fetch" ? #"<load url="https://app.example.com/home"/>"# : ""
        var witnesses = [
            Witness(
                "\(element)/@url", ["https://app.example.com/next", "https://app.example.com/set"],
                suite(#"\#(before)<\#(element) url="§"/><expect-request url="https://app.example.com/next" empty="true"/>"#)),
            Witness(
                "\(element)/@method", ["", #" method="POST""#],
                suite(#"\#(before)<\#(element) url="https://app.example.com/post"§/><expect-native-store has="p"/>"#)),
        ]
        if element != "fetch" {
            witnesses.append(
                Witness(
                    "\(element)/@handles-cookies", ["", #" handles-cookies="false""#],
                    suite(
                        """
                        <native-set-cookie url="https://app.example.com/">a=1; Path=/</native-set-cookie>
                        <\(element) url="https://app.example.com/home"§/>
                        <expect-request url="https://app.example.com/home" contains="a=1"/>
                        """)))
        }
        return witnesses
    }
}
