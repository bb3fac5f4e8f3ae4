import CookieModel
import Foundation
import WebKitModel

/// react-native-webview's `sharedCookiesEnabled` on iOS, version by version: what a React Native app gets when it
/// renders `<WebView source={{uri}} sharedCookiesEnabled />` with every other prop at its default
/// (`cacheEnabled` true, `incognito` false, `useSharedProcessPool` true). The props apps change are the port's
/// options (``Props``, `rnw-shared-cookies:V[incognito=true]`): `sharedCookiesEnabled=false` (every cookie branch
/// below is behind `_sharedCookiesEnabled`, so nothing is copied either way and the load is not deferred: the same in
/// every release), `incognito=true` (a non-persistent store, the copies made into it) and `cacheEnabled=false` (which
/// picks a non-persistent store only through the `sharedCookiesEnabled` branch's second check).
/// `thirdPartyCookiesEnabled` is read by the Android component only (`RNCWebViewManagerImpl.setThirdPartyCookiesEnabled`,
/// `CookieManager.setAcceptThirdPartyCookies`): declared, never set.
///
/// **Source.** `react-native-webview/react-native-webview`, read at the release tags:
///
/// | version (kind) | tag commit | file | cookie commit |
/// |---|---|---|---|
/// | 5.7.0 | b078c1d5530f3f2bb529bc9b86dc90bfff2399b2 | `ios/RNCWKWebView.m` | cdbfc19c (#175) |
/// | 11.17.2 | bd3af379341b2536edaa322eb2eaee9161c9745f | `apple/RNCWebView.m` | 6d54d714 (#2193) |
/// | 11.24.0 | 70e84de5b7aca679adb70bcc2c3c7f24452a4cd7 | `apple/RNCWebView.m` | 4ac0d746 (#2535) |
/// | 12.0.0 | b22d25f5a986f7c0ea705f1a363cf227efaeea33 | `apple/RNCWebViewImpl.m` | (the `__weak webView` capture of the new-architecture rewrite) |
/// | 13.10.6 | ef3e2b40c65687002b3b34063b29478fa80dd6f6 | `apple/RNCWebViewImpl.m` | 1b478056 (#3470) |
///
/// The cookie code also changed in 11.0.3 (d338cae5: a nil check on the iOS < 11 path) and 11.2.4 (1f089baa: a
/// `headers.cookie` of the source copied into the store): neither changes what the harness can observe (no
/// profile is below iOS 11, no scenario's load carries a `Cookie` header), so they are no kinds of their own.
/// Nothing in the cookie code changed after 13.10.6 (`git log -- apple/RNCWebViewImpl.m`, up to d65a9610).
///
/// **What each version does.**
/// - 5.7.0 – 11.17.1: while building the configuration, every `HTTPCookieStorage` cookie is `setCookie`d into
///   its data store with no completion handler; the source loads right after the web view exists, without waiting.
///   Nothing goes web → native.
/// - 11.17.2 – 11.23.x: the copy moves to the main queue and `visitSource` waits for every `setCookie` completion
///   (a dispatch group) before loading; after each `didFinish`, every cookie of the web store is set into
///   `HTTPCookieStorage` (never deleted). The copy made while configuring writes through `_webView`, read when the
///   main-queue block runs, so it lands in the web view's store.
/// - 11.24.0 – 11.26.1: web → native moves from `didFinish` to a `WKHTTPCookieStoreObserver`, added once the
///   configuration's copy has landed.
/// - 12.0.0 – 13.10.5: `writeCookiesToWebView` captures `__weak webView = _webView` before the main-queue block.
///   While configuring, `_webView` is still nil: each `setCookie` goes to nil, its completion never runs, the
///   group never finishes and the observer is never added (issue #3470) — unless the native store is empty, when
///   the empty group finishes and the observer is added after all.
/// - 13.10.6 –: the observer is added in `visitSource`'s completion, after every load's copy.
///
/// **Line map** (their line → this file's; `V` = version, lines of the tag's file).
///
/// | their code | 5.7.0 | 11.17.2 | 11.24.0 | 12.0.0 | 13.10.6 | port |
/// |---|---|---|---|---|---|---|
/// | `if (_incognito) nonPersistent … else if (_cacheEnabled) default` | 95–99 | 349–353 | 352–356 | 359–363 | 454–458 | `configure`, data store |
/// | `if (useSharedProcessPool) processPool = shared` | 100–102 | 354–356 | 357–359 | 364–366 | 459–461 | `configure`, process pool |
/// | `if (_sharedCookiesEnabled) { if (!_incognito && !_cacheEnabled) nonPersistent` | 130–138 | 1537–1546 | 1558–1567 | 1609–1618 | 1829–1838 | `configure`, second data-store check |
/// | `for cookie in sharedHTTPCookieStorage.cookies: setCookie(…, nil)` | 139–141 | — | — | — | — | `configure`, `.v5_7_0` |
/// | `[self syncCookiesToWebView:nil]` / `:^{ addObserver }` / `:^{}` | — | 1547 | 1568–1570 | 1619–1621 | 1839 | `configure`, `configurationSync` |
/// | iOS < 11: a document-start script writing `document.cookie` | 143–188 | 1548–1593 | 1571–1616 | 1622–1667 | 1840–1885 | not ported: no profile is below iOS 11 |
/// | `_webView = [[WKWebView alloc] …]` … `[self visitSource]` | 192, 217 | 406, 448 | 413, 455 | 416, 460 | 510, 559 | the app makes the web view, then `load` |
/// | `setSource:` — `if (![_source isEqualToDictionary:source])` | 307–315 | 636–645 | 643–652 | 656–665 | 775–784 | `load`, `lastSource` |
/// | `visitSource`: `html` source | 335–344 | 677–686 | 684–693 | 697–706 | 816–825 | not ported: the harness loads URLs only |
/// | `visitSource`: `headers.cookie` → `writeCookiesToWebView` | — | 687–694 | 694–701 | 707–714 | 826–833 | not ported: no scenario's load carries a `Cookie` header |
/// | `requestForSource:` (adds a header on iOS < 11 only) | 346, 746–764 | 696 | 703 | 716 | 835 | not ported: no profile is below iOS 11 |
/// | `__weak WKWebView *webView = _webView` | — | — | — | 717 | 836 | `visitSource` (the web view is alive) |
/// | `syncCookiesToWebView:^{ … }` around the load | — | 698–719 | 705–726 | 720–741 | 839–863 | `visitSource`, `syncCookiesToWebView` |
/// | `addObserver:self` in that completion | — | — | — | — | 840–841 | `visitSource`, `.v13_10_6` |
/// | `if ([request.URL isEqual:webView.URL]) return` | 351–353 | 703–705 | 710–712 | 725–727 | 847–849 | `visitSource` |
/// | `if (!request.URL)` / `loadFileURL` (no host) | 354–364 | 706–718 | 713–725 | 728–740 | 850–862 | not ported: every scenario URL has a host |
/// | `[webView loadRequest:request]` | 360 | 712 | 719 | 734 | 856 | `visitSource`, `webView.load` |
/// | `didFinishNavigation`: `getAllCookies` → `sharedHTTPCookieStorage setCookie` each | — | 1319–1328 | — | — | — | `webView(_:didFinish:)`, `.v11_17_2` |
/// | `cookiesDidChangeInCookieStore`: the same | — | — | 1342–1352 | 1378–1390 | 1545–1557 | `cookiesDidChange(in:)` |
/// | `writeCookiesToWebView:completion:` — `dispatch_async(main)`, group enter/leave per `setCookie`, notify on main | — | 1476–1496 | 1497–1517 | 1542–1568 | 1762–1788 | `writeCookiesToWebView` |
/// | `syncCookiesToWebView:` — `sharedHTTPCookieStorage.cookies` | — | 1498–1501 | 1519–1522 | 1570–1573 | 1790–1793 | `syncCookiesToWebView` |
/// | `dealloc`: `removeObserver:self` | — | — | 234–240 | 224–230 | 303–309 | not ported: the component lives as long as the app |
/// | `reload` → `resetupScripts` (a second configuration sync) | — | 1355–1370 | 1369–1384 | 1405–1420 | 1572–1587 | not ported: no scenario reloads |
public final class ReactNativeWebViewSharedCookies: SyncStrategy, WKHTTPCookieStoreObserver {
    /// The releases whose cookie code behaves differently, oldest first.
    public enum Version: String, CaseIterable, Sendable {
        case v5_7_0 = "5.7.0"
        case v11_17_2 = "11.17.2"
        case v11_24_0 = "11.24.0"
        case v12_0_0 = "12.0.0"
        case v13_10_6 = "13.10.6"

