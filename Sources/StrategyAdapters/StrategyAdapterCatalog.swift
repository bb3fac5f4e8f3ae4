import CookieModel
import HarnessCore
import SyncStrategies
import WebKitModel

/// The sync-strategy adapters (DESIGN §5): `uiwebview`, and every WKWebView strategy on the simulated `ios`
/// profile (the newest iOS: `wk-…`), on `ios-18` (`wk-…@ios-18`), `ios-12` and `ios-11` (`wk-…@ios-11`) and on the simulated
/// `webkitgtk` profile (`wk-…@webkitgtk`).
///
/// `uiwebview` is HarnessCore's shared-store app on the reference jar; it has no engine, so it has no
/// per-profile variants.
package enum StrategyAdapterCatalog {
    /// Every web view app can do all of this on the simulated engine (its pages' scripts run in JavaScriptCore);
    /// none uses real sockets, so a Set-Cookie line reaches the simulated stores' parsers byte for byte
    /// (`raw-set-cookie`).
    package static let webViewCapabilities: Set<Capability> = [
        .nativeStore, .webView, .javascript, .scriptEngine, .nonPersistentDataStore, .persistence, .virtualClock,
        .storeInspection, .httpOnly, .rawSetCookie, .appScheme, .appDocument,
    ]

    /// The profiles the catalog builds adapters for; the first gets the plain names.
    package static let profiles: [PlatformProfile] = [.ios, .ios18, .ios12, .ios11, .webkitgtk]

    /// Each profile with every parameter's value and evidence, for `list profiles`.
    package static var profileDescriptions: [String] { profiles.map(\.description) }

    /// The simulated engine's fixed rules with their evidence and live cells, for `list rules`: the summary table
    /// (the README's), then the whole one (docs/engines.md's), in Markdown.
    package static var engineRuleEvidence: String { EngineRule.summaryTable + "\n\n" + EngineRule.evidenceTable }

    /// UIWebView: one store for the native side and the web view.
    package static let uiwebview = Adapter(
        info: AdapterInfo(name: "uiwebview", version: "1", profile: "ios", specProfile: "rfc6265bis"),
        summary: "UIWebView model: one native store (reference jar) shared by native requests and the web view — the baseline",
        // No engine: its pages' scripts are `document.cookie` assignments only; it has no scheme handler and makes no
        // page without a request.
        capabilities: webViewCapabilities.subtracting([.scriptEngine, .appScheme, .appDocument])
    ) { environment in
        let clock = environment.cookieClock
        return try SharedStoreApp(environment: environment) { CookieJar(clock: clock) }
    }

    /// The adapter for `strategy` on `profile`: `NAME` on the first profile, `NAME@PROFILE` on the others.
    package static func adapter(for strategy: SyncStrategyKind, on profile: PlatformProfile) -> Adapter {
        let name = profile == profiles[0] ? strategy.name : "\(strategy.name)@\(profile.name)"
        return Adapter(
            info: AdapterInfo(name: name, version: strategy.origin?.version ?? "1", profile: profile.name, specProfile: "rfc6265bis"),
            summary: "\(strategy.summary) (simulated \(profile.name); breaks: \(strategy.knownBreakage))",
            capabilities: webViewCapabilities
        ) { environment in
            try WebViewApp(environment: environment, profile: profile, strategy: strategy.make)
        }
    }

    /// `strategy` on `profile` with another native store: any ``CookieStore`` (Foundation, libcurl, an out-of-process
    /// one) can be the app's `HTTPCookieStorage`. Named `NAME+STORE`; the capabilities are those of the strategy
    /// adapter that `storeCapabilities` also offers (a store on the wall clock takes `virtual-clock` away).
    package static func adapter(
        for strategy: SyncStrategyKind, on profile: PlatformProfile, nativeStore storeName: String,
        storeCapabilities: Set<Capability>, makeNativeStore: @escaping @Sendable () throws -> any CookieStore
    ) -> Adapter {
        let base = adapter(for: strategy, on: profile)
        return Adapter(
            info: AdapterInfo(
                name: "\(base.name)+\(storeName)", version: base.info.version, profile: profile.name, specProfile: "rfc6265bis"
            ),
            summary: "\(strategy.summary), native store \(storeName) (simulated \(profile.name))",
            capabilities: base.capabilities.intersection(storeCapabilities.union([.webView, .javascript, .scriptEngine, .httpOnly]))
        ) { environment in
            try WebViewApp(environment: environment, profile: profile, strategy: strategy.make, nativeStore: try makeNativeStore())
        }
    }

    /// The suffix of the adapters that run a strategy on the real WebKitGTK engine (made by the full product's
    /// `LiveStrategyAdapters`; the name is known here so that a core build can say what it lacks).
    package static let liveSuffix = "@webkitgtk-live"

    /// The simulated profiles the library ports (``SyncStrategyKind/libraries``) run on: every profile the strategies
    /// run on, so that a port's verdict on the iOS releases apps ship to (iOS 15–18's racing setCookie, iOS 12's
    /// SameSite) is as visible as on the newest.
    package static let libraryProfiles: [PlatformProfile] = profiles

    /// `uiwebview`, then each simulated profile's strategies in DESIGN §5 order, then the library ports and the
    /// option settings apps ship (``SyncStrategyKind/shippedOptionSettings``) on ``libraryProfiles``.
    package static let simulated: [Adapter] =
        [uiwebview] + profiles.flatMap { profile in SyncStrategyKind.all.map { adapter(for: $0, on: profile) } }
        + libraryProfiles.flatMap { profile in
            (SyncStrategyKind.libraries + SyncStrategyKind.shippedOptionSettings).map { adapter(for: $0, on: profile) }
        }

}
