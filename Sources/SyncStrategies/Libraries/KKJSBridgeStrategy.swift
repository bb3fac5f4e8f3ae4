import CookieModel
import Foundation
import WebKitModel

/// `kkjsbridge`: karosLi/KKJSBridge's `KKWebView`, a `WKWebView` subclass with a JavaScript bridge, as an app gets it
/// by the README — `KKWebView` made, then `[KKJSBridgeEngine bridgeForWebView:webView]`, the `KKJSBridgeConfig`
/// switches at their defaults: the cookie code of `KKWebView.m` and `KKWebViewCookieManager.m`, and the bridge's
/// `document.cookie` hook with its native half (`KKJSBridgeModuleCookie.m`). The switches apps change are the port's
/// options (``Config``, `kkjsbridge:1.3.9[enableAjaxHook=true]`): `enableAjaxHook` (the page's XHR and fetch sent by
/// native code, in `KKJSBridgeStrategy+AjaxHook.swift`), and from 1.3.6 `enableCookieSetHook` and
/// `enableCookieGetHook` (the `document.cookie` setter's post and the getter's native read). One kind per version
/// whose cookie behaviour differs with the switches at their defaults:
///
/// | version (kind) | tag commit | what changed |
/// |---|---|---|
/// | 1.0.9 | 763e93f2e0f03e641e3ff5c2d60bc1e1bb339ac0 | the first versions (1.0.1–1.0.9): the cookie script is made once, in `initWithFrame:` — before the bridge's script, so the hook does not see its writes |
/// | 1.3.9 | 490af42a624ca5e8f2de1dcefb955644dde804c9 | 453db74 (1.0.10): a cookie script added at every `loadRequest:` (after the bridge's script: its writes go through the hook to the native store). Later changes do nothing in this configuration: the HttpOnly header (4606399) and the synchronous bridge with a native `document.cookie` getter (6849ab3, 1.2.4; 68e44e8, 1.3.6) act only with the ajax hook on; the hook's setter posts before it writes (1.3.x) instead of after — the post is asynchronous either way. 1.3.9 is the latest release. |
///
/// **Source.** `karosLi/KKJSBridge` at the tags above: `KKJSBridge/KKJSBridge/View/KKWebView.m` (`wv`),
/// `View/CookieManager/KKWebViewCookieManager.m` (`cm`), `Modules/Cookie/KKJSBridgeModuleCookie.m` (`mc`), the
/// bridge script `TS/src/index.ts` (1.0.9) / `TS/src/hook/KKJSBridgeCookieHook.ts` (`hook`, 1.3.9) and
/// `KKJSBridgeEngine.m` (`en`).
///
/// | their code (1.0.9 line / 1.3.9 line) | port |
/// |---|---|
/// | wv 32 / 36 `processPool = [KKWebView processPool]` (one static pool), `navigationDelegate = self`, `UIDelegate = self` | ``configure(_:app:)``, ``webViewDidOpen(_:app:)`` |
/// | wv 31: `[self syncAjaxCookie]` in `initWithFrame:` (1.0.9) | ``configure(_:app:)``, before the bridge's script |
/// | en `setupJSBridge`: the bridge script at document start, all frames; `addScriptMessageHandler:… name:KKJSBridgeMessage` | ``configure(_:app:)``, ``pageScript(_:)`` |
/// | wv 44–48 / 48–57 `loadRequest:`: (1.3.9, a URL with a scheme) `syncAjaxCookie`, then `syncRequestCookie` on a mutable copy, `[super loadRequest:]` | ``load(_:in:app:)`` |
/// | wv 53–56 / 62–67 `syncAjaxCookie`: (1.3.9: unless `enableAjaxHook`) a document-start, all-frames script of `ajaxCookieScripts`, added to those already there | ``addCookieScript(to:app:)`` |
/// | cm 27–57 / 48–78 `ajaxCookieScripts`: every native cookie whose value has no `'`: `document.cookie='N=V;domain=D;path=P;[expires=E;][Secure;][HTTPOnly;]'` | ``cookieScript(_:)`` |
/// | cm 116–127 / 137–148 `cookieDateFormatter`: `EEE, d MMM yyyy HH:mm:ss zzz`, UTC | ``dateFormatter`` (locale assumed en_US: the formatter sets none) |
/// | cm 14–25 `syncRequestCookie:`: `cookiesForURL:`, if any, `Cookie` = `requestHeaderFieldsWithCookies` | ``syncRequestCookie(_:app:)`` |
/// | wv 60–82 / 72–88 `decidePolicyForNavigationAction`: `syncRequestCookie` on `navigationAction.request` when it is an `NSMutableURLRequest`, then the app's delegate or allow | ``webView(_:decidePolicyFor:app:decisionHandler:)``: the header goes on the action's copy of the request, which WebKit does not read back (``WKNavigationAction/request``): no effect, as on a device |
/// | wv 103–128 / 91–111 `decidePolicyForNavigationResponse`: iOS 11+ `copyWKHTTPCookieStoreToNSHTTPCookieStorageForWebViewOniOS11` (not awaited), then allow; before iOS 11 the response's `Set-Cookie` | the iOS 11 branch (every profile is iOS 11 or later): ``copyWebToNative(_:app:)`` |
/// | cm 97–114 / 118–135 `copyWKHTTPCookieStoreToNSHTTPCookieStorage…`: `getAllCookies`, each into `NSHTTPCookieStorage` | ``copyWebToNative(_:app:)`` |
/// | wv 197–202 / 137–142 `createWebViewWithConfiguration`: `!navigationAction.targetFrame.isMainFrame` → `[webView loadRequest:[cm fixRequest:…]]` (this class's override), nil | ``webView(_:createWebViewWith:for:windowFeatures:)`` |
/// | cm 59–76 / 80–97 `fixRequest:`: `Cookie` = the URL's native cookies as `N=V` joined with `;` (empty when none) | ``fixRequest(_:app:)`` |
/// | index.ts 688–711 (1.0.9) / hook 13–44: `document.cookie` redefined on `document` over `Document.prototype`'s when configurable; getter: the page's own (1.3.9: the native getter with `ajaxHook && cookieGetHook`, `KKJSBridgeStrategy+AjaxHook.swift`); setter: write, then `KKJSBridge.call('cookie', 'setCookie', {cookie})` (1.3.9: call if `cookieSetHook`, then write) | ``pageScript(_:config:)`` |
/// | `KKJSBridgeConfig` 1.3.9 `initWithEngine:` (`_enableCookieSetHook = YES`, `_enableCookieGetHook = YES`), the setters → `window.KKJSBridgeConfig.enableX(b)` as a document-start script; 1.0.9: `enableAjaxHook` only | ``Config``, ``configure(_:app:)`` |
/// | `KKJSBridge.call` → `window.webkit.messageHandlers.KKJSBridgeMessage.postMessage({module, method, data, callbackId})` | ``pageScript(_:config:)`` |
/// | en `userContentController:didReceiveScriptMessage:` → dispatcher → module `cookie` (1.3.x: on its own `NSOperationQueue`) | ``userContentController(_:didReceive:)`` (1.3.9: a later turn of the main queue) |
/// | mc 43–87 / 62–106 `setCookie:`: split on `;`, each trimmed and split on `=`; two parts: the first segment is name and value, then `domain`, `path`, `expires` (parsed; unparseable: no expiry), other keys as given; one part: `Secure` → secure, other keys as given; `cookieWithProperties:`, `setCookie:` | ``setCookie(from:app:)`` |
/// | mc 117–132 `cookie:` (the native getter), wv 199–209 `runJavaScriptTextInputPanelWithPrompt` → `handleSyncCallWithPrompt:` | `KKJSBridgeStrategy+AjaxHook.swift` (1.3.9) |
/// | the ajax hook (`KKJSBridgeAJAXHook.js`, `KKJSBridgeModuleXMLHttpRequestDispatcher`, `KKJSBridgeXMLHttpRequest`) | `KKJSBridgeStrategy+AjaxHook.swift` (`enableAjaxHook`) |
/// | `onlySyncRequestHttpOnlyCookie`, `copyNSHTTPCookieStorageToWKHTTPCookieStore…` | not ported: called by nothing in either release |
/// | `KKWebViewPool` reuse, alert/confirm panels, the navigation delegate forwarding to the app's delegate | not ported: no cookie code (the app has no delegate of its own) |
///
/// **Bugs kept.** `cookieWithProperties:` needs a name, a value, a path and a domain (Apple's table of required
/// keys): a script write without `domain=` or `path=` never reaches the native store; a value with `=` in it
/// splits into three parts and is dropped; `HTTPOnly` (not `HttpOnly`) and a lower-case `secure` are keys
/// `NSHTTPCookie` ignores. In 1.3.9 the per-load cookie scripts pile up, run through the hook, and so write every
/// native cookie back into the native store parsed as above: an HttpOnly one comes back without the flag.
public final class KKJSBridgeStrategy: SyncStrategy, WKUIDelegate, WKScriptMessageHandler {
    public enum Version: String, Sendable, CaseIterable {
        case v1_0_9 = "1.0.9"
        case v1_3_9 = "1.3.9"

