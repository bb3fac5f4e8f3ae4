import CookieModel
import Foundation
import WebKitModel

/// Capacitor's `CapacitorCookies` on iOS, version by version: what an Ionic/Capacitor app gets with
/// `plugins: { CapacitorCookies: { enabled: true } }` in `capacitor.config` and `server.url` pointing at its site.
/// The bridge's page script replaces `document.cookie` with an accessor that asks the app through the synchronous
/// `prompt()` panel (4.4.0 and later; 4.3.0 writes through the asynchronous `bridge` message handler), and the app
/// answers from `HTTPCookieStorage.shared`, never from the web view's store.
///
/// **Source.** `ionic-team/capacitor`, read at the release tags (`ios/Capacitor/Capacitor/` is `ios/` below):
///
/// | version (kind) | tag commit | what changed in the cookie code |
/// |---|---|---|
/// | 4.3.0 | 3d4433b505252d263784ec0fafc72a9b7cd8591e | d4047cfa (first version): getter by prompt, setter by plugin message per `k=v` pair |
/// | 4.4.0 | f9ec5a3059e109dbf2bd656f895243487eebeba5 | 2272abf3: setter by prompt too (synchronous), per pair |
/// | 4.6.0 | 4bddec05b67b12878130b74a118b57076fe65d7d | 57f8b39d (4.5.0's ba1e7702 adds a plugin method only): the whole string parsed as a Set-Cookie line for `domain=`'s URL; every native cookie copied to `WKWebsiteDataStore.default()` after each read and write; a `WKHTTPCookieStoreObserver` added unretained |
/// | 5.0.0 | 16fce75d37cb147d201cc7334250248e5e89dafe | beade602: pairs joined with "; " instead of ";" |
/// | 5.2.3 | 26f2ccdb44485155ce1788c4131f44c1454bd8eb | 0cc927ef: HttpOnly cookies left out of the getter's answer |
///
/// Versions that change nothing observable get no kind: 5.2.0's ca406347 falls back to `localURL` when `server.url`
/// is unset (this app sets it). Nothing in the cookie code changed from 5.2.3 to 8.4.2 (1834b9740e200fd96f866975d54515d49ef1aa97,
/// the latest release): `git log 5.2.3..8.4.2` on the files below touches formatting (09d99ba2), `CAPBridgedPlugin`
/// (6f86d210) and the fetch/XHR proxy only, so `capacitor-cookies:5.2.3` is also the latest's behaviour.
///
/// **What the harness models of the app.** `server.url` is the origin of the first page the app loads (the app
/// loads its server URL: `CAPBridgeViewController` `webView.load(URLRequest(url: serverURL))`); `getServerUrl()`
/// answers it for every page, whichever site the page is on. The page side is the port of the bridge's
/// `document.cookie` patch as a document-start, main-frame-only user script (as `JSExport.exportBridgeJS` injects
/// `native-bridge.js`), re-expressed: only the platform check and the cookie accessor, with the same payloads.
///
/// **Line map** (their line → this file; `nb` = `core/native-bridge.ts`, `wvdh` = `ios/WebViewDelegationHandler.swift`,
/// `ccm` = `ios/Plugins/CapacitorCookieManager.swift`, `cp` = `ios/Plugins/CapacitorCookies.swift`, `cbvc` =
/// `ios/CAPBridgeViewController.swift`; lines of 4.3.0 / 4.6.0 / 5.2.3 / 8.4.2, `—` = absent).
///
/// | their code | 4.3.0 | 4.6.0 | 5.2.3 | 8.4.2 | port |
/// |---|---|---|---|---|---|
/// | nb `getPlatformId`: `webkit.messageHandlers.bridge` → `'ios'` | 24–30 | 24–30 | 83–89 | 143–151 | `pageScript`, `platform` |
/// | wvdh `contentController.add(self, name: "bridge")` | 22 | 22 | 22 | 22 | `configure` |
/// | `JSExport.exportBridgeJS`: native-bridge.js, `.atDocumentStart`, main frame only | JSExport | JSExport | JSExport | JSExport.swift 20 | `configure`, `addUserScript` |
/// | cbvc `httpCookieStore.add(CapacitorWKCookieObserver())` | — | 108 | 109 | 121 | `configure`: added, then released (see below) |
/// | ccm `CapacitorWKCookieObserver.cookiesDidChange`: main-queue `getAllCookies` → `HTTPCookieStorage.setCookie` each | — | 3–14 | 3–14 | 3–14 | `CookieObserver` (never called: nothing retains it) |
/// | cbvc `cookieAcceptPolicy = .always` | 279 | 280 | 281 | 294 | not ported: the model's only policy |
/// | cbvc `aWebView.uiDelegate = delegationHandler` | 306 | 307 | 307 | 320 | `webViewDidOpen` |
/// | nb `CapacitorCookiesDescriptor = …getOwnPropertyDescriptor(Document.prototype, 'cookie')` | 302–304 | 295–297 | 354–356 | 389–391 | `pageScript` |
/// | nb `prompt({type: 'CapacitorCookies.isEnabled'})` → `'true'` patches | 309–320 | 302–313 | 361–372 | 396–407 | `pageScript`; wvdh 257–261 / 266–270 / 266–270 / 286–290 → `answer`, `.isEnabled` |
/// | nb getter: `prompt({type: 'CapacitorCookies'})` (4.3.0) / `'CapacitorCookies.get'` | 331–341 | 324–334 | 383–393 | 417–427 | `pageScript` getter |
/// | wvdh `CapacitorCookies[.get]` → `getCookies()` | 253–256 | 253–256 | 253–256 | 273–276 | `answer`, `getCookies` |
/// | ccm `getCookies`: (4.6.0+) `syncCookiesToWebView()`; `cookies(for: serverURL)`; (5.2.3+) no HttpOnly; joined ";" / (5.0.0+) "; " | 41–46 | 86–92 | 88–95 | 88–95 | `getCookies` |
/// | nb setter 4.3.0: per `;` pair with a value, `cap.toNative('CapacitorCookies', 'setCookie', {key, value: decode(v)})` | 348–363 | — | — | — | `pageScript` setter, `.v4_3_0`; nb 692 `postMessage` → `userContentController(_:didReceive:)` |
/// | cp `setCookie(call)` → `ccm.setCookie(url, key, encode(value))`; ccm 34–39 `Set-Cookie: key=value`, `setCookies(…, mainDocumentURL: url)` | cp 11–20 | — | — | — | `pluginSetCookie` |
/// | nb setter 4.4.0: per pair, `prompt({type: 'CapacitorCookies.set', key, value})`; wvdh 257–265 → ccm 34–40 | (4.4.0) 341–372 | — | — | — | `pageScript` setter, `.v4_4_0`; `answer`, `setCookie(key:value:)` |
/// | nb setter 4.6.0+: `domain` from the text after the first `domain=`; `prompt({type: 'CapacitorCookies.set', action: val, domain})` | — | 341–367 | 401–427 | 433–455 | `pageScript` setter |
/// | wvdh `CapacitorCookies.set` → `setCookie(domain, action)`, answers `""` | — | 257–265 | 257–265 | 277–285 | `answer` |
/// | ccm `getServerUrl(domain)`: empty → server URL; not `http(s)://` → `"http://" + domain` | — | 31–47 | 31–47 | 31–47 | `serverURL(for:)` |
/// | ccm `setCookie(domain, action)`: `HTTPCookie.cookies(withResponseHeaderFields:)`, `setCookies(…, mainDocumentURL: nil)`, `syncCookiesToWebView()` | — | 57–64 | 57–64 | 57–64 | `setCookie(domain:action:)` |
/// | ccm `syncCookiesToWebView`: per native cookie, `DispatchQueue.main.async { WKWebsiteDataStore.default()…setCookie(c, nil) }` | — | 126–137 | 129–140 | 129–140 | `syncCookiesToWebView` |
/// | wvdh `CapacitorHttp` (is the fetch/XHR proxy on) | 262–266 | 271–275 | 271–275 | 291–295 | `answer`: `"true"` for the `capacitor-http` kinds, else `"false"` (CapacitorHttp: `CapacitorCookies+Http.swift`) |
/// | wvdh `createWebViewWith`: `UIApplication.shared.open(url)` (the system browser), returns nil | 299–304 | 308–313 | 308–313 | 328–333 | `webView(_:createWebViewWith:…)`: logged, nil — the browser and its cookies are outside the app |
/// | wvdh otherwise: a real prompt panel (an alert with a text field) | 274– | 283– | 283– | 303– | not ported: the harness's pages prompt nothing else |
/// | cp `getCookies`/`setCookie`/`deleteCookie`/`clearCookies`/`clearAllCookies` plugin methods (4.5.0+) | — | cp | cp | cp | not ported: called by app JavaScript the scenarios do not have; the page's cookie API is the patched accessor |
/// | HttpRequestHandler `setCookiesFromResponse` (CapacitorHttp, split on ",") | — | 100–116 | 102–118 | 123–139 | `CapacitorCookies+Http.swift` |
///
/// **CapacitorHttp ranges** (`git log 4.6.0..5.7.8` on the files above and `httpFiles`, each commit's first release):
///
/// | kind | tag commit | releases | why the releases inside behave the same for cookies |
/// |---|---|---|---|
/// | `capacitor-http:4.3.0` | 3d4433b505252d263784ec0fafc72a9b7cd8591e | 4.3.0–4.5 | no `setCookiesFromResponse` yet |
/// | `capacitor-http:4.6.0` | 4bddec05b67b12878130b74a118b57076fe65d7d | 4.6.0–4.8.2 | 4.6.2–4.7.0 change error messages, URL encoding of spaces/double encoding and header passing (a3f875cf, cb00e495: `Headers` objects; the scenarios' fetches give plain headers): no cookie moves differently |
/// | `capacitor-http:5.0.0` | 16fce75d37cb147d201cc7334250248e5e89dafe | 5.0.0–5.2.2 | beade602 (`"; "`): `two-script-cookies-serialized` passes; 771f6ce1 (204), e81a2ff4 (`url`), ed47333a (JSON), 849c5645 (FormData), 5ed36178 (XHR event order) move no cookie (not ported, see below) |
/// | `capacitor-http:5.2.3` | 26f2ccdb44485155ce1788c4131f44c1454bd8eb | 5.2.3–5.7.0 | 0cc927ef (no HttpOnly in the getter): the two native-HttpOnly scenarios pass; bde65696, 2fe4535e (`Request` objects), 5cd3b2fa, 09bd040d, 3fe06426, 687b6b17 change the XHR/fetch patch's answers, not where a fetch of a URL string (the scenarios' kind) goes or whose cookies it carries (not ported: the kind runs 4.6.0's patches) |
/// | `capacitor-http:6.0.0` | 5b2ab7c68db4e77b8b2961e927acc5a708ee260f | 6.0.0–7.x (and 5.7.1–5.7.8, see below) | b853d065: GETs through the app's scheme handler |
///
/// **Not separated, with why.** 5.0.0–5.0.4's fetch patch reads `nativeResponse.headers['Content-Type'].startsWith`
/// and rejects the fetch when the answer has no field of that exact name (538821f2, 5.0.5); the port's
/// `buildResponse` lowercases the field names, so this is not modelled: the 5.0.0 kind runs 4.6.0's fetch patch
/// and XHR patch. 30eb6f7c (5.7.1) backports 6.0.0's routing of GET/HEAD/OPTIONS/TRACE through
/// `capacitor://localhost/_capacitor_http(s)_interceptor_/…` (`getServerUrl()` is `WEBVIEW_SERVER_URL`, the local
/// URL, `JSExport.exportCapacitorGlobalJS` 19 at 5.7.1): 5.7.1–5.7.8 are `capacitor-http:6.0.0`'s fetch over the
/// same cookie code (5.2.3's), not `capacitor-http:5.2.3`'s; their XHR patch (5.7.1–5.7.6's `a56f9b92`, `6a96ce72`)
/// was not compared line by line with 6.0.0's.
///
/// **CapacitorHttp** (`capacitor-http:4.3.0`, `4.6.0`, `5.0.0`, `5.2.3`, `6.0.0`: the same app with `CapacitorHttp: { enabled: true }`):
/// the page script's `fetch` patch sends the page's requests to the plugin, which sends them with `URLSession.shared`;
/// from 6.0.0 GET/HEAD/OPTIONS/TRACE go instead to the web view's own fetch at the app's local scheme, whose
/// `WKURLSchemeHandler` sends them with `URLSession.shared` (`CapacitorCookies+Http.swift`). **Not ported, because …**
/// the XHR patch: no scenario makes an XHR.
/// **Bugs kept:** `CapacitorWKCookieObserver()` is handed to `add` and held by nothing, and
/// `WKHTTPCookieStore` does not retain observers, so web → native never happens: cookies from responses are not in
/// `document.cookie`. Every read and write copies native cookies into `WKWebsiteDataStore.default()` (whatever
/// store the web view has), without waiting and without deleting: a cookie the script deleted stays in the web
/// store. The getter answers the server URL's cookies (path `/`) on every page of every site.
public final class CapacitorCookies: SyncStrategy, WKUIDelegate, WKScriptMessageHandler {
    /// The releases whose cookie code behaves differently, oldest first.
    public enum Version: String, CaseIterable, Sendable {
        case v4_3_0 = "4.3.0"
        case v4_4_0 = "4.4.0"
        case v4_6_0 = "4.6.0"
        case v5_0_0 = "5.0.0"
        case v5_2_3 = "5.2.3"
        /// The cookie code of 5.2.3; `CapacitorHttp`'s fetch patch sends GET/HEAD/OPTIONS/TRACE to the web view's own
        /// fetch at the app's scheme (`capacitor://localhost/_capacitor_http(s)_interceptor_/…`, b853d065), which the
        /// app's `WKURLSchemeHandler` sends with `URLSession.shared`.
        case v6_0_0 = "6.0.0"