        /// The release tag's commit.
        var commit: String {
            switch self {
            case .v5_7_0: "b078c1d5530f3f2bb529bc9b86dc90bfff2399b2"
            case .v11_17_2: "bd3af379341b2536edaa322eb2eaee9161c9745f"
            case .v11_24_0: "70e84de5b7aca679adb70bcc2c3c7f24452a4cd7"
            case .v12_0_0: "b22d25f5a986f7c0ea705f1a363cf227efaeea33"
            case .v13_10_6: "ef3e2b40c65687002b3b34063b29478fa80dd6f6"
            }
        }

        var file: String {
            switch self {
            case .v5_7_0: "ios/RNCWKWebView.m"
            case .v11_17_2, .v11_24_0: "apple/RNCWebView.m"
            case .v12_0_0, .v13_10_6: "apple/RNCWebViewImpl.m"
            }
        }
    }

    /// The props an app sets on `<WebView>` that the cookie code reads.
    public struct Props: Sendable {
        /// `sharedCookiesEnabled`: off, every cookie branch is skipped.
        public var sharedCookiesEnabled = true
        /// `incognito`: a non-persistent data store.
        public var incognito = false
        /// `cacheEnabled`: off (with `sharedCookiesEnabled`, not `incognito`), a non-persistent data store.
        public var cacheEnabled = true

