// CookieHarness's core product as a library: your own sync strategy or cookie store on the built-in suites, on the
// simulated profiles, with the command line (every command but `bench`), from a package of your own (README, "Your own
// strategy"). It needs libxml2, libpsl and JavaScriptCore only; the `CookieHarness` product adds the real engines,
// libcurl's store, the stores in other languages and `bench` on top of it (docs/library.md says which to pick).
//
// What the product exports is what a strategy or store author needs (docs/library.md, "The library's surface"), not
// the harness's insides: every internal refactor of the runner would otherwise break users. `PublicSurfaceTests`
// fails when a declaration joins the product without being listed there.
//
// The cookie model and the strategies, whole.
@_exported import CookieModel
@_exported import SyncStrategies
// HarnessCore: what an adapter of your own is made of (an app, its environment, requests), not the runner.
@_exported import struct HarnessCore.Adapter
@_exported import struct HarnessCore.AdapterInfo
@_exported import protocol HarnessCore.App
@_exported import struct HarnessCore.AppEnvironment
@_exported import enum HarnessCore.AppError
@_exported import enum HarnessCore.Capability
@_exported import class HarnessCore.SharedStoreApp
@_exported import struct HarnessCore.StepFailure
@_exported import struct HarnessCore.StoreExpectation
@_exported import struct HarnessCore.PlatformParameters
@_exported import class HarnessCore.Transcript
@_exported import class HarnessCore.VirtualNetwork
@_exported import struct HarnessCore.WebViewOptions
// HTTPModel: the requests, responses and header fields an app and the WebKit-shaped API carry, and the redirect
// rules; not the network seam under the engines.
@_exported import struct HTTPModel.HTTPHeaderField
@_exported import enum HTTPModel.HTTPRedirect
@_exported import struct HTTPModel.HTTPRequest
@_exported import struct HTTPModel.HTTPResponse
@_exported import struct HTTPModel.HTTPURL
// WebKitModel: the WebKit-shaped API (its API/ folder), not the engines under it.
@_exported import struct WebKitModel.MainQueue
@_exported import class WebKitModel.ScheduledWork
@_exported import class WebKitModel.WKContext
@_exported import struct WebKitModel.WKFrameInfo
@_exported import class WebKitModel.WKHTTPCookieStore
@_exported import protocol WebKitModel.WKHTTPCookieStoreObserver
@_exported import class WebKitModel.WKNavigation
@_exported import struct WebKitModel.WKNavigationAction
@_exported import enum WebKitModel.WKNavigationActionPolicy
@_exported import protocol WebKitModel.WKNavigationDelegate
@_exported import struct WebKitModel.WKNavigationResponse
@_exported import enum WebKitModel.WKNavigationResponsePolicy
@_exported import enum WebKitModel.WKNavigationType
@_exported import class WebKitModel.WKProcessPool
@_exported import class WebKitModel.WKScriptMessage
@_exported import protocol WebKitModel.WKScriptMessageHandler
@_exported import protocol WebKitModel.WKUIDelegate
@_exported import protocol WebKitModel.WKURLSchemeHandler
@_exported import protocol WebKitModel.WKURLSchemeTask
@_exported import class WebKitModel.WKUserContentController
@_exported import struct WebKitModel.WKUserScript
@_exported import enum WebKitModel.WKUserScriptInjectionTime
@_exported import class WebKitModel.WKWebView
@_exported import class WebKitModel.WKWebViewConfiguration
@_exported import class WebKitModel.WKWebViewMethods
@_exported import class WebKitModel.WKWebsiteDataStore
@_exported import struct WebKitModel.WKWindowFeatures
@_exported import struct WebKitModel.WebKitError
@_exported import struct WebKitModel.WebRequest
@_exported import struct WebKitModel.WebResponse
import AdapterCatalog
import CookieHarnessCLI