        /// The release tag's commit.
        var commit: String {
            switch self {
            case .v4_3_0: "3d4433b505252d263784ec0fafc72a9b7cd8591e"
            case .v4_4_0: "f9ec5a3059e109dbf2bd656f895243487eebeba5"
            case .v4_6_0: "4bddec05b67b12878130b74a118b57076fe65d7d"
            case .v5_0_0: "16fce75d37cb147d201cc7334250248e5e89dafe"
            case .v5_2_3: "26f2ccdb44485155ce1788c4131f44c1454bd8eb"
            case .v6_0_0: "5b2ab7c68db4e77b8b2961e927acc5a708ee260f"
            }
        }

        /// The versions whose cookie code differs (`capacitor-cookies:…`): 6.0.0 changed the fetch patch only.
        public static let cookieVersions: [Version] = [.v4_3_0, .v4_4_0, .v4_6_0, .v5_0_0, .v5_2_3]
        /// The versions whose cookie plugin and `CapacitorHttp` together behave differently (`capacitor-http:…`):
        /// 4.6.0 added `setCookiesFromResponse`; 5.0.0 and 5.2.3 changed the cookie plugin's getter under an
        /// unchanged proxy (the `"; "` separator, HttpOnly left out); 6.0.0 sent GETs to the app's scheme handler.
        public static let httpVersions: [Version] = [.v4_3_0, .v4_6_0, .v5_0_0, .v5_2_3, .v6_0_0]
    }

