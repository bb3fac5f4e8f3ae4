import CookieModel
import CookieStores
import HarnessCore
import TestSupport
import Testing

/// A few built-in scenarios through the ScenarioExecutor on both adapters, the way `cookie-harness run` drives
/// them: the adapters' apps, their capabilities and their known failures.
@Suite("Built-in scenarios on the foundation and curl adapters")
struct FoundationCurlScenarioTests {
    /// (scenario, adapter, expected verdict): passes, deviations each library really has, and honest skips.
    static let cases: [(String, StoreKind, String)] = [
        ("first-request.native-login-session-on-first-load", .foundation, "pass"),
        ("first-request.native-login-session-on-first-load", .curl, "pass"),
        ("first-request.domain-session-on-first-load-of-sibling", .foundation, "pass"),
        ("first-request.domain-session-on-first-load-of-sibling", .curl, "pass"),
        ("first-request.private-web-view-starts-empty", .foundation, "pass"),
        ("first-request.private-web-view-starts-empty", .curl, "pass"),
        ("persistence.native-session-cookie-dropped-on-restart", .foundation, "pass"),
        ("persistence.native-session-cookie-dropped-on-restart", .curl, "pass"),
        ("persistence.native-persistent-cookie-survives-restart", .curl, "pass"),
        ("persistence.non-persistent-data-store-keeps-nothing", .foundation, "pass"),
        ("persistence.non-persistent-data-store-keeps-nothing", .curl, "pass"),
        ("redirect.302-to-http-drops-secure-cookie", .curl, "pass"),
        ("first-request.secure-native-cookie-not-on-http-load", .curl, "pass"),
        ("cross-domain.public-suffix-domain-rejected", .curl, "pass"),
        // Foundation: Max-Age gives no expiry, so the cookie is not persisted (RFC 6265bis §5.6.2).
        ("persistence.native-persistent-cookie-survives-restart", .foundation, "fail"),
        // Foundation: a Secure cookie is sent over http (RFC 6265bis §5.8.3).
        ("first-request.secure-native-cookie-not-on-http-load", .foundation, "fail"),
        // Foundation: Domain=com is accepted (RFC 6265bis §5.7 step 9).
        ("cross-domain.public-suffix-domain-rejected", .foundation, "fail"),
        // libcurl: Max-Age=1h is one second (RFC 6265bis §5.6.2).
        ("expiry.malformed-max-age-ignored", .curl, "fail"),
        // libcurl: no SameSite (RFC 6265bis §5.8.3).
        ("same-site.only-none-on-cross-site-subresource", .curl, "fail"),
        // Neither library has a non-HTTP API, nor a clock the harness can move.
        ("http-only.script-cannot-create-httponly", .foundation, "skip"),
        ("http-only.script-cannot-create-httponly", .curl, "skip"),
        ("expiry.max-age-counts-from-receipt", .foundation, "skip"),
        ("expiry.max-age-counts-from-receipt", .curl, "skip"),
    ]

    @Test("scenario verdicts", arguments: cases)
    func verdict(_ id: String, _ kind: StoreKind, _ expected: String) throws {
        let (scenario, suite) = try BuiltInSuites.scenario(id)
        let (status, transcript) = ScenarioExecutor().run(scenario, of: suite, on: kind.adapter)
        #expect(status.name == expected, "\(id) on \(kind): \(status)\n\(transcript.joined(separator: "\n"))")
    }

    @Test("the adapters describe themselves: names, library versions, capabilities without javascript or a virtual clock", arguments: StoreKind.allCases)
    func adapterInfo(_ kind: StoreKind) {
        let adapter = kind.adapter
        #expect(adapter.name == kind.rawValue)
        #expect(adapter.info.specProfile == "rfc6265bis")
        let common: Set<Capability> = [.nativeStore, .webView, .nonPersistentDataStore, .persistence, .storeInspection]
        switch kind {
        case .foundation:
            #expect(adapter.info.version.hasPrefix("swift-corelibs-foundation"))
            // HTTPCookie.cookies(withResponseHeaderFields:for:) takes a line byte for byte.
            #expect(adapter.capabilities == common.union([.rawSetCookie]))
        case .curl:
            #expect(adapter.info.version.hasPrefix("libcurl 7.") || adapter.info.version.hasPrefix("libcurl 8."))
            // libcurl only hears Set-Cookie lines over HTTP.
            #expect(adapter.capabilities == common)
        }
        // Every build's in-process stores; libcurl's is the full product's (CurlCookieStore).
        #expect(StoreAdapters.all.map(\.name) == ["foundation", "libsoup-model"])
        #expect(StoreAdapters.curl.name == "curl")
    }

    @Test("a skip names the missing capabilities", arguments: StoreKind.allCases)
    func skipReason(_ kind: StoreKind) throws {
        let (scenario, suite) = try BuiltInSuites.scenario("http-only.script-cannot-create-httponly")
        let (status, _) = ScenarioExecutor().run(scenario, of: suite, on: kind.adapter)
        #expect(status == .skipped(reason: "adapter '\(kind.rawValue)' lacks capability: http-only, javascript"))
    }
}
