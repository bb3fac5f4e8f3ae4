import Foundation
import HarnessCore
import SuiteFormat
import TestSupport
import Testing
import XMLSupport

@testable import Conformance

/// Set `WPT_COOKIES_RECORD=1` to rewrite the committed suite and expectation files from the corpus instead of
/// comparing with them: `WPT_COOKIES_RECORD=1 swift test --filter WPTCookieImporter`.
private let recording = ProcessInfo.processInfo.environment["WPT_COOKIES_RECORD"] == "1"

@Suite("wpt-cookies: recorded results")
struct WPTRecordedResultsTests {
    @Test("a line belongs to the longest subtest name it starts with, and FAIL values are decoded")
    func longestNameWins() {
        let results = WPTRecordedResults(text: """

            PASS Set a nameless cookie (that has an = in its value)
            FAIL Set a nameless cookie assert_equals: The cookie was set as expected. expected "test2c" but got ""
            FAIL Quoted assert_equals: The cookie was set as expected. expected "\\"a=b\\"=test" but got "a\\\\b\\u0001"
            TIMEOUT Slow Test timed out

            """, file: "x-expected.txt")
        let outcomes = results.outcomes(for: [
            "Set a nameless cookie", "Set a nameless cookie (that has an = in its value)", "Quoted", "Slow", "Absent",
        ])
        #expect(outcomes["Set a nameless cookie (that has an = in its value)"] == .pass)
        #expect(outcomes["Set a nameless cookie"] == .fail(
            message: "assert_equals: The cookie was set as expected. expected \"test2c\" but got \"\"", expected: "test2c", got: ""))
        guard case .fail(_, let expected, let got) = outcomes["Quoted"] else {
            Issue.record("Quoted: \(String(describing: outcomes["Quoted"]))")
            return
        }
        #expect(expected == "\"a=b\"=test")
        #expect(got == "a\\b\u{01}")
        #expect(outcomes["Slow"] == .other(status: "TIMEOUT", message: "Test timed out"))
        #expect(outcomes["Absent"] == nil)
    }

    @Test("a FAIL that quotes no string keeps its message and no value")
    func failWithoutValues() {
        #expect(WPTRecordedResults.quotedValues("promise_test: Unhandled rejection with value: object \"TypeError\"") == (nil, nil))
        #expect(WPTRecordedResults.quotedValues("assert_equals: x expected \"a\" but got 3") == ("a", nil))
    }
}

@Suite("wpt-cookies: corpus → suite")
struct WPTCookieImporterTests {
    /// A corpus of one test file with one subtest of each kind the importer meets.
    private func smallCorpus() throws -> (TestDirectory, WPTCookieCorpus) {
        let directory = try TestDirectory()
        try directory.makeFolder("vectors/cookies/name")
        try directory.makeFolder("recorded/apple/cookies/name")
        _ = try directory.write("vectors/cookies/name/name.html.json", """
            {"test": "cookies/name/name.html", "source": {"repository": "web-platform-tests/wpt", "path": "cookies/name/name.html", "commit": "0123456789012345678901234567890123456789"},
             "page": "http", "subtests": [
              {"name": "Plain", "helper": "httpCookieTest", "cookies": ["  a=1  ", "b=2%"], "expected": "a=1; b=2%"},
              {"name": "Nameless", "helper": "httpCookieTest", "cookies": ["=test"], "expected": "test", "defaultPath": false},
              {"name": "Script", "helper": "domCookieTest", "cookies": ["c=\\"3\\u0001"], "expected": ""},
              {"name": "Newline", "helper": "httpCookieTest", "cookies": ["d=4\\n5"], "expected": "", "allowFetchFailure": true},
              {"name": "Custom", "helper": "other", "note": "reads two frames"}
             ]}
            """)
        _ = try directory.write("recorded/apple/cookies/name/name-expected.txt", """

            PASS Plain
            FAIL Nameless assert_equals: The cookie was set as expected. expected "test" but got ""
            FAIL Script assert_equals: The cookie was rejected. expected "" but got "c=\\"3"
            PASS Newline
            PASS Custom

            """)
        return (directory, try WPTCookieCorpus(path: directory.path))
    }