    public static let library = "capacitor"
    public static let files = [
        "core/native-bridge.ts", "ios/Capacitor/Capacitor/WebViewDelegationHandler.swift",
        "ios/Capacitor/Capacitor/Plugins/CapacitorCookieManager.swift", "ios/Capacitor/Capacitor/Plugins/CapacitorCookies.swift",
        "ios/Capacitor/Capacitor/CAPBridgeViewController.swift",
    ]
    /// The files of `CapacitorHttp`, read for the `capacitor-http` kinds.
    public static let httpFiles = [
        "ios/Capacitor/Capacitor/Plugins/HttpRequestHandler.swift", "ios/Capacitor/Capacitor/Plugins/CapacitorUrlRequest.swift",
        "ios/Capacitor/Capacitor/CapacitorBridge.swift",
    ]
    public let version: Version
    /// `plugins: { CapacitorHttp: { enabled: true } }`: the page's `fetch` goes through the native HTTP stack.
    public let httpEnabled: Bool
    /// `plugins: { CapacitorCookies: { enabled: false } }`: the app answers the page script's
    /// `CapacitorCookies.isEnabled` prompt with `'false'` (wvdh 266–270 at 6.0.0), so `document.cookie` is not
    /// patched and is the web view's own; the unretained observer and `CapacitorHttp`'s `setCookiesFromResponse`
    /// (`HttpRequestHandler` 114–129 at 6.0.0) do not read the switch.
    public let cookiesEnabled: Bool
    public var name: String {
        "\(httpEnabled ? "capacitor-http" : "capacitor-cookies"):\(version.rawValue)" + (cookiesEnabled ? "" : "[CapacitorCookies=false]")
    }

