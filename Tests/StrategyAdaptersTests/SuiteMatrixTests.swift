import Foundation
import HarnessCore
import Reporting
import LiveStrategyAdapters
import StrategyAdapters
import TestSupport
import Testing

/// The built-in suites on every strategy adapter: the whole matrix, with the checks that hold on it.
///
/// `STRATEGY_MATRIX_OUT=path` writes the failure table (adapter → failing scenario ids with their messages);
/// `DEBUG_SCENARIO=id DEBUG_ADAPTER=name` prints one scenario's transcript.
@Suite("built-in suites on the strategy adapters", .serialized)
struct SuiteMatrixTests {
    static func loadSuites() throws -> [Suite] { try BuiltInSuites.suites }

    static func run(_ adapters: [Adapter], on suites: [Suite]) throws -> [ScenarioResult] {
        let collector = CollectingReporter()
        _ = try Runner().run(RunPlan(suites: suites, adapters: adapters, jobs: 2), reporter: collector)
        return collector.results
    }

    static func failing(_ results: [ScenarioResult], adapter: String) -> Set<String> {
        Set(results.filter { $0.adapter.name == adapter && $0.status != .passed }.map(\.scenarioID))
    }

    /// What ITP (ios) or the no-third-party policy and SameSite default None (webkitgtk) decide, whatever the app does.
    static let platformPolicy: Set<String> = [
        "same-site.only-none-on-cross-site-subresource", "same-site.cross-site-subresource-sets-only-none",
        "frames.cross-site-frame-sends-only-none", "frames.cross-site-frame-response-sets-only-none",
    ]

    /// WebKit's loader on every profile: a no-cors fetch's credentials 'same-origin' decided once, by its first URL
    /// (measured on WebKitGTK 2.50.6, assumed on the Apple ports: PlatformProfile.sameOriginCredentialsAtFirstURL).
    static let webKitCredentialsPolicy: Set<String> = [
        "fetch-credentials.same-origin-redirected-away-and-back-sends-nothing-back-home",
    ]

    /// What WebKitGTK's jar (libsoup) does differently from RFC 6265bis, measured on the real engine: SameSite=None
    /// without Secure kept, schemeless same-site, no 400-day cap, the last of Max-Age and Expires wins; and every
    /// scenario of the jar-rules suite, written for one departure each (docs/libsoup-departures.md).
    static let libsoupPolicy = Set([
        "same-site.none-requires-secure", "same-site.scheme-change-is-cross-site", "expiry.expires-capped-at-400-days",
        "expiry.max-age-capped-at-400-days", "expiry.max-age-wins-over-expires",
        // libsoup lists an expired cookie until a request's lookup purges it (LibsoupCookieJar.listedCookies); a
        // document.cookie read purges nothing (LibsoupCookieJar.readDocumentCookie).
        "expiry.expired-cookie-not-listed-without-a-request", "expiry.expired-cookie-not-listed-after-a-script-read",
    ]).union([
        "upper-case-domain-attribute", "mixed-case-domain-of-own-host", "ip-host-cannot-set-domain-suffix",
        "public-suffix-host-sets-host-only-cookie", "path-over-1024-octets-ignored", "cookie-over-4096-octets-refused",
        "unparsable-expires-after-max-age-ignored", "empty-max-age-ignored", "plus-sign-max-age-ignored",
        "twenty-digit-max-age-capped", "max-age-past-32-bits-capped", "http-cannot-shadow-secure-cookie-on-sub-path",
        "http-cannot-shadow-secure-cookie-with-parent-domain", "script-cannot-replace-httponly-cookie-of-other-path",
        "older-parent-domain-cookie-listed-first", "host-prefix-with-domain-refused", "script-value-with-a-line-feed-is-ignored",
        "host-prefix-without-secure-refused", "secure-prefix-without-secure-refused",
        // No prefix rule at all, so none in another case and none on the path either.
        "secure-prefix-in-any-case-refused", "host-prefix-in-any-case-with-domain-refused",
        "host-prefix-without-path-attribute-refused",
    ].map { "jar-rules." + $0 }).union([
        // libsoup 3.2.3 has no attribute length limit, and ends a value at the first octet of 0x80 or more (the
        // rest of the line dropped); the real engine agrees on every cell of this suite.
        "overlong-domain-attribute-ignored", "utf8-value-back-to-server-as-sent", "utf8-value-read-by-page-script",
        "utf8-web-cookie-reaches-native-request",
    ].map { "set-cookie-lines." + $0 })

    /// What WebKitGTK's network layer decides about a subresource's redirect chain, measured on the real engine
    /// (PlatformProfile.crossSiteRedirects): a hop back to the page's host is same-site with its page, and an
    /// answer's Strict and Lax cookies are kept whatever the chain.
    static let webKitGTKRedirectPolicy: Set<String> = [
        "same-site-redirect.fetch-bounced-sends-only-none", "same-site-redirect.fetch-bounced-sets-only-none",
        "same-site-redirect.fetch-post-307-bounced-sends-only-none", "scheme-redirect.image-up-to-sibling-sets-only-none",
    ]