    @Test("each helper becomes WPT's flow; what cannot travel or is custom is listed with its reason")
    func flows() throws {
        let (directory, corpus) = try smallCorpus()
        let importer = WPTCookieImporter(corpus: corpus)
        #expect(importer.imported.map(\.scenarioID) == ["wpt-cookies.name.name.001", "wpt-cookies.name.name.002", "wpt-cookies.name.name.003"])
        #expect(importer.skipped.map(\.name) == ["Newline", "Custom"])
        #expect(importer.skipped.first?.reason.contains("CR, LF or NUL") == true)
        let xml = try importer.suiteXML()
        let suite = try SuiteLoader(schema: try SuiteSchema.load(from: RepositoryFiles.suiteSchema)).loadSuite(
            at: try directory.write("wpt-cookies.xml", xml))
        let steps = suite.scenarios.map { $0.steps.map { "\($0)" } }
        #expect(suite.scenarios.count == 3)
        // The Set-Cookie lines trimmed as a recipient reads them, the % kept through percent encoding.
        #expect(xml.contains(#"<set-cookie xml:space="preserve">a=1</set-cookie>"#))
        #expect(xml.contains(#"<set-cookie xml:space="preserve" encoding="percent">b=2%25</set-cookie>"#))
        // Default path: read on echo-cookie.html; without it, on the page itself; a script writes for domCookieTest.
        #expect(steps[0].contains { $0.contains("echo-cookie.html") })
        #expect(!steps[1].contains { $0.contains("echo-cookie.html") })
        #expect(xml.contains(#"document.cookie = &quot;c=\&quot;3\u0001&quot;;"#))
        #expect(xml.contains("Newline: a Set-Cookie line with CR, LF or NUL"))
    }

