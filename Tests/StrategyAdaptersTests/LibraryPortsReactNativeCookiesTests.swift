import HarnessCore
import StrategyAdapters
import SyncStrategies
import Testing
import WebKitModel

/// @react-native-cookies/cookies' `useWebKit` (issue 36): `set`'s third argument defaults to false in index.js, and
/// then the chain writes each rebuilt cookie back into `HTTPCookieStorage` instead of WebKit. Each test runs a
/// scenario on the option's adapter (not built in: composed from the kind, as `run --adapter NAME` does).
@Suite("library ports (@react-native-cookies useWebKit)")
struct LibraryPortsReactNativeCookiesTests {
    typealias F = StrategyFixtures

    static let versions = ReactNativeCookiesSetThenLoad.Version.allCases.map(\.rawValue)

    /// `rn-cookies-set-then-load:VERSION`, with `useWebKit=false` unless `useWebKit`, on `profile`.
    static func adapter(_ version: String, useWebKit: Bool, on profile: PlatformProfile = .ios) throws -> Adapter {
        var kind = try #require(SyncStrategyKind.named("rn-cookies-set-then-load:\(version)"))
        if !useWebKit { kind = try kind.setting([("useWebKit", "false")]) }
        return StrategyAdapterCatalog.adapter(for: kind, on: profile)
    }

    static let origins = F.origins + [Origin(url: "https://static.app.example.com", routes: [Route(path: "/asset")])]

    static func run(_ id: String, _ steps: [Step.Kind], version: String, useWebKit: Bool)
        throws -> (status: Status, transcript: [String])
    {
        try F.run(id, steps, on: try adapter(version, useWebKit: useWebKit), origins: origins)
    }

    @Test("the option's adapter is named as written and its port says it writes to HTTPCookieStorage")
    func naming() throws {
        let adapter = try Self.adapter("6.2.1", useWebKit: false)
        #expect(adapter.name == "rn-cookies-set-then-load:6.2.1[useWebKit=false]")
        let kind = try #require(try SyncStrategyKind.resolving("rn-cookies-set-then-load:6.2.1[useWebKit=false]"))
        let port = try #require(kind.make() as? ReactNativeCookiesSetThenLoad)
        #expect(!port.useWebKit && port.version == .v6_2_1)
        #expect(try #require(SyncStrategyKind.named("rn-cookies-set-then-load:6.2.1")).options.map(\.name) == ["useWebKit"])
    }

    /// With `useWebKit` false nothing reaches WebKit, in every range: the first load goes without the native cookie,
    /// which the default (`set(url, c, true)`) gives it.
    @Test("useWebKit=false: the web view's first request carries no native cookie", arguments: versions)
    func nothingReachesWebKit(version: String) throws {
        let native: [Step.Kind] = [
            .nativeSetCookie(url: "https://app.example.com/", setCookie: "sid=n4t1v3; Path=/; Secure"),
            F.open, F.load("https://app.example.com/home"),
        ]
        let off = try Self.run(
            "rnc-off", native + [
                F.request("https://app.example.com/home", first: true, lacks: ["sid=n4t1v3"]), F.store(.webView, "sid", present: false),
                F.store(.native, "sid"),
            ], version: version, useWebKit: false)
        #expect(off.status == .passed, "\(off.transcript.joined(separator: "\n"))")
        let on = try Self.run(
            "rnc-on", native + [F.request("https://app.example.com/home", first: true, contains: ["sid=n4t1v3"])],
            version: version, useWebKit: true)
        #expect(on.status == .passed, "\(on.transcript.joined(separator: "\n"))")
    }

    /// The rebuilt copy replaces the native cookie it was read from (same name, domain and path): before 6.0.9
    /// `secure` and `httpOnly` go under keys `NSHTTPCookie` ignores (2.0.9 never reads them), so the native cookie
    /// loses both; 6.0.9 sets them. 6.0.0's copy has a dotted domain: it lands beside the original, which keeps them.
    @Test(
        "useWebKit=false: the native cookie loses Secure and HttpOnly before 6.0.9 (6.0.0: a flagless copy beside it)",
        arguments: [("2.0.9", true, false), ("6.0.0", true, true), ("6.0.8", true, false), ("6.2.1", false, true)])
    func nativeFlags(version: String, flaglessCopy: Bool, flaggedRemains: Bool) throws {
        let setUp: [Step.Kind] = [
            .nativeSetCookie(url: "https://app.example.com/", setCookie: "remember=r3m; Path=/; Secure; HttpOnly"),
            F.open, F.load("https://app.example.com/home"),
        ]
        let flagged = Step.Kind.expect(.store(StoreExpectation(store: .native, name: "remember", httpOnly: true, secure: true)))
        let flagless = Step.Kind.expect(.store(StoreExpectation(store: .native, name: "remember", httpOnly: false, secure: false)))
        for (check, expected) in [(flagged, flaggedRemains), (flagless, flaglessCopy)] {
            let off = try Self.run("rnc-flags", setUp + [check], version: version, useWebKit: false)
            #expect((off.status == .passed) == expected, "\(off.transcript.joined(separator: "\n"))")
        }
        // With useWebKit true the native cookie is never written: the flags stay whatever the range.
        #expect(try Self.run("rnc-flags", setUp + [flagged], version: version, useWebKit: true).status == .passed)
        #expect(try Self.run("rnc-flags", setUp + [flagless], version: version, useWebKit: true).status != .passed)
    }

    /// 3.0.0–6.0.0 dot the domain, so the host-only cookie's copy is a domain cookie of its host, stored beside the
    /// original (another identity) and sent by the native side to the host's subdomains; 6.0.1 keeps the domain.
    @Test(
        "useWebKit=false: 6.0.0 adds a domain copy beside a host-only native cookie; 6.0.8 replaces it",
        arguments: [("6.0.0", true), ("6.0.8", false), ("6.2.1", false)])
    func dottedCopy(version: String, copied: Bool) throws {
        let steps: [Step.Kind] = [
            .nativeSetCookie(url: "https://app.example.com/", setCookie: "pref=compact; Path=/; Secure"),
            F.open, F.load("https://app.example.com/home"),
            .nativeRequest(Request(url: "https://static.app.example.com/asset")),
            F.request("https://static.app.example.com/asset", contains: ["pref=compact"]),
        ]
        let off = try Self.run("rnc-dotted", steps, version: version, useWebKit: false)
        #expect((off.status == .passed) == copied, "\(off.transcript.joined(separator: "\n"))")
        let on = try Self.run("rnc-dotted", steps, version: version, useWebKit: true)
        #expect(on.status != .passed, "the default never writes to the native store")
    }
}