    /// The `capacitor.config` switches as adapter options: `CapacitorCookies` is one; `CapacitorHttp` is chosen by
    /// the adapter's name (`capacitor-http:V` has it on, `capacitor-cookies:V` off). Every ported release reads both
    /// (the page script's `isEnabled` and `CapacitorHttp` prompts exist from 4.3.0, the first with `CapacitorCookies`).
    /// Capacitor leaves both off (`getBoolean("enabled", false)`, wvdh 266–275 at 6.0.0); the kinds stand for an app
    /// that turned `CapacitorCookies` on, so that is their option's default here.
    public static func options(http: Bool) -> [LibraryOption] {
        [
            LibraryOption(
                "CapacitorCookies", default: true,
                "off (Capacitor's own default; these kinds stand for an app that turned it on): document.cookie is the web view's own, not patched; CapacitorHttp still stores a fetch's cookies natively"),
            LibraryOption(
                "CapacitorHttp", default: http, "on: the page's fetch (and XHR) sent by the native HTTP stack",
                notAParameter: "the adapter's name chooses it: capacitor-http:V has it on, capacitor-cookies:V off"),
        ]
    }

    private(set) var app: StrategyContext?
    /// `bridge.webView`, which `toJs` evaluates `window.Capacitor.fromNative` in.
    private(set) weak var webView: WKWebView?
    /// `config.serverURL`: `server.url`, the origin of the first page the app loads.
    private(set) var serverURL: URL?

