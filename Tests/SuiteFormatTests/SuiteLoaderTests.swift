import Foundation
import HarnessCore
import SuiteFormat
import TestSupport
import Testing

@Suite("Suite loader: valid suites, directories, hostile input")
struct SuiteLoaderTests {
    static let redirectSuite = """
        <?xml version="1.0" encoding="UTF-8"?>
        <suite xmlns="urn:cookieharness:suite:1" id="redirect" title="  Cookies set on
               a 302   during login ">
          <description>Shown to people only.</description>
          <provenance>
            written by hand
          </provenance>
          <clock start="2030-06-01T12:30:00+02:00"/>
          <origin url="https://login.example.com">
            <route path="/sso" status="302" location="https://app.example.com/home">
              <set-cookie>
                sid=s3cr3t; Domain=example.com; Path=/; Secure; HttpOnly
              </set-cookie>
              <set-cookie>theme=dark</set-cookie>
              <header name="Cache-Control" value="no-store"/>
            </route>
            <route path="/api/*" method="POST" status="201"><body>{"ok":true}</body></route>
          </origin>
          <origin url="https://app.example.com"><route path="/home"/></origin>
          <scenario id="redirect.login-302-sets-session" tags="302  httponly cross-domain" requires="http-only store-inspection">
            <title>
              A session cookie set on the 302 reaches
              the redirect target
            </title>
            <ref>RFC6265bis 5.7</ref>
            <ref>webkit   3a</ref>
            <native-set-cookie url="https://login.example.com/">  pre=1; Path=/  </native-set-cookie>
            <native-request url="https://login.example.com/native" method="POST" handles-cookies="false">
              <header name="X-A" value="1"/>
              <header name="X-B" value="2"/>
              <body>a=1&amp;b=2</body>
            </native-request>
            <open-web-view data-store="non-persistent" shared-process-pool="false"/>
            <load url="https://login.example.com/sso"/>
            <follow-link url="https://app.example.com/next"/>
            <fetch url="https://app.example.com/api/x"/>
            <run-script>document.cookie = "js=1";</run-script>
            <restart-app/>
            <advance-clock seconds="3600.5"/>
            <expect-request url="https://app.example.com/home" contains="sid=s3cr3t  theme" lacks="pre"/>
            <expect-request url="https://app.example.com/home" occurrence="2" equals="sid=s3cr3t"/>
            <expect-request url="https://evil.example/" occurrence="first" received="false"/>
            <expect-document-cookie empty="true"/>
            <expect-native-store has="sid" domain="example.com" http-only="true" secure="1" persistent="false"/>
            <expect-web-view-store lacks="pre" value="1" path="/"/>
            <expect-last-step outcome="redirect-loop"/>
          </scenario>
          <scenario id="redirect.minimal">
            <title>Minimal</title>
            <load url="https://app.example.com/home"/>
          </scenario>
        </suite>
        """

    @Test("a valid suite loads to the exact model")
    func loadsValidSuite() throws {
        let sandbox = try TestDirectory()
        let file = try sandbox.write("redirect/basic.xml", Self.redirectSuite)

        let suite = try SuiteDocuments.loader().loadSuite(at: file)

        #expect(suite.id == "redirect")
        #expect(suite.title == "Cookies set on a 302 during login")
        #expect(suite.file == file)
        #expect(suite.provenance == "written by hand")
        // 12:30 at +02:00 is 10:30 UTC.
        #expect(suite.clockStart == Date(timeIntervalSince1970: 1_906_540_200))
        #expect(suite.origins == [
            Origin(url: "https://login.example.com", routes: [
                Route(
                    path: "/sso", status: 302,
                    setCookies: ["sid=s3cr3t; Domain=example.com; Path=/; Secure; HttpOnly", "theme=dark"],
                    location: "https://app.example.com/home",
                    headers: [HTTPHeaderField(name: "Cache-Control", value: "no-store")]
                ),
                Route(path: "/api/*", method: "POST", status: 201, body: #"{"ok":true}"#),
            ]),
            Origin(url: "https://app.example.com", routes: [Route(path: "/home")]),
        ])

        try #require(suite.scenarios.count == 2)
        let scenario = suite.scenarios[0]
        #expect(scenario.id == "redirect.login-302-sets-session")
        #expect(scenario.title == "A session cookie set on the 302 reaches the redirect target")
        #expect(scenario.tags == ["302", "httponly", "cross-domain"])
        #expect(scenario.references == ["RFC6265bis 5.7", "webkit 3a"])
        #expect(scenario.declaredCapabilities == [.httpOnly, .storeInspection])
        #expect(scenario.location == SuiteLocation(file: file, line: 20))