        var commit: String {
            switch self {
            case .v1_0_9: "763e93f2e0f03e641e3ff5c2d60bc1e1bb339ac0"
            case .v1_3_9: "490af42a624ca5e8f2de1dcefb955644dde804c9"
            }
        }
    }

    public static let library = "KKJSBridge"
    static let files = [
        "KKJSBridge/KKJSBridge/View/KKWebView.m", "KKJSBridge/KKJSBridge/View/CookieManager/KKWebViewCookieManager.m",
        "KKJSBridge/KKJSBridge/Modules/Cookie/KKJSBridgeModuleCookie.m", "KKJSBridge/TS/src/hook/KKJSBridgeCookieHook.ts",
        "KKJSBridge/KKJSBridge/Config/KKJSBridgeConfig.m", "KKJSBridge/TS/src/hook/KKJSBridgeAjaxHook.ts",
        "KKJSBridge/KKJSBridge/Modules/Ajax/AjaxHook/KKJSBridgeXMLHttpRequest.m",
    ]
    /// `KKJSBridgeMessageName`.
    static let messageName = "KKJSBridgeMessage"

    /// `KKJSBridgeConfig`'s switches, as the app sets them before the first load.
    public struct Config: Sendable, Hashable {
        /// `enableAjaxHook` (default off): the page's XHR (1.3.x: and fetch) sent by native code.
        public var ajaxHook = false
        /// `enableCookieSetHook` (1.3.6+, default on): `document.cookie` writes posted to the native store.
        public var cookieSetHook = true
        /// `enableCookieGetHook` (1.3.6+, default on): with the ajax hook, `document.cookie` reads the native store.
        public var cookieGetHook = true