    public init(version: Version, http: Bool = false, cookies: Bool = true) {
        self.version = version
        self.httpEnabled = http
        self.cookiesEnabled = cookies
    }

    // MARK: CAPBridgeViewController / WebViewDelegationHandler set-up

    public func configure(_ configuration: WKWebViewConfiguration, app: StrategyContext) {
        self.app = app
        if version >= .v4_6_0 {
            // Handed over and held by nothing: the store keeps observers weakly, so it is gone when this returns.
            configuration.websiteDataStore.httpCookieStore.add(CookieObserver(app: app))
            app.log("\(name): CapacitorWKCookieObserver added to the web view's cookie store, retained by nothing")
        }
        configuration.userContentController.add(self, name: "bridge")
        if version >= .v6_0_0 {
            // CAPBridgeViewController: the asset handler answers the local scheme; JSExport.exportCapacitorGlobalJS
            // tells the page that scheme's URL as WEBVIEW_SERVER_URL (before native-bridge.js).
            configuration.setURLSchemeHandler(AssetHandler(port: self), forURLScheme: Self.localScheme)
            configuration.userContentController.addUserScript(WKUserScript(
                source: "window.Capacitor = { DEBUG: false, isLoggingEnabled: false, Plugins: {} }; window.WEBVIEW_SERVER_URL = '\(Self.localURL)';",
                injectionTime: .atDocumentStart, forMainFrameOnly: true))
        }
        configuration.userContentController.addUserScript(
            WKUserScript(source: Self.pageScript(version), injectionTime: .atDocumentStart, forMainFrameOnly: true))
    }

    public func webViewDidOpen(_ webView: WKWebView, app: StrategyContext) {
        webView.uiDelegate = self
        self.webView = webView
    }