        public init(sharedCookiesEnabled: Bool = true, incognito: Bool = false, cacheEnabled: Bool = true) {
            self.sharedCookiesEnabled = sharedCookiesEnabled
            self.incognito = incognito
            self.cacheEnabled = cacheEnabled
        }

        /// The props the options give (their defaults are these props' defaults).
        init(_ values: LibraryOptionValues) {
            let options = ReactNativeWebViewSharedCookies.options
            self.init(sharedCookiesEnabled: values[options[0]], incognito: values[options[1]], cacheEnabled: values[options[2]])
        }
    }

    /// The props as adapter options, in the order an adapter name writes them; every release's cookie code reads the
    /// first three (the line map's `_incognito`, `_cacheEnabled`, `_sharedCookiesEnabled` rows).
    public static let options: [LibraryOption] = [
        LibraryOption("sharedCookiesEnabled", default: true, "off: nothing copied either way; the web view keeps its own store (every release)"),
        LibraryOption("incognito", default: false, "on: a non-persistent data store; sharedCookiesEnabled copies into it"),
        LibraryOption(
            "cacheEnabled", default: true,
            "off, with sharedCookiesEnabled and not incognito: a non-persistent data store (the second data-store check)"),
        LibraryOption(
            "thirdPartyCookiesEnabled", default: true, "Android's CookieManager.setAcceptThirdPartyCookies",
            notAParameter: "Android-only: the iOS component never reads it, so it has no effect on an iOS profile"),
    ]

    public static let library = "react-native-webview"
    public let version: Version
    public let props: Props
    public var name: String {
        let changed = [
            props.sharedCookiesEnabled ? nil : "sharedCookiesEnabled=false", props.incognito ? "incognito=true" : nil,
            props.cacheEnabled ? nil : "cacheEnabled=false",
        ].compactMap(\.self)
        return "rnw-shared-cookies:\(version.rawValue)" + (changed.isEmpty ? "" : "[\(changed.joined(separator: ","))]")
    }

    /// `_webView`: nil until the app has made the web view (12.0.0's bug is reading it too early).
    private weak var webView: WKWebView?
    private var app: StrategyContext?
    /// `_source`: the last source the component was given.
    private var lastSource: WebRequest?

