import Foundation
import HarnessCore
import Reporting
import TestSupport
import Testing

@testable import Browsers

/// A few scenarios of every suite family on the real browsers, through the runner with the expectation files:
/// real outcomes (a browser's jar, its clock under libfaketime, a profile that outlives a restart, its own
/// same-site rules), no unexpected result, and only documented skips.
@Suite("The browsers run the suites", .serialized)
struct BrowserRunTests {
    /// Scenarios whose outcome on Chromium is known and says something: a pass of each family, the clock, a
    /// restart, a native POST (the driver's Fetch interception), and one of each recorded departure.
    static let chromium: [String: String] = [
        "first-request.native-set-cookie-on-first-load": "pass",
        "first-request.native-session-on-back-and-forward": "pass",
        "cross-domain.domain-cookie-in-web-view-stays-in-site": "pass",
        "expiry.max-age-zero-deletes": "pass",
        "expiry.max-age-capped-at-400-days": "pass",
        "http-only.script-sees-only-non-httponly-cookies": "pass",
        "persistence.web-view-persistent-cookie-survives-restart": "pass",
        "persistence.web-view-session-cookie-dropped-on-restart": "pass",
        "redirect.302-session-reaches-target": "pass",
        "redirect.303-after-post-login": "pass",
        "same-site.strict-withheld-on-cross-site-link": "pass",
        "same-site-redirect.round-trip-link-withholds-strict": "fail",
        "jar-rules.plus-sign-max-age-ignored": "fail",
        "parser.tab-value-middle": "fail",
        "http-state.0004": "fail",
        "http-state.name0017": "pass",
        "parser.soh-name-start": "pass",
    ]

    /// Scenarios whose outcome on Firefox is known and says something: a pass of each family, a restart, a native
    /// POST (the driver's network intercept), a redirect loop (Firefox's error page), and its recorded departures.
    static let firefox: [String: String] = [
        "first-request.native-set-cookie-on-first-load": "pass",
        "first-request.native-session-on-back-and-forward": "pass",
        "cross-domain.domain-cookie-in-web-view-stays-in-site": "pass",
        "expiry.max-age-zero-deletes": "pass",
        "http-only.script-sees-only-non-httponly-cookies": "pass",
        "persistence.web-view-persistent-cookie-survives-restart": "pass",
        "persistence.native-session-cookie-dropped-on-restart": "pass",
        "redirect.303-after-post-login": "pass",
        "redirect.loop-fails-and-keeps-cookies": "pass",
        "same-site-redirect.round-trip-link-withholds-strict": "pass",
        "same-site.scheme-change-is-cross-site": "fail",
        "same-site.only-none-on-cross-site-subresource": "fail",
        "http-only-script-writes.forged-value-not-read-back": "fail",
        "parser.tab-value-middle": "pass",
        "http-state.0004": "fail",
        "http-state.name0017": "pass",
        "expiry.max-age-capped-at-400-days": "skip",
    ]

    /// Why a scenario may be skipped on a browser: each a documented limit of driving a real browser.
    /// A browser cannot register a scheme of its own for a page (a hybrid app's capacitor://): `app-scheme`. The app's
    /// own documents (`app-document`: loadHTMLString, about:blank, data:) run since issue 37.
    static let documentedSkips = [
        "lacks capability: raw-set-cookie", "no native store to sync into", "delay-ms= on a <set-cookie>",
        "lacks capability: app-scheme",
    ]

    /// Firefox's clock cannot be moved (libfaketime hangs it at start): the clock scenarios are skipped too.
    static let firefoxSkips = documentedSkips + ["lacks capability: virtual-clock"]

    @Test("chosen scenarios of every suite family give Chromium's real outcomes, none unexpected",
          .enabled(if: BrowserUnderTest.chromium.installed, "chromium is not installed: run .ci/install-deps"))
    func chromiumScenarios() throws { try chosenScenarios(.chromium, Self.chromium) }

    @Test("chosen scenarios of every suite family give Firefox's real outcomes, none unexpected",
          .enabled(if: BrowserUnderTest.firefox.installed, "firefox-esr is not installed: run .ci/install-deps"))
    func firefoxScenarios() throws { try chosenScenarios(.firefox, Self.firefox) }

    /// Runs `chosen` on `browser` with the expectation files; each must end as `chosen` says, none unexpected.
    func chosenScenarios(_ browser: BrowserUnderTest, _ chosen: [String: String]) throws {
        let loaded = try BuiltInSuites.loaded.get()
        let expectations = try BuiltInSuites.expectationSet.get()
        let present = Set(loaded.suites.flatMap { $0.scenarios.map(\.id) })
        let missing = Set(chosen.keys).subtracting(present)
        try #require(missing.isEmpty, "scenarios renamed or gone: \(missing.sorted())")
        var plan = RunPlan(
            suites: loaded.suites, adapters: [browser.adapter], filters: Array(chosen.keys), jobs: 2,
            expectation: { expectations.expectedStatus(adapter: $0, scenario: $1) })
        // As CI's browser job (`--time-limit 120`): a Firefox starts in 15–20 s beside other builds and a persistent
        // store starts a second one, so under `swift test`'s parallel suites (the live engine's drivers beside it)
        // two scenarios overran the default 30 s.
        plan.timeLimit = .seconds(120)
        let collector = CollectingReporter()
        _ = try Runner().run(plan, reporter: collector)
        let results = collector.results
        #expect(results.count == chosen.count)
        for result in results {
            let want = chosen[result.scenarioID] ?? "?"
            let got: String =
                switch result.status {
                case .passed: "pass"
                case .failed: "fail"
                case .skipped: "skip"
                case .errored: "error"
                }
            #expect(got == want, "\(result.scenarioID): \(got), expected \(want): \(result.status)")
            #expect(!result.isUnexpected, "\(result.scenarioID) is unexpected: \(result.status)")
        }
    }

    @Test("the skips of a chromium run are documented limits only",
          .enabled(if: BrowserUnderTest.chromium.installed, "chromium is not installed: run .ci/install-deps"))
    func chromiumSkips() throws { try skipsAreDocumented(.chromium, Self.documentedSkips) }

    @Test("the skips of a firefox run are documented limits only",
          .enabled(if: BrowserUnderTest.firefox.installed, "firefox-esr is not installed: run .ci/install-deps"))
    func firefoxSkips() throws { try skipsAreDocumented(.firefox, Self.firefoxSkips) }

    /// Every scenario `browser`'s adapter skips by capability, with a reason among `documented`.
    func skipsAreDocumented(_ browser: BrowserUnderTest, _ documented: [String]) throws {
        let loaded = try BuiltInSuites.loaded.get()
        // Skips are decided before a browser is asked: every scenario the adapter cannot serve, by capability.
        for suite in loaded.suites {
            for scenario in suite.scenarios {
                guard let reason = browser.adapter.skipReason(for: scenario) else { continue }
                #expect(documented.contains { reason.contains($0) }, "\(scenario.id): \(reason)")
            }
        }
    }
}