    public func load(_ request: WebRequest, in webView: WKWebView, app: StrategyContext) {
        if serverURL == nil, let scheme = request.url.scheme, let host = request.url.host {
            let port = request.url.port.map { ":\($0)" } ?? ""
            serverURL = URL(string: "\(scheme)://\(host)\(port)")
            app.log("\(name): server.url is \(serverURL?.absoluteString ?? "?")")
        }
        webView.load(request)
    }

    // MARK: The prompt panel (WebViewDelegationHandler)

    public func webView(
        _ webView: WKWebView, runJavaScriptTextInputPanelWithPrompt prompt: String, defaultText: String?,
        initiatedByFrame frame: WKFrameInfo, completionHandler: @escaping (String?) -> Void
    ) {
        guard let payload = (try? JSONSerialization.jsonObject(with: Data(prompt.utf8), options: .fragmentsAllowed))
            as? [String: Any]
        else { return completionHandler(nil) }
        completionHandler(answer(payload))
    }

    /// A `target="_blank"` link: Capacitor hands the URL to the system browser (`UIApplication.shared.open`), whose
    /// cookie jar is not the app's, and opens no web view: the app sees no request.
    public func webView(
        _ webView: WKWebView, createWebViewWith configuration: WKWebViewConfiguration, for navigationAction: WKNavigationAction,
        windowFeatures: WKWindowFeatures
    ) -> WKWebView? {
        app?.log("\(name): createWebViewWith: UIApplication.shared.open(\(navigationAction.request.url)): the system browser, outside the app")
        return nil
    }

    /// The `type` dispatch of `runJavaScriptTextInputPanelWithPrompt`.
    private func answer(_ payload: [String: Any]) -> String? {
        let type = payload["type"] as? String
        switch type {
        case "CapacitorCookies" where version == .v4_3_0, "CapacitorCookies.get" where version >= .v4_4_0:
            return getCookies()
        case "CapacitorCookies.set" where version == .v4_4_0:
            setCookie(key: payload["key"] as? String ?? "", value: payload["value"] as? String ?? "")
            return ""
        case "CapacitorCookies.set" where version >= .v4_6_0:
            setCookie(domain: payload["domain"] as? String ?? "", action: payload["action"] as? String ?? "")
            return ""
        case "CapacitorCookies.isEnabled":
            return cookiesEnabled ? "true" : "false"
        case "CapacitorHttp":
            return httpEnabled ? "true" : "false"
        default:
            return nil
        }
    }

    // MARK: The bridge message handler (4.3.0's setter)

