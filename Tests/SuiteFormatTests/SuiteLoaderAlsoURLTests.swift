import HarnessCore
import SuiteFormat
import TestSupport
import Testing

/// `<expect-request also-url=…>`: a check on a request that may go to one of several URLs (an upgraded or a
/// non-upgraded subresource).
@Suite("expect-request also-url")
struct SuiteLoaderAlsoURLTests {
    static func load(_ check: String) throws -> (file: String, suite: Result<Suite, SuiteLoadingError>) {
        let sandbox = try TestDirectory()
        let file = try sandbox.write("subresource.xml", SuiteDocuments.suite(id: "subresource", """
              <origin url="https://a.example"><route path="/i.png"/></origin>
              <scenario id="subresource.a"><title>T</title>
                <native-request url="https://a.example/i.png"/>
                \(check)
              </scenario>
            """))
        let loader = try SuiteDocuments.loader()
        return (file, Result { () throws(SuiteLoadingError) in try loader.loadSuite(at: file) })
    }

    @Test("the other URLs are read in order, and the check names them all")
    func readsTheOtherURLs() throws {
        let (_, result) = try Self.load(#"<expect-request url="http://a.example/i.png" also-url="https://a.example/i.png  https://b.example/i.png" empty="true"/>"#)
        let suite = try result.get()
        guard case .expect(.request(let expectation)) = try #require(suite.scenarios.first?.steps.last?.kind) else {
            Issue.record("the last step is not a request check")
            return
        }
        #expect(expectation.alternativeURLs == ["https://a.example/i.png", "https://b.example/i.png"])
        #expect(expectation.parsedAlternatives.map(\.path) == ["/i.png", "/i.png"])
        #expect(expectation.describedURLs == "http://a.example/i.png (or https://a.example/i.png, https://b.example/i.png)")
    }

    @Test("an other URL that is url= itself is refused with its place")
    func refusesTheSameURL() throws {
        let (file, result) = try Self.load(#"<expect-request url="https://a.example/i.png" also-url="https://a.example/i.png" empty="true"/>"#)
        let error = try #require(throws: SuiteLoadingError.self) { try result.get() }
        #expect(error.description.hasPrefix("\(file):5:"), "\(error)")
        #expect(error.description.contains("also-url: 'https://a.example/i.png' is url= itself"), "\(error)")
    }

    @Test("an other URL that is not absolute is the schema's error, with its place")
    func refusesARelativeURL() throws {
        let (file, result) = try Self.load(#"<expect-request url="https://a.example/i.png" also-url="/i.png" empty="true"/>"#)
        let error = try #require(throws: SuiteLoadingError.self) { try result.get() }
        #expect(error.description.hasPrefix("\(file):5:"), "\(error)")
        #expect(error.description.contains("also-url"), "\(error)")
    }
}
