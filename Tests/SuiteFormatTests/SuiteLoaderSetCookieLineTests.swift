import CookieModel
import Foundation
import HarnessCore
import SuiteFormat
import TestSupport
import Testing

@Suite("Suite loader: Set-Cookie lines byte for byte, and what the wire can carry")
struct SuiteLoaderSetCookieLineTests {
    static let scenario = "  <scenario id=\"p.a\"><title>T</title><native-request url=\"http://a.example/\"/></scenario>"

    /// The routes' lines of a suite whose origin holds `routes`.
    private func lines(_ routes: String) throws -> [[String]] {
        let sandbox = try TestDirectory()
        let file = try sandbox.write(
            "p.xml", SuiteDocuments.suite(id: "p", "  <origin url=\"http://a.example\">\(routes)</origin>\n\(Self.scenario)"))
        return try SuiteDocuments.loader().loadSuite(at: file).origins[0].routes.map(\.setCookies)
    }

    /// The one error a suite with `routes` gives, without the file name.
    private func error(_ routes: String) throws -> String {
        let sandbox = try TestDirectory()
        let file = try sandbox.write(
            "p.xml", SuiteDocuments.suite(id: "p", "  <origin url=\"http://a.example\">\(routes)</origin>\n\(Self.scenario)"))
        let error = try #require(throws: SuiteLoadingError.self) { try SuiteDocuments.loader().loadSuite(at: file) }
        #expect(error.diagnostics.count == 1)
        return error.description.replacingOccurrences(of: file + ":", with: "")
    }

    @Test("by default a line is trimmed; xml:space=preserve keeps it exactly; encoding=percent carries any octet")
    func readsLines() throws {
        let routes = """
            <route path="/a"><set-cookie>
                x=1; Path=/
              </set-cookie></route>
            <route path="/b" delivery="parser"><set-cookie xml:space="preserve"> x=1&#13;</set-cookie><set-cookie>&#10;y=2&#13;</set-cookie></route>
            <route path="/c" delivery="parser"><set-cookie encoding="percent"> a=b%00c%25%0A </set-cookie><set-cookie encoding="text">t=%00</set-cookie></route>
            <route path="/d" delivery="parser"><set-cookie xml:space="preserve" encoding="percent">%09v=%7f </set-cookie></route>
            """
        #expect(try lines(routes) == [["x=1; Path=/"], [" x=1\r", "y=2"], ["a=b\0c%\n", "t=%00"], ["\tv=\u{7F} "]])
    }