    public init(version: Version, props: Props = Props()) {
        self.version = version
        self.props = props
    }

    // MARK: setUpWkWebViewConfig / resetupScripts

    public func configure(_ configuration: WKWebViewConfiguration, app: StrategyContext) {
        self.app = app
        // The props: the adapter's options, and a private web view (the harness's web view option) is `incognito`.
        let incognito = props.incognito || !configuration.websiteDataStore.isPersistent
        let cacheEnabled = props.cacheEnabled
        let useSharedProcessPool = configuration.processPool === app.webKit.sharedProcessPool
        if incognito {
            configuration.websiteDataStore = app.webKit.nonPersistentDataStore()
        } else if cacheEnabled {
            configuration.websiteDataStore = app.webKit.defaultDataStore()
        }
        if useSharedProcessPool { configuration.processPool = app.webKit.sharedProcessPool }

        guard props.sharedCookiesEnabled else {
            return app.log("\(name): sharedCookiesEnabled is off: no cookie copied, the web view keeps its own store")
        }
        // sharedCookiesEnabled, iOS 11 and later.
        if !incognito && !cacheEnabled { configuration.websiteDataStore = app.webKit.nonPersistentDataStore() }
        switch version {
        case .v5_7_0:
            let cookies = app.cookieStorage.cookies
            for cookie in cookies { configuration.websiteDataStore.httpCookieStore.setCookie(cookie) }
            app.log("\(name): \(cookies.count) native cookie(s) set into the configuration's store, not awaited")
        case .v11_17_2:
            syncCookiesToWebView(capturing: false, nil)
        case .v11_24_0:
            let store = configuration.websiteDataStore.httpCookieStore
            syncCookiesToWebView(capturing: false) { [weak self] in
                guard let self else { return }
                store.add(self)
                app.log("\(name): WKHTTPCookieStoreObserver added")
            }
        case .v12_0_0:
            let store = configuration.websiteDataStore.httpCookieStore
            syncCookiesToWebView(capturing: true) { [weak self] in
                guard let self else { return }
                store.add(self)
                app.log("\(name): WKHTTPCookieStoreObserver added")
            }
        case .v13_10_6:
            syncCookiesToWebView(capturing: true) {}
        }
    }

    public func webViewDidOpen(_ webView: WKWebView, app: StrategyContext) {
        self.webView = webView
    }

    // MARK: setSource / visitSource

    public func load(_ request: WebRequest, in webView: WKWebView, app: StrategyContext) {
        // setSource: a source equal to the current one does nothing.
        if let lastSource, lastSource.url == request.url, lastSource.httpMethod == request.httpMethod,
           lastSource.headerFields == request.headerFields, lastSource.httpBody == request.httpBody
        {
            app.log("\(name): the source is unchanged; nothing to visit")
            return
        }
        lastSource = request
        visitSource(request, in: webView, app: app)
    }

    private func visitSource(_ request: WebRequest, in webView: WKWebView, app: StrategyContext) {
        // Without sharedCookiesEnabled, writeCookiesToWebView calls its completion at once (11.17.2 and later): the
        // load is not deferred, and the observer 13.10.6 adds there copies nothing (cookiesDidChange checks the prop).
        guard version != .v5_7_0, props.sharedCookiesEnabled else {
            if request.url == webView.url { return app.log("\(name): \(request.url) is the current page; not loaded") }
            webView.load(request)
            return
        }
        syncCookiesToWebView(capturing: version >= .v12_0_0) { [weak self, weak webView] in
            guard let self, let webView else { return }
            if version == .v13_10_6 {
                webView.configuration.websiteDataStore.httpCookieStore.add(self)
            }
            if request.url == webView.url { return app.log("\(name): \(request.url) is the current page; not loaded") }
            webView.load(request)
        }
    }

    // MARK: Web → native

    public func webView(_ webView: WKWebView, didFinish navigation: WKNavigation, app: StrategyContext) {
        guard version == .v11_17_2, props.sharedCookiesEnabled else { return }
        webView.configuration.websiteDataStore.httpCookieStore.getAllCookies { cookies in
            for cookie in cookies { app.cookieStorage.setCookie(cookie) }
            app.log("\(self.name): didFinish: \(cookies.count) web cookie(s) set into the native store")
        }
    }

