import Foundation
import HTTPModel
import HarnessCore
import SuiteFormat
import TestSupport
import Testing

@Suite("Suite loader: errors point at file:line:column")
struct SuiteLoaderErrorTests {
    /// A suite body (from line 2 of a suite with id `redirect`) and the one error it must produce, without the file.
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var body: String
        var error: String
        var testDescription: String { name }
    }

    static let scenario = "  <scenario id=\"redirect.a\"><title>T</title>"

    static let semanticCases: [Case] = [
        Case(
            name: "scenario id without the suite id",
            body: "  <scenario id=\"login.a\"><title>T</title><restart-app/></scenario>",
            error: #"2:13: error: scenario id "login.a" must start with "redirect." (the suite id and a dot)"#
        ),
        Case(
            name: "scenario id that is only the suite id and a dot",
            body: "  <scenario id=\"redirect.\"><title>T</title><restart-app/></scenario>",
            error: #"2:13: error: scenario id "redirect." must start with "redirect." (the suite id and a dot)"#
        ),
        Case(
            name: "expect-request without a check",
            body: "\(scenario)\n    <expect-request url=\"https://a.example/\"/>\n  </scenario>",
            error: "3:5: error: <expect-request> needs one of contains=, lacks=, equals=, empty=, body="
        ),
        Case(
            name: "expect-request with only empty lists",
            body: "\(scenario)\n    <expect-request url=\"https://a.example/\" contains=\" \" empty=\"false\"/>\n  </scenario>",
            error: "3:5: error: <expect-request> needs one of contains=, lacks=, equals=, empty=, body="
        ),
        Case(
            name: "expect-document-cookie without a check",
            body: "\(scenario)\n    <expect-document-cookie/>\n  </scenario>",
            error: "3:5: error: <expect-document-cookie> needs one of contains=, lacks=, equals=, empty="
        ),
        Case(
            name: "expect-request received=false with a cookie check",
            body: "\(scenario)\n    <expect-request url=\"https://a.example/\" received=\"false\" lacks=\"sid\"/>\n  </scenario>",
            error: #"3:5: error: <expect-request received="false"> cannot also check the request "#
                + "(contains=, lacks=, equals=, empty=, body=)"
        ),
        Case(
            name: "expect-request header= with a cookie list",
            body: "\(scenario)\n    <expect-request url=\"https://a.example/\" header=\"X-A\" contains=\"t\"/>\n  </scenario>",
            error: #"3:5: error: <expect-request header="X-A"> checks the value with equals= or empty=, not contains= or lacks="#
        ),
        Case(
            name: "expect-request header= that is not a header name",
            body: "\(scenario)\n    <expect-request url=\"https://a.example/\" header=\"X A\" equals=\"t\"/>\n  </scenario>",
            error: #"3:46: error: header="X A" must be a header name (an RFC 9110 token)"#
        ),
        Case(
            name: "store check with both has and lacks",
            body: "\(scenario)\n    <expect-native-store has=\"a\" lacks=\"a\"/>\n  </scenario>",
            error: "3:5: error: <expect-native-store> needs exactly one of has=, lacks="
        ),
        Case(
            name: "store check with neither has nor lacks",
            body: "\(scenario)\n    <expect-web-view-store domain=\"example.com\"/>\n  </scenario>",
            error: "3:5: error: <expect-web-view-store> needs exactly one of has=, lacks="
        ),
        Case(
            name: "location on a 200 route",
            body: "  <origin url=\"https://a.example\">\n    <route path=\"/\" location=\"https://b.example/\"/>\n"
                + "  </origin>\n\(scenario)<restart-app/></scenario>",
            error: "3:21: error: location= is only for 3xx routes; this route's status is 200"
        ),
        Case(
            name: "302 route without location",
            body: "  <origin url=\"https://a.example\">\n    <route path=\"/sso\" status=\"302\"/>\n"
                + "  </origin>\n\(scenario)<restart-app/></scenario>",
            error: #"3:5: error: <route status="302"> needs location="#
        ),
        Case(
            name: "route path without a leading slash",
            body: "  <origin url=\"https://a.example\">\n    <route path=\"sso\"/>\n"
                + "  </origin>\n\(scenario)<restart-app/></scenario>",
            error: #"3:12: error: path="sso" must start with "/""#
        ),
        Case(
            name: "occurrence beyond any request count",
            body: "\(scenario)\n    <expect-request url=\"https://a.example/\" occurrence=\"99999999999999999999\" "
                + "empty=\"true\"/>\n  </scenario>",
            error: #"3:46: error: occurrence="99999999999999999999" must be first, last or a number from 1"#
        ),
        Case(
            name: "advance-clock by an infinite time",
            body: "\(scenario)\n    <advance-clock seconds=\"INF\"/>\n  </scenario>",
            error: #"3:20: error: seconds="INF" must be a finite number, 0 or more"#
        ),
        Case(
            name: "the same origin twice",
            body: "  <origin url=\"https://a.example\"><route path=\"/\"/></origin>\n"
                + "  <origin url=\"https://a.example\"><route path=\"/x\"/></origin>\n\(scenario)<restart-app/></scenario>",
            error: #"3:3: error: duplicate origin "https://a.example": first declared at FILE:2:3"#
        ),
        Case(
            name: "the same route twice",
            body: "  <origin url=\"https://a.example\">\n    <route path=\"/\" method=\"GET\"/>\n"
                + "    <route path=\"/\" method=\"GET\" status=\"500\"/>\n  </origin>\n\(scenario)<restart-app/></scenario>",
            error: #"4:5: error: duplicate route "/" for GET: first declared at FILE:3:5"#
        ),
        Case(
            name: "switch-web-view to a view never opened",
            body: "\(scenario)\n    <open-web-view/>\n    <switch-web-view name=\"second\"/>\n  </scenario>",
            error: #"4:22: error: name="second": no web view of that name is open at this step (open-web-view name=, or main for the unnamed one)"#
        ),
        Case(
            name: "an app scheme WebKit loads itself",
            body: "\(scenario)\n    <open-web-view app-scheme=\"https\"/>\n  </scenario>",
            error: #"3:20: error: app-scheme="https" must be a lower-case scheme name (a letter, then letters, digits, +, - or .) that WebKit does not load itself (not about, blob, data, file, ftp, http, https, javascript, ws, wss)"#
        ),
        Case(
            name: "a page on a scheme the web view does not answer",
            body: "\(scenario)\n    <open-web-view app-scheme=\"ionic\"/>\n    <load url=\"capacitor://localhost/\"/>\n  </scenario>",
            error: #"4:11: error: url="capacitor://localhost/": the web view this step loads in answers no capacitor: scheme (open it with app-scheme="capacitor")"#
        ),
        Case(
            name: "a page on the app's scheme in another web view than the one that answers it",
            body: "\(scenario)\n    <open-web-view app-scheme=\"capacitor\"/>\n    <open-web-view name=\"second\"/>\n"
                + "    <load url=\"capacitor://localhost/\"/>\n  </scenario>",
            error: #"5:11: error: url="capacitor://localhost/": the web view this step loads in answers no capacitor: scheme (open it with app-scheme="capacitor")"#
        ),
        Case(
            name: "a page on the app's scheme loaded with a method",
            body: "\(scenario)\n    <open-web-view app-scheme=\"capacitor\"/>\n    <load url=\"capacitor://localhost/\" method=\"POST\"/>\n  </scenario>",
            error: #"4:11: error: a page on the app's scheme is a plain GET: no method=, <header>, <body> or handles-cookies="#
        ),
        Case(
            name: "switch-web-view to a view an unnamed open-web-view closed",
            body: "\(scenario)\n    <open-web-view name=\"second\"/>\n    <open-web-view/>\n    <switch-web-view name=\"second\"/>\n  </scenario>",
            error: #"5:22: error: name="second": no web view of that name is open at this step (open-web-view name=, or main for the unnamed one)"#
        ),
        Case(
            name: "open-web-view named main",
            body: "\(scenario)\n    <open-web-view name=\"main\"/>\n  </scenario>",
            error: #"3:20: error: name="main" is the unnamed web view's: open it without name="#
        ),
        Case(
            name: "open-web-view with a name already open",
            body: "\(scenario)\n    <open-web-view name=\"b\"/>\n    <open-web-view name=\"b\"/>\n  </scenario>",
            error: #"4:20: error: name="b": a web view of that name is open already"#
        ),
        Case(
            name: "with-credentials on a fetch()",
            body: "\(scenario)\n    <fetch url=\"https://a.example/\" with-credentials=\"true\"/>\n  </scenario>",
            error: #"3:37: error: with-credentials= belongs to kind="xhr" or "event-source" (a fetch has its own credentials mode)"#
        ),
        Case(
            name: "handles-cookies on a fetch",
            body: "\(scenario)\n    <fetch url=\"https://a.example/\" handles-cookies=\"false\"/>\n  </scenario>",
            error: #"3:37: error: handles-cookies= is for <load> and <native-request>; a <fetch> says credentials="omit", "same-origin" or "include""#
        ),
        Case(
            name: "credentials on an image",
            body: "\(scenario)\n    <fetch kind=\"image\" url=\"https://a.example/\" credentials=\"omit\"/>\n  </scenario>",
            error: #"3:50: error: credentials= belongs to kind="fetch" (an XHR or an EventSource says with-credentials=; the other kinds always send cookies)"#
        ),
        Case(
            name: "mode on an XHR",
            body: "\(scenario)\n    <fetch kind=\"xhr\" url=\"https://a.example/\" mode=\"cors\"/>\n  </scenario>",
            error: #"3:48: error: mode= belongs to kind="fetch" (an XHR or an EventSource says with-credentials=; the other kinds always send cookies)"#
        ),
        Case(
            name: "an iframe with a header of its own",
            body: "\(scenario)\n    <fetch kind=\"iframe\" url=\"https://a.example/\"><header name=\"X-A\" value=\"1\"/></fetch>\n  </scenario>",
            error: "3:5: error: an iframe is a plain GET: no method=, <header> or <body>"
        ),
        Case(
            name: "an XHR with a header of its own (a preflight)",
            body: "\(scenario)\n    <fetch kind=\"xhr\" url=\"https://a.example/\"><header name=\"X-A\" value=\"1\"/></fetch>\n  </scenario>",
            error: "3:5: error: an XHR here is GET, HEAD or POST with no <header>: anything else needs a CORS preflight, which the harness does not model"
        ),
        Case(
            name: "an XHR with a method that needs a preflight",
            body: "\(scenario)\n    <fetch kind=\"xhr\" method=\"PUT\" url=\"https://a.example/\"/>\n  </scenario>",
            error: "3:5: error: an XHR here is GET, HEAD or POST with no <header>: anything else needs a CORS preflight, which the harness does not model"
        ),
        Case(
            name: "an EventSource with a header",
            body: "\(scenario)\n    <fetch kind=\"event-source\" url=\"https://a.example/\"><header name=\"X-A\" value=\"1\"/></fetch>\n  </scenario>",
            error: "3:5: error: an event-source is a plain GET: no method=, <header> or <body>"
        ),
        Case(
            name: "a beacon with a method",
            body: "\(scenario)\n    <fetch kind=\"beacon\" method=\"PUT\" url=\"https://a.example/\"/>\n  </scenario>",
            error: "3:5: error: a beacon is a POST of its <body> (navigator.sendBeacon): no method= or <header>"
        ),
        Case(
            name: "with-credentials on a script",
            body: "\(scenario)\n    <fetch kind=\"script\" url=\"https://a.example/\" with-credentials=\"true\"/>\n  </scenario>",
            error: #"3:51: error: with-credentials= belongs to kind="xhr" or "event-source" (a script has its own credentials mode)"#
        ),
        Case(
            name: "an image with a body",
            body: "\(scenario)\n    <fetch kind=\"image\" url=\"https://a.example/\"><body>x</body></fetch>\n  </scenario>",
            error: "3:5: error: an image is a plain GET: no method=, <header> or <body>"
        ),
        Case(
            name: "a WebSocket of an https URL",
            body: "\(scenario)\n    <fetch kind=\"websocket\" url=\"https://a.example/\"/>\n  </scenario>",
            error: "3:29: error: a websocket's url= is ws:// or wss://, not https://a.example/"
        ),
        Case(
            name: "a WebSocket with a header",
            body: "\(scenario)\n    <fetch kind=\"websocket\" url=\"wss://a.example/\"><header name=\"X-A\" value=\"1\"/></fetch>\n  </scenario>",
            error: "3:5: error: a websocket is a plain GET: no method=, <header> or <body>"
        ),
    ]

    @Test("each check the schema cannot express has its own message", arguments: semanticCases)
    func reportsSemanticError(_ testCase: Case) throws {
        let sandbox = try TestDirectory()
        let file = try sandbox.write("redirect.xml", SuiteDocuments.suite(id: "redirect", testCase.body))

        let error = try #require(throws: SuiteLoadingError.self) { try SuiteDocuments.loader().loadSuite(at: file) }

        let expected = "\(file):" + testCase.error.replacingOccurrences(of: "FILE", with: file)
        #expect(error.description == expected)
        #expect(error.diagnostics.count == 1)
    }

    @Test("the edge values of those checks are accepted")
    func acceptsEdgeValues() throws {
        let sandbox = try TestDirectory()
        let file = try sandbox.write("redirect.xml", SuiteDocuments.suite(id: "redirect", """
              <origin url="https://a.example">
                <route path="/*" status="304"/>
                <route path="/r" status="399" location="/x"/>
                <route path="/r" method="POST" status="307" location="/y"/>
              </origin>
              <scenario id="redirect.a"><title>T</title>
                <expect-request url="https://a.example/" occurrence="1" equals=""/>
                <expect-request url="https://a.example/" received="false" empty="false"/>
                <expect-document-cookie lacks="a"/>
                <expect-native-store has=""/>
                <advance-clock seconds="0"/>
                <fetch kind="xhr" method="POST" url="https://a.example/x"><body>b</body></fetch>
                <fetch kind="xhr" with-credentials="true" url="https://a.example/y"/>
                <fetch kind="image" url="https://a.example/z"/>
                <fetch kind="iframe" url="https://a.example/v"/>
                <fetch kind="fetch" credentials="omit" url="https://a.example/w"/>
                <fetch credentials="same-origin" mode="cors" url="https://a.example/u"/>
                <fetch kind="script" url="https://a.example/s"/>
                <fetch kind="beacon" url="https://a.example/b"><body>e=1</body></fetch>
                <fetch kind="event-source" with-credentials="true" url="https://a.example/e"/>
                <fetch kind="websocket" url="wss://a.example/ws"/>
                <fetch kind="websocket" url="ws://a.example:8080/ws?q"/>
                <open-web-view name="b" data-store="non-persistent"/>
                <switch-web-view name="b"/>
              </scenario>
            """))

        let suite = try SuiteDocuments.loader().loadSuite(at: file)

        #expect(suite.origins[0].routes.map(\.status) == [304, 399, 307])
        #expect(suite.scenarios[0].steps.map(\.kind) == [
            .expect(.request(RequestExpectation(
                url: "https://a.example/", occurrence: .number(1), cookie: CookieStringMatch(equals: "")
            ))),
            .expect(.request(RequestExpectation(url: "https://a.example/", received: false))),
            .expect(.documentCookie(CookieStringMatch(lacks: ["a"]))),
            .expect(.store(StoreExpectation(store: .native, name: ""))),
            .advanceClock(seconds: 0),
            .fetch(Request(url: "https://a.example/x", method: "POST", body: "b"), .xhr(withCredentials: false)),
            .fetch(Request(url: "https://a.example/y"), .xhr(withCredentials: true)),
            .fetch(Request(url: "https://a.example/z"), .image),
            .fetch(Request(url: "https://a.example/v"), .iframe),
            .fetch(Request(url: "https://a.example/w"), .fetch(credentials: .omit)),
            .fetch(Request(url: "https://a.example/u"), .fetch(credentials: .sameOrigin, mode: .cors)),
            .fetch(Request(url: "https://a.example/s"), .script),
            .fetch(Request(url: "https://a.example/b", method: "POST", body: "e=1"), .beacon),
            .fetch(Request(url: "https://a.example/e"), .eventSource(withCredentials: true)),
            .fetch(Request(url: "https://a.example/ws"), .webSocket),
            .fetch(Request(url: "http://a.example:8080/ws?q"), .webSocket),
            .openWebView(WebViewOptions(dataStore: .nonPersistent, name: "b")),
            .switchWebView(name: "b"),
        ])
    }

    @Test("every error of a file is reported at once, in order")
    func reportsAllErrorsOfAFile() throws {
        let sandbox = try TestDirectory()
        let file = try sandbox.write("redirect.xml", SuiteDocuments.suite(id: "redirect", """
              <origin url="https://a.example">
                <route path="/sso" status="302"/>
              </origin>
              <scenario id="other.a"><title>T</title>
                <expect-request url="https://a.example/"/>
                <expect-native-store/>
              </scenario>
              <scenario id="redirect.b"><title>T</title>
                <expect-document-cookie/>
              </scenario>
            """))

        let error = try #require(throws: SuiteLoadingError.self) { try SuiteDocuments.loader().loadSuite(at: file) }

        #expect(error.description == """
            \(file):3:5: error: <route status="302"> needs location=
            \(file):5:13: error: scenario id "other.a" must start with "redirect." (the suite id and a dot)
            \(file):6:5: error: <expect-request> needs one of contains=, lacks=, equals=, empty=, body=
            \(file):7:5: error: <expect-native-store> needs exactly one of has=, lacks=
            \(file):10:5: error: <expect-document-cookie> needs one of contains=, lacks=, equals=, empty=
            """)
    }

    @Test("schema errors carry file:line:column, all of them, and stop the loader's own checks")
    func reportsSchemaErrors() throws {
        let sandbox = try TestDirectory()
        let file = try sandbox.write("bad.xml", """
            <suite xmlns="urn:cookieharness:suite:1" id="redirect">
              <origin url="https://a.example">
                <route path="sso" status="700"/>
              </origin>
              <scenario id="redirect.a"><title>T</title>
                <expect-request url="https://a.example/" occurrence="0" empty="true"/>
                <teleport/>
              </scenario>
            </suite>
            """)

        let error = try #require(throws: SuiteLoadingError.self) { try SuiteDocuments.loader().loadSuite(at: file) }

        let lines = error.description.split(separator: "\n").map(String.init)
        #expect(error.diagnostics.map { "\($0.line):\($0.column)" } == ["1:1", "3:23", "6:46", "7:5"], "\(error)")
        #expect(lines.allSatisfy { $0.hasPrefix("\(file):") && $0.contains(": error: ") }, "\(error)")
        #expect(lines.first?.contains("'title'") == true, "\(error)")
        #expect(lines.dropFirst().first?.contains("'700'") == true, "\(error)")
        // path="sso" breaks a loader rule too, but the schema's errors come first and alone.
        #expect(!error.description.contains("must start with"), "\(error)")
    }

    @Test("a file that is not well-formed reports libxml2's error with its position")
    func reportsMalformedXML() throws {
        let sandbox = try TestDirectory()
        let file = try sandbox.write("cut.xml", "<suite xmlns=\"urn:cookieharness:suite:1\" id=\"a\" title=\"T\">\n  <scenario>\n")

        let error = try #require(throws: SuiteLoadingError.self) { try SuiteDocuments.loader().loadSuite(at: file) }

        #expect(error.diagnostics.first?.line == 3, "\(error)")
        #expect(error.description.hasPrefix("\(file):3:"), "\(error)")
    }

    @Test("a scenario id used in two files names both places; errors of several files come together")
    func reportsDuplicateIDsAcrossFiles() throws {
        let sandbox = try TestDirectory()
        let body = "  <scenario id=\"dup.a\"><title>T</title><restart-app/></scenario>"
        let first = try sandbox.write("suites/a.xml", SuiteDocuments.suite(id: "dup", body))
        let second = try sandbox.write("suites/b.xml", SuiteDocuments.suite(id: "dup", "\n" + body))
        let third = try sandbox.write("suites/c.xml", SuiteDocuments.suite(id: "c", """
              <scenario id="c.a"><title>T</title><expect-document-cookie/></scenario>
            """))

        let error = try #require(throws: SuiteLoadingError.self) {
            try SuiteDocuments.loader().load([sandbox.path + "/suites"])
        }

        #expect(error.description == """
            \(second):3:13: error: duplicate scenario id "dup.a": first defined at \(first):2:13
            \(third):2:38: error: <expect-document-cookie> needs one of contains=, lacks=, equals=, empty=
            """)
    }

    @Test("a scenario id used twice in one file is the schema's error")
    func reportsDuplicateIDsInOneFile() throws {
        let sandbox = try TestDirectory()
        let file = try sandbox.write("dup.xml", SuiteDocuments.suite(id: "dup", """
              <scenario id="dup.a"><title>T</title><restart-app/></scenario>
              <scenario id="dup.a"><title>T</title><restart-app/></scenario>
            """))

        let error = try #require(throws: SuiteLoadingError.self) { try SuiteDocuments.loader().loadSuite(at: file) }

        #expect(error.diagnostics.count == 1, "\(error)")
        #expect(error.description.hasPrefix("\(file):3:"), "\(error)")
        #expect(error.description.contains("unique-scenario-id"), "\(error)")
    }

    @Test("an expectations file is not a suite when named alone")
    func refusesExpectationsAsSuite() throws {
        let sandbox = try TestDirectory()
        let file = try sandbox.write("x.xml", """
            <expectations xmlns="urn:cookieharness:suite:1" adapter="x"/>
            """)

        let error = try #require(throws: SuiteLoadingError.self) { try SuiteDocuments.loader().loadSuite(at: file) }

        #expect(error.description == "\(file): error: this is an <expectations> file, not a <suite>")
    }
}