        public init(ajaxHook: Bool = false, cookieSetHook: Bool = true, cookieGetHook: Bool = true) {
            (self.ajaxHook, self.cookieSetHook, self.cookieGetHook) = (ajaxHook, cookieSetHook, cookieGetHook)
        }

        init(_ values: LibraryOptionValues, _ version: Version) {
            let options = KKJSBridgeStrategy.options(version)
            self.init(ajaxHook: values[options[0]], cookieSetHook: values[options[1]], cookieGetHook: values[options[2]])
        }
    }

    /// The `KKJSBridgeConfig` switches as adapter options, in the header's order; 1.0.9's config has only the first.
    public static func options(_ version: Version) -> [LibraryOption] {
        let since136 = version == .v1_0_9 ? "1.0.9's KKJSBridgeConfig has no such switch (added in 1.3.6)" : nil
        return [
            LibraryOption(
                "enableAjaxHook", default: false,
                "on (the AjaxHook subspec): the page's XMLHttpRequest (1.3.x: and fetch) sent by NSURLSession — native cookies sent, Set-Cookie kept natively only; 1.3.x: no per-load cookie script"),
            LibraryOption(
                "enableCookieSetHook", default: true, "off: document.cookie writes no longer posted to the native store",
                notAParameter: since136),
            LibraryOption(
                "enableCookieGetHook", default: true,
                "off: with the ajax hook, document.cookie reads the web view's cookies, not the native store's",
                notAParameter: since136),
        ]
    }

    public let version: Version
    public let config: Config
    public var name: String {
        let options = Self.options(version)
        let changed = [
            config.ajaxHook ? options[0].written(true) : nil, config.cookieSetHook ? nil : options[1].written(false),
            config.cookieGetHook ? nil : options[2].written(false),
        ].compactMap(\.self)
        return "kkjsbridge:\(version.rawValue)" + (changed.isEmpty ? "" : "[\(changed.joined(separator: ","))]")
    }
    var app: StrategyContext?
    weak var webView: WKWebView?

    public init(version: Version, config: Config = Config()) {
        self.version = version
        self.config = config
    }