        func at(_ line: Int) -> SuiteLocation { SuiteLocation(file: file, line: line) }
        let expected: [Step] = [
            Step(.nativeSetCookie(url: "https://login.example.com/", setCookie: "pre=1; Path=/"), location: at(27)),
            Step(.nativeRequest(Request(
                url: "https://login.example.com/native", method: "POST",
                headers: [HTTPHeaderField(name: "X-A", value: "1"), HTTPHeaderField(name: "X-B", value: "2")],
                body: "a=1&b=2", handlesCookies: false
            )), location: at(28)),
            Step(.openWebView(WebViewOptions(dataStore: .nonPersistent, sharedProcessPool: false)), location: at(33)),
            Step(.load(Request(url: "https://login.example.com/sso")), location: at(34)),
            Step(.followLink(url: "https://app.example.com/next"), location: at(35)),
            Step(.fetch(Request(url: "https://app.example.com/api/x")), location: at(36)),
            Step(.runScript(#"document.cookie = "js=1";"#), location: at(37)),
            Step(.restartApp, location: at(38)),
            Step(.advanceClock(seconds: 3600.5), location: at(39)),
            Step(.expect(.request(RequestExpectation(
                url: "https://app.example.com/home",
                cookie: CookieStringMatch(contains: ["sid=s3cr3t", "theme"], lacks: ["pre"])
            ))), location: at(40)),
            Step(.expect(.request(RequestExpectation(
                url: "https://app.example.com/home", occurrence: .number(2),
                cookie: CookieStringMatch(equals: "sid=s3cr3t")
            ))), location: at(41)),
            Step(.expect(.request(RequestExpectation(
                url: "https://evil.example/", occurrence: .first, received: false
            ))), location: at(42)),
            Step(.expect(.documentCookie(CookieStringMatch(isEmpty: true))), location: at(43)),
            Step(.expect(.store(StoreExpectation(
                store: .native, name: "sid", present: true, domain: "example.com", httpOnly: true, secure: true,
                persistent: false
            ))), location: at(44)),
            Step(.expect(.store(StoreExpectation(
                store: .webView, name: "pre", present: false, value: "1", path: "/"
            ))), location: at(45)),
            Step(.expect(.lastStep(.redirectLoop)), location: at(46)),
        ]
        #expect(scenario.steps.count == expected.count)
        for (index, (actual, wanted)) in zip(scenario.steps, expected).enumerated() {
            #expect(actual == wanted, "step \(index)")
        }

        let minimal = suite.scenarios[1]
        #expect(minimal.tags == [] && minimal.references == [] && minimal.declaredCapabilities == [])
        #expect(minimal.steps == [Step(.load(Request(url: "https://app.example.com/home")), location: at(50))])
    }

    @Test("defaults: clock start, no provenance, a prefixed namespace, a clock without a zone is UTC")
    func appliesDefaults() throws {
        let sandbox = try TestDirectory()
        let plain = try sandbox.write("plain.xml", SuiteDocuments.suite(id: "plain", """
              <scenario id="plain.a"><title>A</title><restart-app/></scenario>
            """))
        let prefixed = try sandbox.write("prefixed.xml", """
            <s:suite xmlns:s="urn:cookieharness:suite:1" id="pre" title="P">
              <s:clock start="2026-01-01T00:00:00.250"/>
              <s:scenario id="pre.a"><s:title>A</s:title><s:advance-clock seconds="1e3"/></s:scenario>
            </s:suite>
            """)
        let loader = try SuiteDocuments.loader()

        let plainSuite = try loader.loadSuite(at: plain)
        #expect(plainSuite.clockStart == Suite.defaultClockStart)
        #expect(plainSuite.provenance == nil)
        #expect(plainSuite.origins == [])

        let prefixedSuite = try loader.loadSuite(at: prefixed)
        #expect(prefixedSuite.clockStart == Suite.defaultClockStart.addingTimeInterval(0.25))
        #expect(prefixedSuite.scenarios.first?.steps.first?.kind == .advanceClock(seconds: 1000))
    }

    @Test(
        "clock start is an xs:dateTime: zones, fractions, 24:00, leap days, before 1970",
        arguments: [
            ("2026-01-01T00:00:00Z", 1_767_225_600.0),
            ("2025-12-31T24:00:00Z", 1_767_225_600),
            ("2026-01-01T01:00:00+01:00", 1_767_225_600),
            ("2025-12-31T19:00:00-05:00", 1_767_225_600),
            ("2026-01-01T00:00:00", 1_767_225_600),
            ("2024-02-29T00:00:00Z", 1_709_164_800),
            ("1969-12-31T23:59:59.5Z", -0.5),
            ("2000-03-01T00:00:00.125Z", 951_868_800.125),
        ]
    )
    func parsesClockStart(start: String, seconds: Double) throws {
        let sandbox = try TestDirectory()
        let file = try sandbox.write("clock.xml", SuiteDocuments.suite(id: "c", """
              <clock start="\(start)"/>
              <scenario id="c.a"><title>T</title><restart-app/></scenario>
            """))
        let suite = try SuiteDocuments.loader().loadSuite(at: file)
        #expect(suite.clockStart.timeIntervalSince1970 == seconds)
    }

    @Test("a directory loads recursively in sorted path order, skipping expectation and hidden files")
    func loadsDirectoryInOrder() throws {
        let sandbox = try TestDirectory()
        func suite(_ id: String) -> String {
            SuiteDocuments.suite(id: id, "  <scenario id=\"\(id).s\"><title>T</title><restart-app/></scenario>")
        }
        try sandbox.write("suites/b.xml", suite("b"))
        try sandbox.write("suites/a/z.xml", suite("az"))
        try sandbox.write("suites/a-c.xml", suite("ac"))
        try sandbox.write("suites/A.xml", suite("upper"))
        try sandbox.write("suites/notes.txt", "not xml")
        try sandbox.write("suites/.hidden.xml", "<broken")
        try sandbox.write("suites/.git/x.xml", "<broken")
        let expectations = try sandbox.write("suites/expectations/wk-no-sync.xml", """
            <expectations xmlns="urn:cookieharness:suite:1" adapter="wk-no-sync">
              <expect scenario="b.*" status="fail">first request</expect>
            </expectations>
            """)
        let directory = sandbox.path + "/suites"

        let loaded = try SuiteDocuments.loader().load([directory])

        // Byte order of the relative paths: "A.xml" < "a-c.xml" < "a/z.xml" < "b.xml".
        #expect(loaded.suites.map(\.id) == ["upper", "ac", "az", "b"])
        #expect(loaded.suites.map(\.file) == [
            "\(directory)/A.xml", "\(directory)/a-c.xml", "\(directory)/a/z.xml", "\(directory)/b.xml",
        ])
        #expect(loaded.expectationFiles == [expectations])
        #expect(loaded.scenarioIDs == ["upper.s", "ac.s", "az.s", "b.s"])
    }

    @Test("paths keep their spelling; a file named twice is loaded once; explicit files keep the given order")
    func keepsPathsAsGiven() throws {
        let sandbox = try TestDirectory()
        let second = try sandbox.write("d/two.xml", SuiteDocuments.suite(id: "two", """
              <scenario id="two.s"><title>T</title><restart-app/></scenario>
            """))
        let first = try sandbox.write("one.xml", SuiteDocuments.suite(id: "one", """
              <scenario id="one.s"><title>T</title><restart-app/></scenario>
            """))

        let loaded = try SuiteDocuments.loader().load([second, first, sandbox.path + "/d/"])

        #expect(loaded.suites.map(\.file) == [second, first])
        #expect(loaded.suites[0].scenarios[0].location == SuiteLocation(file: second, line: 2))
    }

    @Test("an external entity gives an error, never the file's contents")
    func refusesExternalEntities() throws {
        let sandbox = try TestDirectory()
        let marker = "SECRET-\(UUID().uuidString)"
        let secret = try sandbox.write("secret.txt", marker)
        // An external DTD that would define the entity with the secret, if it were ever read and expanded.
        let dtd = try sandbox.write("evil.dtd", "<!ENTITY e \"\(marker)\">")
        let attacks = [
            "<!DOCTYPE suite SYSTEM \"file://\(dtd)\">",
            "<!DOCTYPE suite [<!ENTITY e SYSTEM \"file://\(secret)\">]>",
            "<!DOCTYPE suite [<!ENTITY % p SYSTEM \"file://\(secret)\"> %p;]>",
            "<!DOCTYPE suite SYSTEM \"file://\(secret)\">",
        ]
        let loader = try SuiteDocuments.loader()
        for (index, doctype) in attacks.enumerated() {
            let file = try sandbox.write("xxe\(index).xml", """
                \(doctype)
                <suite xmlns="urn:cookieharness:suite:1" id="x" title="&e;">
                  <scenario id="x.a"><title>&e;</title><run-script>&e;</run-script></scenario>
                </suite>
                """)
            let error = try #require(throws: SuiteLoadingError.self, "attack \(index)") {
                try loader.loadSuite(at: file)
            }
            #expect(!error.description.contains(marker), "attack \(index) read the file: \(error)")
            #expect(error.description.hasPrefix("\(file):"), "attack \(index): \(error)")
        }
    }

    @Test("a missing path and an empty directory are errors naming the path")
    func reportsMissingPaths() throws {
        let sandbox = try TestDirectory()
        let empty = sandbox.path + "/empty"
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        let missing = sandbox.path + "/missing.xml"

        let error = try #require(throws: SuiteLoadingError.self) {
            try SuiteDocuments.loader().load([missing, empty])
        }
        #expect(error.description == """
            \(missing): error: no such file or directory
            \(empty): error: no suite files (*.xml) in this directory
            """)
    }
}

// MARK: - Support shared by the SuiteLoader*Tests files

/// Suite documents and the production loader, for the SuiteLoader*Tests files (which write them to a
/// `TestDirectory`).
enum SuiteDocuments {
    static func loader() throws -> SuiteLoader {
        SuiteLoader(schema: try SuiteSchema.load(from: RepositoryFiles.suiteSchema))
    }

    /// A suite document: the `<suite>` start tag on line 1, `body` from line 2, `</suite>` after it.
    static func suite(id: String, title: String = "T", _ body: String) -> String {
        "<suite xmlns=\"urn:cookieharness:suite:1\" id=\"\(id)\" title=\"\(title)\">\n\(body)\n</suite>\n"
    }
}