    @Test("a recorded FAIL is an expected failure with the value the port showed; a PASS is not listed")
    func expectations() throws {
        let (_, corpus) = try smallCorpus()
        let xml = try WPTCookieImporter(corpus: corpus).expectationsXML(adapter: "wk-no-sync", port: .apple)
        #expect(!xml.contains("wpt-cookies.name.name.001"))
        #expect(xml.contains(#"scenario="wpt-cookies.name.name.002" status="fail" observed="document.cookie: expected &apos;test&apos;, observed (none)""#)
                || xml.contains(#"scenario="wpt-cookies.name.name.002" status="fail" observed="document.cookie: expected 'test', observed (none)""#))
        #expect(xml.contains("document.cookie: expected no cookie, observed"))
        // The glib ports record the generic baseline where they have no file of their own.
        #expect(corpus.files[0].recorded[.glib]?.file == corpus.files[0].recorded[.apple]?.file)
    }

    @Test("the prefix helpers: a Set-Cookie from set.py or a document.cookie write, then what a fetch of list.py carries; FAILs keep their value; file names that share a stem are told apart")
    func prefixHelpers() throws {
        let directory = try TestDirectory()
        try directory.makeFolder("vectors/cookies/prefix")
        try directory.makeFolder("recorded/apple/cookies/prefix")
        let source = #""source": {"repository": "r", "path": "p", "commit": "0123456789012345678901234567890123456789"}"#
        _ = try directory.write("vectors/cookies/prefix/__host.header.https.html.json", """
            {"test": "cookies/prefix/__host.header.https.html", \(source), "page": "https", "subtests": [
              {"name": "Does not set", "helper": "prefixedCookieViaHttp", "cookies": ["__HoSt-x=bar1;Path=/;"], "cookieName": "__HoSt-x", "value": "bar1", "origin": "self", "expectCookieSet": false},
              {"name": "Does set", "helper": "prefixedCookieViaHttp", "cookies": ["__Host-x=bar2;Secure;Path=/;"], "cookieName": "__Host-x", "value": "bar2", "origin": "self", "expectCookieSet": true},
              {"name": "Cross-site", "helper": "prefixedCookieViaHttp", "cookies": ["__Host-x=bar3;Secure"], "cookieName": "__Host-x", "value": "bar3", "origin": "https://{{hosts[alt][]}}", "expectCookieSet": false}
             ]}
            """)
        _ = try directory.write("vectors/cookies/prefix/__host.document-cookie.https.html.json", """
            {"test": "cookies/prefix/__host.document-cookie.https.html", \(source), "page": "https", "subtests": [
              {"name": "DOM", "helper": "prefixedCookieViaDom", "cookies": ["__HoSt-y=foo1;Path=/;"], "cookieName": "__HoSt-y", "value": "foo1", "origin": "self", "expectInDocumentCookie": false, "expectCookieSet": false}
             ]}
            """)
        _ = try directory.write("recorded/apple/cookies/prefix/__host.header.https-expected.txt", """

            FAIL Does not set assert_equals: expected (undefined) undefined but got (string) "bar1"
            FAIL Does set assert_equals: expected (string) "bar2" but got (undefined) undefined
            PASS Cross-site

            """)
        _ = try directory.write("recorded/apple/cookies/prefix/__host.document-cookie.https-expected.txt", """

            FAIL DOM assert_equals: `__HoSt-y=foo1` in `document.cookie` expected false but got true

            """)
        let importer = WPTCookieImporter(corpus: try WPTCookieCorpus(path: directory.path))
        #expect(importer.imported.map(\.scenarioID) == [
            "wpt-cookies.prefix.__host-document-cookie-https.001", "wpt-cookies.prefix.__host-header-https.001",
            "wpt-cookies.prefix.__host-header-https.002",
        ])
        #expect(importer.skipped.map(\.name) == ["Cross-site"])
        let xml = try importer.suiteXML()
        let suite = try SuiteLoader(schema: try SuiteSchema.load(from: RepositoryFiles.suiteSchema)).loadSuite(
            at: try directory.write("wpt-cookies.xml", xml))
        #expect(suite.scenarios.count == 3)
        #expect(xml.contains(#"<route path="/cookies/resources/set.py?__host-header-https-1" status="200">"#))
        #expect(xml.contains(#"<expect-request url="https://web-platform.test/cookies/resources/list.py" empty="true"/>"#))
        #expect(xml.contains(#"<expect-request url="https://web-platform.test/cookies/resources/list.py" equals="__Host-x=bar2"/>"#))
        let expectations = try importer.expectationsXML(adapter: "wk-no-sync", port: .apple)
        let list = "Cookie header of GET https://web-platform.test/cookies/resources/list.py"
        for observed in [
            "\(list): expected no cookie, observed &apos;__HoSt-x=bar1&apos;", "\(list): expected &apos;__Host-x=bar2&apos;, observed (none)",
            "document.cookie: expected no cookie, observed &apos;__HoSt-y=foo1&apos;",
        ] {
            #expect(expectations.contains(observed) || expectations.contains(observed.replacingOccurrences(of: "&apos;", with: "'")), "\(observed)")
        }
    }

    @Test("a corpus without vectors is refused with the folder named; a test without a record is not imported, with why")
    func badCorpus() throws {
        let directory = try TestDirectory()
        do {
            _ = try WPTCookieCorpus(path: directory.path)
            Issue.record("a folder without vectors/ was read as a corpus")
        } catch let error as WPTCookieCorpusError {
            #expect(error.description.contains("no vectors/ folder"))
        }
        try directory.makeFolder("vectors")
        _ = try directory.write("vectors/t.html.json", """
            {"test": "cookies/t.html", "source": {"repository": "r", "path": "p", "commit": "c"},
             "subtests": [{"name": "One", "helper": "httpCookieTest", "cookies": ["a=1"], "expected": "a=1"}]}
            """)
        let importer = WPTCookieImporter(corpus: try WPTCookieCorpus(path: directory.path))
        #expect(importer.imported.isEmpty)
        #expect(importer.skipped.first?.reason == "no result recorded for the apple ports (no baseline file)")
    }

    @Test("the committed suite and expectation files are exactly a fresh import, so they cannot drift from the corpus")
    func committedFilesAreFresh() throws {
        let corpus = try WPTCookieCorpus(path: RepositoryFiles.path(WPTCookieImporter.corpusPath))
        let importer = WPTCookieImporter(corpus: corpus)
        let suitePath = RepositoryFiles.path(WPTCookieImporter.suitePath)
        if recording { try importer.suiteXML(to: suitePath) }
        #expect(try String(contentsOfFile: suitePath, encoding: .utf8) == (try importer.suiteXML()),
                "\(WPTCookieImporter.suitePath) is stale: WPT_COOKIES_RECORD=1 swift test --filter WPTCookieImporter")
        for (adapter, _, port, _) in WPTCookieImporter.profiles {
            let path = RepositoryFiles.path("\(WPTCookieImporter.expectationsFolder)/\(adapter).xml")
            if recording { try importer.expectationsXML(adapter: adapter, port: port, to: path) }
            #expect(try String(contentsOfFile: path, encoding: .utf8) == (try importer.expectationsXML(adapter: adapter, port: port)),
                    "\(path) is stale: WPT_COOKIES_RECORD=1 swift test --filter WPTCookieImporter")
        }
    }
}