    // MARK: KKWebView and KKJSBridgeEngine set-up

    public func configure(_ configuration: WKWebViewConfiguration, app: StrategyContext) {
        self.app = app
        configuration.processPool = app.webKit.sharedProcessPool
        // 1.0.9: `initWithFrame:` adds the cookie script before the app makes the bridge engine.
        if version == .v1_0_9 { addCookieScript(to: configuration.userContentController, app: app) }
        configuration.userContentController.addUserScript(
            WKUserScript(source: Self.pageScript(version, config: config), injectionTime: .atDocumentStart, forMainFrameOnly: false))
        // `config.enableAjaxHook = YES` before the bridge is ready: a document-start script after the bridge's.
        if config.ajaxHook {
            configuration.userContentController.addUserScript(
                WKUserScript(source: Self.ajaxHookScript(version), injectionTime: .atDocumentStart, forMainFrameOnly: false))
        }
        configuration.userContentController.add(self, name: Self.messageName)
    }

    public func webViewDidOpen(_ webView: WKWebView, app: StrategyContext) {
        self.webView = webView
        webView.uiDelegate = self
    }

    /// `loadRequest:` as `KKWebView` overrides it.
    public func load(_ request: WebRequest, in webView: WKWebView, app: StrategyContext) {
        guard version == .v1_0_9 || !(request.url.scheme ?? "").isEmpty else {
            webView.load(request)
            return
        }
        // 1.3.9's `syncAjaxCookie`: no script when the ajax hook is on (the native store is the one that counts).
        if version == .v1_3_9 && !config.ajaxHook { addCookieScript(to: webView.configuration.userContentController, app: app) }
        var requestWithCookie = request
        syncRequestCookie(&requestWithCookie, app: app)
        webView.load(requestWithCookie)
    }

    /// `syncAjaxCookie`: one more document-start script, for all frames, of every native cookie.
    func addCookieScript(to controller: WKUserContentController, app: StrategyContext) {
        let cookies = app.cookieStorage.cookies
        controller.addUserScript(
            WKUserScript(source: Self.cookieScript(cookies), injectionTime: .atDocumentStart, forMainFrameOnly: false))
        app.log("\(name): syncAjaxCookie: a document-start script of \(cookies.count) native cookie(s) (now \(controller.userScripts.count) scripts)")
    }

    /// `ajaxCookieScripts`: a `document.cookie='…'` line per native cookie whose value has no `'`.
    static func cookieScript(_ cookies: [Cookie]) -> String {
        var script = ""
        for cookie in cookies where !cookie.value.contains("'") {
            script += "document.cookie='\(cookie.name)=\(cookie.value);"
            script += "domain=\(cookie.httpCookieDomain);"
            script += "path=\(cookie.path);"
            if let expires = cookie.expiresDate { script += "expires=\(dateFormatter.string(from: expires));" }
            if cookie.isSecure { script += "Secure;" }
            if cookie.isHTTPOnly { script += "HTTPOnly;" }
            script += "'\n"
        }
        return script
    }