/// The command line with adapters of your own, on the core product (the simulated engines only).
///
/// ```swift
/// // Sources/my-app-harness/main.swift
/// import CookieHarnessCore
///
/// CookieHarnessCore.main(adding: [.strategy("my-app", MyStrategy.init)])
/// ```
///
/// `swift run my-app-harness run --adapter my-app` then runs the built-in suites on your strategy on every simulated
/// profile (every command of `cookie-harness` but `bench` is there, and `list adapters` shows yours).
public enum CookieHarnessCore {
    /// Runs the command line with `additions` beside the built-in adapters, then exits with its status.
    ///
    /// Call it first thing in `main.swift` (it installs the signal handling every thread must inherit).
    public static func main(adding additions: [Addition] = []) -> Never {
        CookieHarnessCommand.main(setUp: { AdapterCatalog.add(additions.flatMap(\.adapters)) })
    }

    /// Runs one command line (without the program name) with `additions`, and returns the exit status: for tests.
    /// The additions stay for the rest of the process (the catalog is process-wide), so add each name once.
    public static func run(_ arguments: [String], adding additions: [Addition] = []) -> Int32 {
        AdapterCatalog.add(additions.flatMap(\.adapters))
        return CookieHarnessCommand.run(arguments).rawValue
    }

    /// Something to add to the harness: a sync strategy, a cookie store, or any adapter.
    public struct Addition: Sendable {
        private enum Kind: Sendable {
            case strategy(SyncStrategyKind)
            case store(name: String, summary: String, capabilities: Set<Capability>, make: @Sendable (CookieClock) throws -> any CookieStore)
            case adapter(Adapter)
        }

        private let kind: Kind

        /// A sync strategy, written against the WebKit-shaped API like the built-in ones (`SyncStrategy`).
        ///
        /// Becomes one adapter per simulated platform profile, as the built-in strategies do: `NAME` (iOS),
        /// `NAME@ios-18`, `NAME@ios-12`, `NAME@ios-11`, `NAME@webkitgtk`; and, in the full product,
        /// `NAME@webkitgtk-live` on the real WebKitGTK engine (chosen by name).
        ///
        /// - Parameters:
        ///   - name: The adapter name, e.g. `my-app`.
        ///   - make: A fresh strategy, for one app launch (`MyStrategy.init`).
        ///   - summary: One line for `list adapters`.
        public static func strategy(
            _ name: String, _ make: @escaping @Sendable () -> any SyncStrategy, summary: String = "an app's own sync strategy"
        ) -> Addition {
            Addition(kind: .strategy(SyncStrategyKind(name: name, summary: summary, knownBreakage: "see its expectation file", make: make)))
        }

        /// A cookie store (`CookieStore`) as a shared-store app: one store for the native side and the web view.
        ///
        /// - Parameters:
        ///   - capabilities: What the store can do beyond storing and sending cookies (e.g. `.virtualClock` when it
        ///     reads the clock it is given); scenarios that need something else are skipped with the reason.
        ///   - make: A fresh store for one scenario, on the scenario's clock.
        public static func store(
            _ name: String, summary: String = "an app's own cookie store", capabilities: Set<Capability> = [],
            _ make: @escaping @Sendable (CookieClock) throws -> any CookieStore
        ) -> Addition {
            Addition(kind: .store(name: name, summary: summary, capabilities: capabilities, make: make))
        }

        /// Any adapter (HarnessCore's `Adapter`).
        public static func adapter(_ adapter: Adapter) -> Addition { Addition(kind: .adapter(adapter)) }

        /// The adapters this addition becomes in this build (its strategy variants are the build's: read them after
        /// the build's set-up).
        package var adapters: [Adapter] {
            switch kind {
            case .strategy(let strategy):
                return AdapterCatalog.adapters(for: strategy)
            case .store(let name, let summary, let capabilities, let make):
                let adapter = Adapter(
                    info: AdapterInfo(name: name, version: "1", profile: "", specProfile: "rfc6265bis"), summary: summary,
                    capabilities: capabilities.union([.nativeStore, .webView, .nonPersistentDataStore])
                ) { environment in
                    let clock = environment.cookieClock
                    return try SharedStoreApp(environment: environment) { try make(clock) }
                }
                return [adapter]
            case .adapter(let adapter):
                return [adapter]
            }
        }
    }
}
