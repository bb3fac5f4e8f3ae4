import HarnessCore
import StrategyAdapters
import Testing

/// `<native-request handles-cookies="false">` (`URLRequest.httpShouldHandleCookies = false`) was accepted by the
/// schema and read by the loader, then dropped on the way to the app: the request went with the native store's
/// cookies and its answer's cookies were kept, as if the attribute were not there.
@Suite("a native request that does not handle cookies")
struct NativeRequestCookieHandlingTests {
    @Test(
        "sends none of the native store's cookies and keeps none of the answer's",
        arguments: ["reference", "uiwebview", "wk-no-sync", "wk-user-script@webkitgtk", "wk-response-capture@ios-11"])
    func handlesNoCookies(adapter: String) throws {
        let adapter = try #require(
            adapter == Adapter.reference.name ? Adapter.reference : StrategyAdapterCatalog.simulated.first { $0.name == adapter })
        let (status, transcript) = try StrategyFixtures.run("native-request-no-cookies", [
            .nativeSetCookie(url: "https://app.example.com/", setCookie: "a=1; Path=/; Secure"),
            .nativeRequest(Request(url: "https://app.example.com/signin", handlesCookies: false)),
            .expect(.request(RequestExpectation(url: "https://app.example.com/signin", cookie: CookieStringMatch(isEmpty: true)))),
            .expect(.store(StoreExpectation(store: .native, name: "session", present: false))),
            .nativeRequest(Request(url: "https://app.example.com/home")),
            .expect(.request(RequestExpectation(url: "https://app.example.com/home", cookie: CookieStringMatch(equals: "a=1")))),
        ], on: adapter)
        #expect(status == .passed, "\(transcript.joined(separator: "\n"))")
    }
}