    @Test("xml:lang, xml:base and xml:id pass the schema's anyAttribute but mean nothing to a line: refused at the attribute")
    func refusesXMLAttributesOtherThanSpace() throws {
        #expect(try error("<route path=\"/\"><set-cookie xml:lang=\"en\">x=1</set-cookie></route>")
            == "2:62: error: xml:lang= means nothing on a Set-Cookie line: only xml:space= is read here")
        for attribute in ["xml:base", "xml:id"] {
            #expect(try error("<route path=\"/\"><set-cookie xml:space=\"preserve\" \(attribute)=\"x\">x=1</set-cookie></route>")
                .contains("\(attribute)= means nothing on a Set-Cookie line"))
        }
    }

    @Test("a wire route refuses a line no HTTP/1.1 field value can carry, naming the line and the way out")
    func refusesWireLines() throws {
        #expect(try error("<route path=\"/\"><set-cookie xml:space=\"preserve\">x=1&#13;</set-cookie></route>")
            == #"2:50: error: Set-Cookie line "x=1\r" cannot be delivered on the wire: it contains U+000D, which no "#
            + #"HTTP/1.1 field value can carry (RFC 9110 §5.5); to hand it to the store's parser byte for byte, "#
            + #"write delivery="parser" on the <route>"#)
        #expect(try error("<route path=\"/\"><set-cookie encoding=\"percent\">x=%001</set-cookie></route>")
            .contains(#""x=\01" cannot be delivered on the wire: it contains U+0000"#))
        #expect(try error("<route path=\"/\"><set-cookie xml:space=\"preserve\">x=1 </set-cookie></route>")
            .contains("it ends with U+0020, which a recipient strips from a field value (RFC 9110 §5.5)"))
        #expect(try error("<route path=\"/\"><set-cookie xml:space=\"preserve\">&#9;x=1</set-cookie></route>")
            .contains("it starts with U+0009"))
        #expect(try error("<route path=\"/\"><header name=\"X\" value=\"a&#10;b\"/></route>")
            == #"2:67: error: header value "a\nb" contains U+000A, which no HTTP/1.1 field value can carry (RFC 9110 §5.5)"#)
        // The same lines in a parser route load.
        #expect(try lines("<route path=\"/\" delivery=\"parser\"><set-cookie xml:space=\"preserve\">x=1 &#10;</set-cookie></route>")
            == [["x=1 \n"]])
    }

    @Test("a broken percent escape or octets that are not UTF-8 are errors, the octets shown escaped")
    func refusesBadEncodings() throws {
        #expect(try error("<route path=\"/\"><set-cookie encoding=\"percent\">a=%4</set-cookie></route>")
            == #"2:50: error: encoding="percent": the "%" at octet 2 is not followed by two hex digits (write a literal "%" as %25)"#)
        #expect(try error("<route path=\"/\"><set-cookie encoding=\"percent\">a=%FF%22</set-cookie></route>")
            == #"2:50: error: encoding="percent": the decoded octets are not UTF-8 (a Set-Cookie line is carried as text): "a=\xFF\"""#)
    }

    @Test("a scenario reaching a parser route, directly or by redirect, or writing a raw native line, needs raw-set-cookie")
    func marksScenarios() throws {
        let sandbox = try TestDirectory()
        let file = try sandbox.write("p.xml", SuiteDocuments.suite(id: "p", """
              <origin url="http://a.example">
                <route path="/raw*" delivery="parser"><set-cookie xml:space="preserve">x=1&#13;</set-cookie></route>
                <route path="/hop" status="302" location="http://b.example/go"/>
                <route path="/plain"><set-cookie>y=2</set-cookie></route>
              </origin>
              <origin url="http://b.example"><route path="/go" status="307" location="http://a.example/raw?1"/></origin>
              <scenario id="p.direct"><title>T</title><native-request url="http://a.example/raw"/></scenario>
              <scenario id="p.redirect"><title>T</title><open-web-view/><load url="http://a.example/hop"/></scenario>
              <scenario id="p.plain"><title>T</title><native-request url="http://a.example/plain"/><native-request url="http://a.example/raw-not-here/../x" method="POST"/></scenario>
              <scenario id="p.native"><title>T</title><native-set-cookie url="http://c.example/" encoding="percent">a=b%00</native-set-cookie></scenario>
              <scenario id="p.native-ok"><title>T</title><native-set-cookie url="http://c.example/" xml:space="preserve"> a=b </native-set-cookie></scenario>
            """))
        let suite = try SuiteDocuments.loader().loadSuite(at: file)
        let needing = suite.scenarios.filter { $0.requiredCapabilities.contains(.rawSetCookie) }.map(\.id)
        #expect(needing == ["p.direct", "p.redirect", "p.plain", "p.native"])

        var wireOnly = Adapter.reference
        wireOnly.capabilities.remove(.rawSetCookie)
        #expect(wireOnly.skipReason(for: suite.scenarios[0]) == "adapter 'reference' lacks capability: raw-set-cookie")
        #expect(Adapter.reference.skipReason(for: suite.scenarios[0]) == nil)
        #expect(wireOnly.skipReason(for: suite.scenarios[4]) == nil)
    }

    @Test("the reference jar ignores a line that ends in CR or LF (RFC 6265bis §5.6 step 1), and keeps a TAB inside a value")
    func referenceRejectsControlCharacters() throws {
        let sandbox = try TestDirectory()
        let file = try sandbox.write("p.xml", SuiteDocuments.suite(id: "p", """
              <origin url="http://a.example">
                <route path="/set" delivery="parser">
                  <set-cookie xml:space="preserve">cr=1&#13;</set-cookie>
                  <set-cookie xml:space="preserve">lf=1&#10;</set-cookie>
                  <set-cookie encoding="percent">nul=1%00</set-cookie>
                  <set-cookie encoding="percent">tab=a%09b</set-cookie>
                </route>
                <route path="/next"/>
              </origin>
              <scenario id="p.a"><title>T</title>
                <native-request url="http://a.example/set"/>
                <native-request url="http://a.example/next"/>
                <expect-request url="http://a.example/next" equals="tab=a&#9;b"/>
              </scenario>
            """))
        let suite = try SuiteDocuments.loader().loadSuite(at: file)
        let status = ScenarioExecutor().run(suite.scenarios[0], of: suite, on: .reference).status
        #expect(status == .passed)
    }
}

/// Every check's observation, passing or not: what an agreement between two engines compares.
@Suite("observations of a scenario's checks")
struct ObservationTests {
    @Test("each check records what it saw, in order, the passing ones too; a header's pairs in the order sent")
    func everyCheckIsObserved() throws {
        let sandbox = try TestDirectory()
        let file = try sandbox.write("o.xml", SuiteDocuments.suite(id: "o", """
              <origin url="http://a.example">
                <route path="/set">
                  <set-cookie>b=2</set-cookie>
                  <set-cookie>a=1</set-cookie>
                </route>
                <route path="/next"/>
              </origin>
              <scenario id="o.a"><title>T</title>
                <native-request url="http://a.example/set"/>
                <native-request url="http://a.example/next"/>
                <expect-request url="http://a.example/next" contains="a"/>
                <expect-native-store has="a" value="1"/>
                <expect-request url="http://a.example/never" received="false"/>
                <expect-native-store lacks="zz"/>
              </scenario>
            """))
        let suite = try SuiteDocuments.loader().loadSuite(at: file)
        let outcome = ScenarioExecutor().observe(suite.scenarios[0], of: suite, on: .reference)
        #expect(outcome.status == .passed)
        let seen = outcome.observations.map(\.description)
        #expect(seen.count == 4)
        #expect(seen.first == "Cookie header of GET http://a.example/next: b=2; a=1")
        #expect(seen.dropFirst().first?.hasPrefix("native store, cookies named 'a': a=1 (domain=a.example") == true)
        #expect(seen.dropFirst(2).first == "requests to http://a.example/never: 0")
        #expect(seen.last == "native store, cookies named 'zz': (none)")
        #expect(outcome.observations[0].items == ["b=2", "a=1"])
        #expect(outcome.observations[0].hasSameItemsIgnoringOrder(as: Observation(outcome.observations[0].location, outcome.observations[0].subject, ["a=1", "b=2"])))

        // A run that keeps no observations (the main job) gets the same status and transcript, and none.
        let unkept = ScenarioExecutor().observe(suite.scenarios[0], of: suite, on: .reference, keepingObservations: false)
        #expect(unkept.status == outcome.status)
        #expect(unkept.transcript == outcome.transcript)
        #expect(unkept.observations.isEmpty)
    }
}