    public func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage) {
        guard let body = message.body as? [String: Any], body["type"] as? String == "message",
              let options = body["options"] as? [String: Any], let app
        else { return }
        if body["pluginId"] as? String == "CapacitorHttp", body["methodName"] as? String == "request" {
            let call = PluginCall(callbackID: body["callbackId"] as? String ?? "-1", pluginID: "CapacitorHttp", methodName: "request")
            // handleJSCall: the plugin method runs on the plugin's queue, after this delivery.
            return app.mainQueue.async { [weak self] in self?.httpRequest(options, call: call) }
        }
        guard body["pluginId"] as? String == "CapacitorCookies", body["methodName"] as? String == "setCookie" else { return }
        // handleJSCall: the plugin method runs on the plugin's queue, after this delivery.
        app.mainQueue.async { [weak self] in
            guard let key = options["key"] as? String, let value = options["value"] as? String else { return }
            self?.pluginSetCookie(key: key, value: value)
        }
    }

    /// 4.3.0 `CAPCookiesPlugin.setCookie`: the server URL (no `url` option), the value percent-encoded, then
    /// `CapacitorCookieManager.setCookie(url, key, value)`.
    private func pluginSetCookie(key: String, value: String) {
        guard let url = serverURL, let app else { return }
        let encoded = value.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? value
        let cookies = app.cookies(withResponseHeaderFields: ["Set-Cookie": "\(key)=\(encoded)"], for: url)
        app.cookieStorage.setCookies(cookies, for: url, mainDocumentURL: url)
        app.log("\(name): setCookie plugin call '\(key)=\(encoded)' → \(cookies.count) native cookie(s) for \(url)")
    }

    // MARK: CapacitorCookieManager

    /// `getServerUrl(_ urlString:)` (4.6.0+): empty → the server URL; without `http://`/`https://` → `http://` + it.
    private func serverURL(for domain: String) -> URL? {
        if domain.isEmpty { return serverURL }
        let sanitized = domain == serverURL?.absoluteString || domain.hasPrefix("http://") || domain.hasPrefix("https://")
        return URL(string: sanitized ? domain : "http://\(domain)") ?? serverURL
    }

    /// 4.4.0 `setCookie(_ key:, _ value:)`: `key=value` as a Set-Cookie line for the server URL, nothing copied.
    private func setCookie(key: String, value: String) {
        guard let url = serverURL, let app else { return }
        let cookies = app.cookies(withResponseHeaderFields: ["Set-Cookie": "\(key)=\(value)"], for: url)
        app.cookieStorage.setCookies(cookies, for: url, mainDocumentURL: url)
        app.log("\(name): document.cookie pair '\(key)=\(value)' → \(cookies.count) native cookie(s) for \(url)")
    }

    /// 4.6.0+ `setCookie(_ domain:, _ action:)`: the whole `document.cookie` text (or a piece of a response's
    /// `Set-Cookie` value) as a Set-Cookie line.
    func setCookie(domain: String, action: String) {
        guard let url = serverURL(for: domain), let app else { return }
        let cookies = app.cookies(withResponseHeaderFields: ["Set-Cookie": action], for: url)
        app.cookieStorage.setCookies(cookies, for: url, mainDocumentURL: nil)
        app.log("\(name): CapacitorCookieManager.setCookie('\(domain)', '\(action)') → \(cookies.count) native cookie(s) for \(url)")
        syncCookiesToWebView()
    }

    /// `getCookies()`: what the patched getter returns.
    private func getCookies() -> String {
        if version >= .v4_6_0 { syncCookiesToWebView() }
        guard let url = serverURL, let app else { return "" }
        var cookies = app.cookieStorage.cookies(for: url)
        if version >= .v5_2_3 { cookies = cookies.filter { !$0.isHTTPOnly } }
        return cookies.map { "\($0.name)=\($0.value)" }.joined(separator: version >= .v5_0_0 ? "; " : ";")
    }

    /// `syncCookiesToWebView()` (4.6.0+): every native cookie into the default data store's cookie store, one
    /// main-queue block each, completion `nil`.
    func syncCookiesToWebView() {
        guard let app else { return }
        let cookies = app.cookieStorage.cookies
        for cookie in cookies {
            app.mainQueue.async { app.webKit.defaultDataStore().httpCookieStore.setCookie(cookie, completionHandler: nil) }
        }
        app.log("\(name): syncCookiesToWebView: \(cookies.count) native cookie(s) queued for WKWebsiteDataStore.default()")
    }

    /// `CapacitorWKCookieObserver` (4.6.0+): web → native, had anything kept it alive.
    private final class CookieObserver: WKHTTPCookieStoreObserver {
        let app: StrategyContext
        init(app: StrategyContext) { self.app = app }

        func cookiesDidChange(in cookieStore: WKHTTPCookieStore) {
            app.mainQueue.async { [app] in
                cookieStore.getAllCookies { cookies in
                    for cookie in cookies { app.cookieStorage.setCookie(cookie) }
                }
            }
        }
    }
}

extension CapacitorCookies.Version: Comparable {
    public static func < (a: Self, b: Self) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

extension SyncStrategyKind {
    /// Capacitor's `CapacitorCookies`, one kind per version whose cookie code behaves differently, then the same
    /// app with `CapacitorHttp` on too, one kind per version whose HTTP proxy behaves differently.
    static let capacitor: [SyncStrategyKind] = capacitorCookies + capacitorHttp