    /// WebKitGTK's network layer replaces a manual Cookie header with the store's cookies (measured), and the
    /// profile leaves those out of a load with httpShouldHandleCookies=false (rule 11): the app's own header never goes.
    static let webKitGTKManualHeaderPolicy: Set<String> = ["first-request.own-cookie-header-without-cookie-handling"]

    /// WebKitGTK's web-process cookie cache (measured; `PlatformProfile.scriptWriteCache`): after a read of
    /// document.cookie, a script's refused write over an HttpOnly cookie is read back by the view's pages.
    static let webKitGTKScriptCachePolicy: Set<String> = [
        "http-only-script-writes.forged-value-not-read-back",
        "http-only-script-writes.forged-value-after-a-read-not-read-back-on-next-load",
        "http-only-script-writes.forged-domain-value-after-a-read-not-read-back",
        // ... and a server's HttpOnly replacement of a cookie the copy holds never reaches the copy.
        "http-only-script-writes.server-httponly-replacement-after-a-read-not-read",
        // ... and the value it keeps there is read in the replaced cookie's place, before a newer cookie's.
        "http-only-script-writes.server-httponly-replacement-after-a-read-then-a-new-cookie",
    ]

    /// What Apple's WebKit does differently from RFC 6265bis on iOS 12 and later, by its own WPT baselines and ITP's
    /// rules (PlatformProfile+Evidence.swift, AppleJarRule): SameSite=None without Secure kept, schemeless same-site,
    /// no 400-day cap on a server-set cookie, no 1024-octet attribute limit.
    static let applePolicy: Set<String> = [
        "same-site.none-requires-secure", "same-site.scheme-change-is-cross-site", "expiry.expires-capped-at-400-days",
        "expiry.max-age-capped-at-400-days",
        // Apple's jar honours an attribute over 1024 octets (AppleJarRule.noAttributeLimit, WebKit's Apple-port baseline
        // cookies/size/attributes.www.sub): the long Path is the cookie's, so /dir/page does not get it.
        "jar-rules.path-over-1024-octets-ignored",
        // Native requests go through HTTPCookieStorage, Apple's jar on iOS: its recorded reading of a line
        // (AppleJarRule) shows on the http-state cases: one response's cookies by name, white space after ',' and
        // '=' dropped, quoted runs bind ';', a quoted name dropped.
        "http-state.0016", "http-state.0022", "http-state.domain0020", "http-state.domain0023",
        "http-state.0017", "http-state.chromium0015", "http-state.comma0001",
        "http-state.chromium0004", "http-state.value0004", "http-state.name0020",
        // The same rules on a web view's own responses, and the ISO 8859-1 reading of a UTF-8 value
        // (Suites/jar-rules/set-cookie-lines.xml, written from RFC 6265bis and WPT before any adapter ran).
        "set-cookie-lines.nameless-cookie-sent-as-bare-value", "set-cookie-lines.one-response-cookies-in-line-order",
        "set-cookie-lines.overlong-domain-attribute-ignored", "set-cookie-lines.quoted-value-ends-at-first-semicolon",
        "set-cookie-lines.space-after-comma-kept", "set-cookie-lines.utf8-native-login-cookie-read-by-page-script",
        "set-cookie-lines.utf8-value-read-by-page-script",
        // Prefixes in their exact case only, and __Host- on the default path / (AppleJarRule, WebKit's Apple-port
        // baselines cookies/prefix/__host.header.https and __host.explicit-path.https.window).
        "jar-rules.secure-prefix-in-any-case-refused", "jar-rules.host-prefix-in-any-case-with-domain-refused",
        "jar-rules.host-prefix-without-path-attribute-refused",
        // Schemeless sites in the URL list too (PlatformProfile.crossSiteRedirects on the ios profiles): a redirect
        // between http and https of example.com is no cross-site redirect.
        "scheme-redirect.app-load-up-withholds-strict", "scheme-redirect.app-load-down-withholds-strict",
        "scheme-redirect.cookie-set-on-the-redirect-is-withheld-after-it",
        "scheme-redirect.image-up-to-sibling-sends-only-none", "scheme-redirect.image-up-to-sibling-sets-only-none",
        // ITP: a cross-site page's WebSocket handshake is a third-party request and carries no cookie.
        "websocket.cross-site-page-withholds-strict-and-lax",
    ]

    /// WebKitGTK's WebSocket handshake follows a redirect (libsoup; PlatformProfile.webSocketFollowsRedirects).
    static let webKitGTKWebSocketPolicy: Set<String> = ["websocket.redirect-is-not-followed"]

