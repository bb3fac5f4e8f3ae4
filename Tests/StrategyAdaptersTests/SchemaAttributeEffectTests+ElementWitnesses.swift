extension SchemaAttributeEffectTests {
    /// One witness per element: the element present or not (for a required one, two contents).
    static let elementWitnesses: [Witness] = documentElementWitnesses + stepElementWitnesses + checkElementWitnesses

    /// The app's page at app.example.com/home wrote j=1 with a script.
    static let pageWithScriptCookie = """
        <load url="https://app.example.com/home"/>
        <run-script>document.cookie = "j=1";</run-script>
        """

    /// a=1 stored a second after a mark `t`, then `secondMark` a second later, then `removeCookies(since: t)`.
    static func markedRemoval(secondMark: String) -> String {
        """
        <mark-time name="t"/><advance-clock seconds="1"/>
        <native-set-cookie url="https://app.example.com/">a=1; Path=/</native-set-cookie><advance-clock seconds="1"/>
        \(secondMark)<native-remove-cookies since="t"/><expect-native-store has="a"/>
        """
    }

    static let documentElementWitnesses: [Witness] = [
        // The same file read as a suite is a suite; read as a suite, an expectation file's root is refused.
        Witness(
            "suite", [suite(#"<native-request url="https://app.example.com/home"/>"#), expectations("")], "§",
            refusedByLoader: true),
        Witness(
            "provenance", ["", "<provenance>imported from a corpus</provenance>"],
            suite(#"<native-request url="https://app.example.com/home"/>"#, head: "§")),
        Witness(
            "clock", ["", #"<clock start="2032-06-01T00:00:00Z"/>"#],
            suite(
                """
                <native-set-cookie url="https://app.example.com/">e=1; Path=/; Expires=Wed, 01 Jan 2031 00:00:00 GMT</native-set-cookie>
                <expect-native-store has="e"/>
                """, head: "§")),
        Witness(
            "origin", ["", #"<origin url="https://w.example.com"><route path="/x"/></origin>"#],
            suite(#"<native-request url="https://w.example.com/x"/><expect-last-step outcome="succeeded"/>"#, origins: origins + "§")),
        Witness(
            "route", ["", "<route path=\"/x\"><set-cookie>o=1</set-cookie></route>"],
            suite(
                #"<native-request url="https://w.example.com/x"/><expect-native-store has="o"/>"#,
                origins: #"<origin url="https://w.example.com"><route path="/y"/>§</origin>"#)),
        Witness(
            "set-cookie", ["", "<set-cookie>o=1</set-cookie>"],
            suite(
                #"<native-request url="https://w.example.com/x"/><expect-native-store has="o"/>"#,
                origins: #"<origin url="https://w.example.com"><route path="/x">§</route></origin>"#)),
        // A cross-origin answer without credentials may be read by the page only with Access-Control-Allow-Origin.
        Witness(
            "header", ["", #"<header name="Access-Control-Allow-Origin" value="https://app.example.com"/>"#],
            suite(
                """
                <load url="https://app.example.com/home"/>
                <fetch url="https://w.example.com/x" mode="cors" credentials="omit"/>
                <expect-last-step outcome="succeeded"/>
                """, origins: origins + #"<origin url="https://w.example.com"><route path="/x">§</route></origin>"#)),
        Witness(
            "body", ["", "<body>q=1</body>"],
            suite(
                #"<native-request url="https://app.example.com/home" method="POST">§</native-request><expect-request url="https://app.example.com/home" body="q=1"/>"#)),
        Witness(
            "scenario", ["", #"<scenario id="w.t"><title>T</title><native-request url="https://app.example.com/home"/></scenario>"#],
            suite(#"<native-request url="https://app.example.com/home"/>"#, more: "§")),
        Witness("title", ["S", "T"], suite(#"<native-request url="https://app.example.com/home"/>"#).replacingOccurrences(of: "<title>S</title>", with: "<title>§</title>")),
        Witness("ref", ["", "<ref>RFC6265bis 5.7</ref>"], suite(#"§<native-request url="https://app.example.com/home"/>"#)),
    ]

    static let stepElementWitnesses: [Witness] = [
        Witness(
            "native-set-cookie", ["", #"<native-set-cookie url="https://app.example.com/">a=1</native-set-cookie>"#],
            suite(#"§<native-request url="https://app.example.com/home"/><expect-request url="https://app.example.com/home" contains="a"/>"#)),
        Witness("native-request", ["", #"<native-request url="https://app.example.com/set"/>"#], suite(#"§<expect-native-store has="a"/>"#)),
        // An unnamed web view replaces the one open, and its page.
        Witness("open-web-view", ["", "<open-web-view/>"], suite(pageWithScriptCookie + #"§<expect-document-cookie contains="j"/>"#)),
        Witness(
            "switch-web-view", ["", #"<switch-web-view name="main"/>"#],
            suite("<open-web-view/>" + pageWithScriptCookie + #"<open-web-view name="second"/>§<expect-document-cookie contains="j"/>"#)),
        Witness("load", ["", #"<load url="https://app.example.com/set"/>"#], suite(#"§<expect-native-store has="a"/>"#)),
        // The app's HTML without a base URL replaces the page with an opaque-origin one: document.cookie reads "".
        Witness(
            "load-html", on: "wk-no-sync", ["", "<load-html><![CDATA[<p>hi</p>]]></load-html>"],
            suite(#"<open-web-view/><load url="https://app.example.com/set"/>§<expect-document-cookie contains="a=1"/>"#)),
        Witness(
            "follow-link", ["", #"<follow-link url="https://app.example.com/next"/>"#],
            suite(#"<load url="https://app.example.com/home"/>§<expect-request url="https://app.example.com/next" empty="true"/>"#)),
        Witness(
            "submit-form", ["", #"<submit-form url="https://app.example.com/next"/>"#],
            suite(#"<load url="https://app.example.com/home"/>§<expect-request url="https://app.example.com/next" empty="true"/>"#)),
        Witness(
            "go-back", ["", "<go-back/>"],
            suite(
                """
                <load url="https://app.example.com/home"/><follow-link url="https://app.example.com/next"/>§
                <expect-request url="https://app.example.com/home" occurrence="2" empty="true"/>
                """)),
        Witness(
            "go-forward", ["", "<go-forward/>"],
            suite(
                """
                <load url="https://app.example.com/home"/><follow-link url="https://app.example.com/next"/><go-back/>§
                <expect-request url="https://app.example.com/next" occurrence="2" empty="true"/>
                """)),
        Witness(
            "fetch", ["", #"<fetch url="https://app.example.com/next"/>"#],
            suite(#"<load url="https://app.example.com/home"/>§<expect-request url="https://app.example.com/next" empty="true"/>"#)),
        Witness(
            "run-script", ["", #"<run-script>document.cookie = "j=1";</run-script>"#],
            suite(#"<load url="https://app.example.com/home"/>§<expect-native-store has="j"/>"#)),
        // The app's script runs in the page loaded after it (wk-no-sync: nothing removes it).
        Witness(
            "add-user-script", on: "wk-no-sync", ["", #"<add-user-script>document.cookie = "u=1";</add-user-script>"#],
            suite(#"<open-web-view/>§<load url="https://app.example.com/home"/><expect-web-view-store has="u"/>"#)),
        Witness(
            "restart-app", ["", "<restart-app/>"],
            suite(#"<native-set-cookie url="https://app.example.com/">s=1; Path=/</native-set-cookie>§<expect-native-store has="s"/>"#)),
        // A persistent cookie survives a restart, not a reinstall.
        Witness(
            "reinstall-app", ["", "<reinstall-app/>"],
            suite(#"<load url="https://app.example.com/persist"/>§<expect-web-view-store has="w"/>"#)),
        // wk-no-sync: the web view's own store, which only the engine's removal empties.
        Witness(
            "clear-website-data", on: "wk-no-sync", ["", "<clear-website-data/>"],
            suite(#"<load url="https://app.example.com/set"/>§<expect-web-view-store has="a"/>"#)),
        Witness(
            "native-remove-cookies", on: "wk-no-sync", ["", "<native-remove-cookies/>"],
            suite(#"<native-request url="https://app.example.com/set"/>§<expect-native-store has="a"/>"#)),
        // A second mark of the name, after the cookie was stored, moves the moment removeCookies(since:) goes by.
        Witness(
            "mark-time", ["", #"<mark-time name="t"/>"#], suite(markedRemoval(secondMark: "§"))),
        Witness(
            "mark-time/@name", ["t", "u"], suite(markedRemoval(secondMark: #"<mark-time name="§"/>"#))),
        Witness(
            "advance-clock", ["", #"<advance-clock seconds="20"/>"#],
            suite(#"<native-set-cookie url="https://app.example.com/">c=1; Path=/; Max-Age=10</native-set-cookie>§<expect-native-store has="c"/>"#)),
    ]

    static let checkElementWitnesses: [Witness] = [
        Witness(
            "expect-request", ["", #"<expect-request url="https://app.example.com/home" contains="zz"/>"#],
            suite(#"<native-request url="https://app.example.com/home"/>§"#)),
        Witness("expect-document-cookie", ["", #"<expect-document-cookie contains="zz"/>"#], suite(pageWithScriptCookie + "§")),
        Witness("expect-native-store", ["", #"<expect-native-store has="zz"/>"#], suite(#"<native-request url="https://app.example.com/home"/>§"#)),
        Witness("expect-web-view-store", ["", #"<expect-web-view-store has="zz"/>"#], suite(#"<native-request url="https://app.example.com/home"/>§"#)),
        // iOS 11 holds the library's setCookie until a first load, which waits for its completion handler.
        Witness(
            "expect-no-pending-work", on: "rn-cookies-set-then-load:6.0.0@ios-11", ["", "<expect-no-pending-work/>"],
            suite(
                """
                <native-set-cookie url="https://app.example.com/">a=1; Path=/</native-set-cookie>
                <load url="https://app.example.com/home"/><expect-last-step outcome="failed"/>§
                """)),
        // A step that fails fails the scenario, unless the scenario says it expects that.
        // ios-18 races setCookie against a load: react-native-webview 5.7.0's unawaited copy at set-up is in flight
        // when the same-turn load goes out.
        Witness(
            "expect-no-load-during-cookie-write", on: "rnw-shared-cookies:5.7.0@ios-18", ["", "<expect-no-load-during-cookie-write/>"],
            suite(
                """
                <native-set-cookie url="https://app.example.com/">a=1; Path=/</native-set-cookie>
                <open-web-view settle="false"/><load url="https://app.example.com/home"/>§
                """)),
        Witness(
            "expect-last-step", ["", #"<expect-last-step outcome="failed"/>"#],
            suite(#"<native-request url="https://nowhere.example/"/>§"#)),
        Witness(
            "expectations", ["", expectations(#"<expect scenario="w.s" status="fail">known</expect>"#)], failingSuite,
            expectationFiles: ["§"]),
        Witness(
            "expect", ["", #"<expect scenario="w.s" status="fail">known</expect>"#], failingSuite,
            expectationFiles: [expectations("§")]),
    ]
}