    /// `cookieDateFormatter`. It sets no locale: an `en_US` device is assumed.
    static let dateFormatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE, d MMM yyyy HH:mm:ss zzz"
        return formatter
    }()

    /// `syncRequestCookie:`: the URL's native cookies as the `Cookie` header, when there are any.
    func syncRequestCookie(_ request: inout WebRequest, app: StrategyContext) {
        let cookies = app.cookieStorage.cookies(for: request.url)
        guard !cookies.isEmpty, let header = CookieHeaders.requestHeaderValue(with: cookies) else { return }
        request.setValue(header, forHTTPHeaderField: "Cookie")
    }

    // MARK: WKNavigationDelegate

    public func webView(
        _ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction, app: StrategyContext,
        decisionHandler: @escaping (WKNavigationActionPolicy) -> Void
    ) {
        // 【COOKIE 3】 The header goes on the action's request — a copy WebKit never reads back.
        var request = navigationAction.request
        syncRequestCookie(&request, app: app)
        decisionHandler(.allow)
    }

    public func webView(
        _ webView: WKWebView, decidePolicyFor navigationResponse: WKNavigationResponse, app: StrategyContext,
        decisionHandler: @escaping (WKNavigationResponsePolicy) -> Void
    ) {
        copyWebToNative(webView, app: app)
        decisionHandler(.allow)
    }

    /// `copyWKHTTPCookieStoreToNSHTTPCookieStorageForWebViewOniOS11:`: every web cookie into the native store.
    func copyWebToNative(_ webView: WKWebView, app: StrategyContext) {
        webView.configuration.websiteDataStore.httpCookieStore.getAllCookies { [name] cookies in
            for cookie in cookies { app.cookieStorage.setCookie(cookie) }
            app.log("\(name): web store → native: \(cookies.map(\.name))")
        }
    }

    // MARK: WKUIDelegate

    /// A `target="_blank"` link: loaded in this web view instead, through `loadRequest:` (the override above).
    public func webView(
        _ webView: WKWebView, createWebViewWith configuration: WKWebViewConfiguration, for navigationAction: WKNavigationAction,
        windowFeatures: WKWindowFeatures
    ) -> WKWebView? {
        if !navigationAction.isMainFrame, let app {
            app.log("\(name): createWebViewWith: \(navigationAction.request.url) loaded in this web view")
            load(fixRequest(navigationAction.request, app: app), in: webView, app: app)
        }
        return nil
    }

    /// `fixRequest:`: the URL's native cookies as `N=V` joined with `;`, set as the `Cookie` header even when empty.
    func fixRequest(_ request: WebRequest, app: StrategyContext) -> WebRequest {
        var fixed = request
        let pairs = app.cookieStorage.cookies(for: request.url).map { "\($0.name)=\($0.value)" }
        fixed.setValue(pairs.joined(separator: ";"), forHTTPHeaderField: "Cookie")
        return fixed
    }

    // MARK: The bridge: document.cookie writes reach the native store

    public func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage) {
        guard message.name == Self.messageName, let body = message.body as? [String: Any], let app else { return }
        if body["module"] as? String == "ajax", body["method"] as? String == "send", config.ajaxHook {
            return ajaxSend(body["data"] as? [String: Any] ?? [:], app: app)
        }
        guard body["module"] as? String == "cookie", body["method"] as? String == "setCookie" else { return }
        let cookie = (body["data"] as? [String: Any])?["cookie"] as? String
        if version == .v1_3_9 {
            // The cookie module's own NSOperationQueue: not on this turn of the main queue.
            app.mainQueue.async { [weak self] in self?.setCookie(from: cookie, app: app) }
        } else {
            setCookie(from: cookie, app: app)
        }
    }

    /// `-[KKJSBridgeModuleCookie setCookie:params:responseCallback:]`.
    func setCookie(from cookieString: String?, app: StrategyContext) {
        guard let cookieString, !cookieString.isEmpty else { return }
        var properties: [String: Any] = [:]
        for (index, segment) in cookieString.components(separatedBy: ";").enumerated() {
            let trimmed = segment.trimmingCharacters(in: .whitespaces)
            let keyWithValues = trimmed.components(separatedBy: "=")
            if keyWithValues.count == 2, !keyWithValues[0].isEmpty {
                let key = keyWithValues[0].trimmingCharacters(in: .whitespaces)
                let value = keyWithValues[1].trimmingCharacters(in: .whitespaces)
                if index == 0 {
                    properties["Name"] = key
                    properties["Value"] = value
                } else if key == "domain" {
                    properties["Domain"] = value
                } else if key == "path" {
                    properties["Path"] = value
                } else if key == "expires", !value.isEmpty {
                    properties["Expires"] = Self.dateFormatter.date(from: value)
                } else {
                    properties[key] = value
                }
            } else if keyWithValues.count == 1, !keyWithValues[0].isEmpty {
                let key = keyWithValues[0].trimmingCharacters(in: .whitespaces)
                properties[key] = true
            }
        }
        guard !properties.isEmpty else { return }
        // `cookieWithProperties:`: nil without a name, a value, a path and a domain.
        guard let name = properties["Name"] as? String, let value = properties["Value"] as? String,
              let path = properties["Path"] as? String, let domain = properties["Domain"] as? String
        else {
            return app.log("\(self.name): setCookie '\(cookieString)': cookieWithProperties: gives nil (no name, value, path or domain)")
        }
        let cookie = Cookie.make(
            name: name, value: value, domain: domain, path: path, expires: properties["Expires"] as? Date,
            isSecure: properties["Secure"] as? Bool == true, isHTTPOnly: properties["HttpOnly"] as? Bool == true, now: app.now)
        app.cookieStorage.setCookie(cookie)
        app.log("\(self.name): setCookie '\(cookieString)' → native \(cookie.summary)")
    }

    /// `handleSyncCallWithPrompt:`: a `prompt('KKJSBridge', JSON)` is a synchronous bridge call; the only one the
    /// port answers is the cookie module's getter (1.3.9). Any other prompt gets no answer (the app shows no panel).
    public func webView(
        _ webView: WKWebView, runJavaScriptTextInputPanelWithPrompt prompt: String, defaultText: String?,
        initiatedByFrame frame: WKFrameInfo, completionHandler: @escaping (String?) -> Void
    ) {
        guard prompt == "KKJSBridge", let app, let defaultText,
              let body = (try? JSONSerialization.jsonObject(with: Data(defaultText.utf8))) as? [String: Any],
              body["module"] as? String == "cookie", body["method"] as? String == "cookie"
        else { return completionHandler(nil) }
        let cookie = nativeCookie(for: (body["data"] as? [String: Any])?["url"] as? String, app: app)
        app.log("\(name): the native document.cookie getter: '\(cookie)'")
        let json = (try? JSONSerialization.data(withJSONObject: ["cookie": cookie])).map { String(decoding: $0, as: UTF8.self) }
        completionHandler(json)
    }

    /// The bridge script's `document.cookie` hook for `version` and `config`, re-expressed: `KKJSBridge.call` is
    /// the post it makes (no callback), `syncCall` the prompt; the rest of the bridge (events, iframes) is left out.
    static func pageScript(_ version: Version, config: Config) -> String {
        let write = "cookieDesc.set.call(document, val);"
        let post = config.cookieSetHook ? "post('cookie', 'setCookie', { cookie: val });" : ""
        let nativeGetter = """
            var answer = prompt('KKJSBridge', JSON.stringify({ module: 'cookie', method: 'cookie', data: { url: window.location.href } }));
            return (answer ? JSON.parse(answer) : null).cookie;
            """
        let getter = version == .v1_3_9 && config.ajaxHook && config.cookieGetHook ? nativeGetter : "return cookieDesc.get.call(document);"
        return """
            (function () {
                var post = function (module, method, data) {
                    window.webkit.messageHandlers.\(messageName).postMessage({ module: module, method: method, data: data, callbackId: null });
                };
                try {
                    var cookieDesc = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie') ||
                        Object.getOwnPropertyDescriptor(HTMLDocument.prototype, 'cookie');
                    if (cookieDesc && cookieDesc.configurable) {
                        Object.defineProperty(document, 'cookie', {
                            configurable: true,
                            enumerable: true,
                            get: function () { \(getter) },
                            set: function (val) { \(version == .v1_0_9 ? write + " " + post : post + " " + write) }
                        });
                    }
                } catch (e) {}
            })();
            """
    }
}