    private static let capacitorCookies: [SyncStrategyKind] = CapacitorCookies.Version.cookieVersions.map { version in
        let (summary, breakage): (String, String) =
            switch version {
            case .v4_3_0:
                ("CapacitorCookies (4.3.0): document.cookie reads the server URL's native cookies; each k=v pair written by an async plugin message",
                 "the web view never gets script cookies; attributes become cookies; response cookies invisible to script")
            case .v4_4_0:
                ("CapacitorCookies (4.4.0–4.5): document.cookie reads and writes the native store through the prompt panel, per k=v pair",
                 "the web view never gets script cookies; attributes become cookies; response cookies invisible to script")
            case .v4_6_0:
                ("CapacitorCookies (4.6.0–4.8): writes parsed as Set-Cookie lines into the native store, every native cookie copied to the default web store",
                 "response cookies invisible to script; deletions never reach the web store; one server URL for every site")
            case .v5_0_0:
                ("CapacitorCookies (5.0.0–5.2.2): as 4.6.0, document.cookie pairs joined with \"; \"",
                 "HttpOnly cookies readable by script; response cookies invisible to script; deletions never reach the web store")
            case .v5_2_3, .v6_0_0:
                ("CapacitorCookies (5.2.3–8.4.2): as 5.0.0, HttpOnly cookies left out of document.cookie",
                 "response cookies invisible to script; deletions never reach the web store; one server URL for every site")
            }
        let kind = SyncStrategyKind(
            name: "capacitor-cookies:\(version.rawValue)", summary: summary, knownBreakage: breakage,
            origin: LibraryOrigin(
                library: CapacitorCookies.library, repository: "ionic-team/capacitor",
                version: version.rawValue, commit: version.commit, files: CapacitorCookies.files),
            options: CapacitorCookies.options(http: false),
            make: { CapacitorCookies(version: version, cookies: $0[CapacitorCookies.options(http: false)[0]]) })
        return kind
    }
}

extension SyncStrategyKind {
    fileprivate static let capacitorHttp: [SyncStrategyKind] = CapacitorCookies.Version.httpVersions.map { version in
        let (summary, breakage): (String, String) =
            switch version {
            case .v6_0_0:
                ("CapacitorCookies + CapacitorHttp (6.0.0–7.x): GET fetches sent to the app's scheme handler (capacitor://localhost/_capacitor_http(s)_interceptor_/…), other methods through the plugin as 4.6.0",
                 "from an https page a GET fetch is blocked as mixed content and never sent; the web view's cookies never go with a fetch; an Expires date split in two makes a persistent cookie a session cookie")
            case .v4_6_0:
                ("CapacitorCookies + CapacitorHttp (4.6.0–4.8): the page's fetch sent by URLSession with the native store's cookies; response Set-Cookie fields split on ',' and stored again for the server URL, every native cookie copied to the default web store",
                 "the web view's own cookies never go with a fetch; an Expires date split in two makes a persistent cookie a session cookie; host-only response cookies copied to the server's host")
            case .v5_0_0:
                ("CapacitorCookies + CapacitorHttp (5.0.0–5.2.2): as 4.6.0, document.cookie pairs joined with \"; \"",
                 "HttpOnly cookies readable by script; the web view's own cookies never go with a fetch; an Expires date split in two makes a persistent cookie a session cookie")
            case .v5_2_3:
                ("CapacitorCookies + CapacitorHttp (5.2.3–5.7.0): as 5.0.0, HttpOnly cookies left out of document.cookie",
                 "the web view's own cookies never go with a fetch; an Expires date split in two makes a persistent cookie a session cookie; host-only response cookies copied to the server's host")
            case .v4_3_0, .v4_4_0:
                ("CapacitorCookies + CapacitorHttp (4.3.0–4.5): the page's fetch sent by URLSession with the native store's cookies, its response cookies kept there only",
                 "the web view's own cookies never go with a fetch; a fetch's response cookies never reach the web view")
            }
        return SyncStrategyKind(
            name: "capacitor-http:\(version.rawValue)", summary: summary, knownBreakage: breakage,
            origin: LibraryOrigin(
                library: CapacitorCookies.library, repository: "ionic-team/capacitor",
                version: version.rawValue, commit: version.commit, files: CapacitorCookies.files + CapacitorCookies.httpFiles),
            options: CapacitorCookies.options(http: true),
            make: { CapacitorCookies(version: version, http: true, cookies: $0[CapacitorCookies.options(http: true)[0]]) })
    }
}