    public func cookiesDidChange(in cookieStore: WKHTTPCookieStore) {
        guard version >= .v11_24_0, props.sharedCookiesEnabled, let app else { return }
        cookieStore.getAllCookies { cookies in
            for cookie in cookies { app.cookieStorage.setCookie(cookie) }
            app.log("\(self.name): cookiesDidChange: \(cookies.count) web cookie(s) set into the native store")
        }
    }

    // MARK: syncCookiesToWebView / writeCookiesToWebView

    /// `syncCookiesToWebView:`: every native cookie into the web view's store, `completion` once all have landed.
    ///
    /// - Parameter capturing: 12.0.0 and later read `_webView` now (`__weak webView = _webView`); earlier versions
    ///   read it when the main-queue block runs.
    private func syncCookiesToWebView(capturing: Bool, _ completion: (() -> Void)?) {
        guard let app else { return }
        let cookies = app.cookieStorage.cookies
        let captured = webView
        app.mainQueue.async { [weak self] in
            guard let self else { return }
            let store = (capturing ? captured : webView)?.configuration.websiteDataStore.httpCookieStore
            var pending = 0
            var notified = false
            /// `dispatch_group_notify` on the main queue: runs once the group is empty.
            let notifyIfDone = {
                guard pending == 0, !notified else { return }
                notified = true
                app.mainQueue.async { completion?() }
            }
            for cookie in cookies {
                pending += 1
                // A message to nil: no cookie set, no completion, the group never leaves.
                store?.setCookie(cookie) {
                    pending -= 1
                    notifyIfDone()
                }
            }
            if store == nil, !cookies.isEmpty {
                app.log("\(name): \(cookies.count) setCookie call(s) sent to a nil web view: nothing copied, the completion never runs")
            } else {
                app.log("\(name): \(cookies.count) native cookie(s) sent to the web view's store")
            }
            notifyIfDone()
        }
    }
}

extension ReactNativeWebViewSharedCookies.Version: Comparable {
    public static func < (a: Self, b: Self) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

extension SyncStrategyKind {
    /// react-native-webview's `sharedCookiesEnabled`, one kind per version whose cookie code behaves differently.
    static let reactNativeWebView: [SyncStrategyKind] = ReactNativeWebViewSharedCookies.Version.allCases.map { version in
        let (summary, breakage): (String, String) =
            switch version {
            case .v5_7_0:
                ("sharedCookiesEnabled (5.7.0–11.17.1): native cookies setCookie'd into the configuration's store, load not waiting",
                 "the load races the copies; no web→native sync")
            case .v11_17_2:
                ("sharedCookiesEnabled (11.17.2–11.23): load waits for the copies; web cookies copied to native after didFinish",
                 "3xx cookies and later changes reach native only at the next didFinish; deletions never")
            case .v11_24_0:
                ("sharedCookiesEnabled (11.24–11.26): load waits for the copies; a cookie-store observer copies web → native",
                 "deletions never reach native; session cookies become native ones")
            case .v12_0_0:
                ("sharedCookiesEnabled (12.0–13.10.5): load waits for the copies; the observer is never added when native cookies exist",
                 "no web→native sync once the native store has a cookie (issue #3470)")
            case .v13_10_6:
                ("sharedCookiesEnabled (13.10.6–): load waits for the copies; the observer is added after each load's copy",
                 "deletions never reach native")
            }
        return SyncStrategyKind(
            name: "rnw-shared-cookies:\(version.rawValue)", summary: summary, knownBreakage: breakage,
            origin: LibraryOrigin(
                library: ReactNativeWebViewSharedCookies.library, repository: "react-native-webview/react-native-webview",
                version: version.rawValue, commit: version.commit, files: [version.file]),
            options: ReactNativeWebViewSharedCookies.options,
            make: { ReactNativeWebViewSharedCookies(version: version, props: ReactNativeWebViewSharedCookies.Props($0)) })
    }
}