extension SyncStrategyKind {
    /// KKJSBridge's `KKWebView`, one kind per version whose cookie code behaves differently (switches at their
    /// defaults), with the `KKJSBridgeConfig` switches as options.
    static let kkJSBridge: [SyncStrategyKind] = KKJSBridgeStrategy.Version.allCases.map { version in
        let (summary, breakage): (String, String) =
            switch version {
            case .v1_0_9:
                ("KKWebView (1.0.1–1.0.9): native Cookie header on each app load, a document-start script of every native cookie made at init; web store → native at each response; document.cookie writes posted to native",
                 "the script is frozen at init; HttpOnly cookies never via script; script writes without domain/path never reach native")
            case .v1_3_9:
                ("KKWebView (1.0.10–1.3.9): as 1.0.9, a new script of every native cookie at each app load, run through the document.cookie hook",
                 "every native cookie written back through the hook: HttpOnly lost; scripts pile up per load")
            }
        return SyncStrategyKind(
            name: "kkjsbridge:\(version.rawValue)", summary: summary, knownBreakage: breakage,
            origin: LibraryOrigin(
                library: KKJSBridgeStrategy.library, repository: "karosLi/KKJSBridge", version: version.rawValue,
                commit: version.commit, files: KKJSBridgeStrategy.files),
            options: KKJSBridgeStrategy.options(version),
            make: { KKJSBridgeStrategy(version: version, config: KKJSBridgeStrategy.Config($0, version)) })
    }
}
