import CookieModel
import HTTPModel
import Testing

@testable import HarnessCore

/// A scenario's URLs are parsed once, when the model is built, not at every step and check of every run: the parsed
/// form must follow the text it comes from.
@Suite("URLs parsed at load")
struct ParsedURLTests {
    @Test("a request and a request check carry their URL parsed, kept in step when the text changes")
    func parsedOnce() throws {
        var request = Request(url: "https://App.Example.com:443/a?b=1")
        #expect(request.parsedURL == HTTPURL("https://app.example.com/a?b=1"))
        request.url = "http://other.example/x"
        #expect(request.parsedURL?.origin == "http://other.example")
        request.url = "not a url"
        #expect(request.parsedURL == nil)

        var check = RequestExpectation(url: "https://app.example.com/home")
        #expect(check.parsedURL?.path == "/home")
        check.url = "https://app.example.com/account"
        #expect(check.parsedURL?.path == "/account")
    }

    @Test("a check on a URL that does not parse fails with the URL, it does not crash")
    func badURL() throws {
        let scenario = Scenario(
            id: "t.bad-url", title: "bad url",
            steps: [Step(.expect(.request(RequestExpectation(url: "not a url"))), location: SuiteLocation(file: "t.xml", line: 2))],
            location: SuiteLocation(file: "t.xml", line: 1))
        let suite = Suite(id: "t", title: "t", file: "t.xml", origins: [], scenarios: [scenario])
        let adapter = Adapter(info: AdapterInfo(name: "jar", version: "0"), summary: "", capabilities: [.nativeStore, .webView]) { env in
            try SharedStoreApp(environment: env) { CookieJar(clock: env.cookieClock) }
        }
        let result = ScenarioExecutor().run(scenario, of: suite, on: adapter)
        #expect(result.status != .passed)
        #expect("\(result.status)".contains("bad URL not a url"), "\(result.status)")
    }
}