    @Test("every simulated adapter runs every scenario; uiwebview fails only what the reference jar fails; wk-combined only platform policy")
    func matrix() throws {
        let suites = try Self.loadSuites()
        let results = try Self.run(StrategyAdapterCatalog.simulated + [.reference], on: suites)
        let scenarioCount = suites.reduce(0) { $0 + $1.scenarios.count }
        #expect(results.count == (StrategyAdapterCatalog.simulated.count + 1) * scenarioCount)
        // The shared-store apps run a page script's document.cookie assignments but have no JavaScript engine and no
        // scheme handler and no engine to make a page without a request: a script that does more (script-engine), a
        // page on the app's scheme (app-scheme) and the app's HTML, about:blank or data: (app-document) are what they skip.
        let noEngine = Set(["reference", "uiwebview"])
        let needsEngine = Set(suites.flatMap(\.scenarios).filter { $0.requiredCapabilities.contains(.scriptEngine) }.map(\.id))
        let needsAppScheme = Set(suites.flatMap(\.scenarios).filter { $0.requiredCapabilities.contains(.appScheme) }.map(\.id))
        let needsAppDocument = Set(suites.flatMap(\.scenarios).filter { $0.requiredCapabilities.contains(.appDocument) }.map(\.id))
        #expect(!needsEngine.isEmpty)
        #expect(!needsAppScheme.isEmpty)
        #expect(!needsAppDocument.isEmpty)
        let broken = results.filter { result in
            let skipsHere = noEngine.contains(result.adapter.name)
                && (needsEngine.contains(result.scenarioID) || needsAppScheme.contains(result.scenarioID)
                    || needsAppDocument.contains(result.scenarioID))
            switch result.status {
            case .errored: return true
            case .skipped(let reason):
                let missing = [needsAppDocument.contains(result.scenarioID) ? "app-document" : nil,
                               needsAppScheme.contains(result.scenarioID) ? "app-scheme" : nil,
                               needsEngine.contains(result.scenarioID) ? "script-engine" : nil].compactMap { $0 }
                return !(skipsHere && reason == "adapter '\(result.adapter.name)' lacks capability: \(missing.joined(separator: ", "))")
            case .passed, .failed: return skipsHere
            }
        }
        #expect(broken.isEmpty, "errors or skips: \(broken.map { "\($0.adapter.name) \($0.scenarioID): \($0.status)" })")

        let reference = Self.failing(results, adapter: "reference")
        #expect(Self.failing(results, adapter: "uiwebview") == reference)
        for adapter in ["wk-combined", "wk-combined@ios-18"] {
            #expect(
                Self.failing(results, adapter: adapter).subtracting(reference)
                    == Self.platformPolicy.union(Self.applePolicy).union(Self.webKitCredentialsPolicy))
        }
        #expect(
            Self.failing(results, adapter: "wk-combined@webkitgtk").subtracting(reference)
                == Self.platformPolicy.union(Self.libsoupPolicy).union(Self.webKitGTKRedirectPolicy)
                    .union(Self.webKitGTKScriptCachePolicy).union(Self.webKitGTKManualHeaderPolicy)
                    .union(Self.webKitCredentialsPolicy).union(Self.webKitGTKWebSocketPolicy))
        if let path = ProcessInfo.processInfo.environment["STRATEGY_MATRIX_OUT"] {
            try Self.table(results, excluding: reference).write(toFile: path, atomically: true, encoding: .utf8)
        }
    }

    /// Adapter → failing scenario ids and their one-line messages, the reference jar's own failures left out.
    static func table(_ results: [ScenarioResult], excluding reference: Set<String>) -> String {
        var lines = ["(every adapter also fails the \(reference.count) http-state cases the reference jar fails)"]
        for adapter in StrategyAdapterCatalog.simulated.map(\.name) {
            let mine = results.filter { $0.adapter.name == adapter }
            let bad = mine.filter { $0.status != .passed && !reference.contains($0.scenarioID) }
            lines.append("## \(adapter): \(mine.count - bad.count - reference.count)/\(mine.count - reference.count) pass")
            for result in bad {
                let message: String =
                    switch result.status {
                    case .failed(let failure): failure.message
                    case .errored(let detail): "ERROR " + detail
                    case .skipped(let reason): "SKIP " + reason
                    case .passed: ""
                    }
                lines.append("\(result.scenarioID) | \(message.replacingOccurrences(of: "\n", with: " "))")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test("one scenario's transcript, on request")
    func transcript() throws {
        let environment = ProcessInfo.processInfo.environment
        guard let id = environment["DEBUG_SCENARIO"], let name = environment["DEBUG_ADAPTER"] else { return }
        let suite = try #require(try Self.loadSuites().first { $0.scenarios.contains { $0.id == id } })
        let scenario = try #require(suite.scenarios.first { $0.id == id })
        let adapter = try #require(StrategyAdapterCatalog.all.first { $0.name == name })
        let (status, transcript) = ScenarioExecutor().run(scenario, of: suite, on: adapter)
        print("STATUS: \(status)")
        print(transcript.joined(separator: "\n"))
    }
}
