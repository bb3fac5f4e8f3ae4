import CookieModel
import Foundation
import WebKitModel

/// `ggwkcookie`: GaoGuohao/GGWkCookie, a CocoaPods category on `WKWebView`. The app sets a `cookieDelegate` that
/// answers a name → value dictionary and calls `startCustomCookie` before its first load; the library then puts
/// each pair into every page by a document-start script that writes it on the page's "root domain", and swizzles
/// `loadRequest:` to send the pairs as a `Cookie` header. Nothing goes web → native, and no cookie store is
/// touched. One kind per release whose behaviour differs: 0.1.1, 0.1.2, 0.1.3, 1.0.0.
///
/// **Source.** `GaoGuohao/GGWkCookie`, `GGWkCookie/Classes/WKWebView+GGCookie.m`, `WKWebView+Swizzling.m`,
/// `WKWebView+Attribute.m` and `GGWkCookie/Assets/GGCookie.js`, at the tags 0.1.1
/// (039c094320fd4dd883ec55f06126d26c6219144f), 0.1.2 (410332d4c12363ab953dc264a9757819f3944033), 0.1.3
/// (8bf957eee56b348b42ef50ccebed48da3dcac6bb) and 1.0.0 (93a7cc94af5621de84c8e75c7796a32948c26d9b, master).
/// `WKWebView+GGCookie.m` never changed. 0.1.0 (606d691) differs from 0.1.1 only in `WKWebView+Attribute.m`: the
/// dictionary kept by reference instead of copied and the delegate `assign` — the same for this app, whose delegate
/// answers a new dictionary at every call. 0.1.2 adds `tech`, `gov`, `edu`, `mil` to the script's generic labels
/// (no scenario host ends in one: its results are 0.1.1's); 0.1.3 drops the "only when the page lacks the name"
/// check of `app_setCookie` (fefa2f9); 1.0.0 appends the pairs to the request's own `Cookie` header instead of
/// replacing it (a7db06a).
///
/// **The app code** is the README's: `webView.cookieDelegate = self; [webView startCustomCookie];` before the first
/// `loadRequest:`, `reloadCookie` whenever the delegate's cookies change. The delegate answers the native store's
/// cookies (`HTTPCookieStorage.shared.cookies`) as name → value, the last of a name winning; `allKeys` is in the
/// order the store lists them (an `NSDictionary`'s order is not documented).
///
/// | Their code (file line, 1.0.0) | Port |
/// |---|---|
/// | Swizzling.m 14–20 `+load`: exchange `loadRequest:` and `e_loadRequest:` for every `WKWebView` of the process | ``appDidLaunch(_:)``: `WKWebViewMethods.exchangeLoadImplementation` |
/// | Swizzling.m 25 `mutableCopy` of the request | ``rewrite(_:keyValue:)`` |
/// | Swizzling.m 27–28 only when `cookieKeyValue` is a dictionary (nil before `startCustomCookie`) | ``appDidLaunch(_:)``, `keyValue(of:)` nil |
/// | Swizzling.m 30–33 (1.0.0) the request's own `Cookie` header, or "" ; (0.1.x) always "" | ``rewrite(_:keyValue:)`` |
/// | Swizzling.m 34–37 `key=value;` appended per key, no space, nothing escaped (1.0.0: right after the app's header, no separator) | ``rewrite(_:keyValue:)`` |
/// | Swizzling.m 38 `setValue:forHTTPHeaderField:@"Cookie"` — also with an empty dictionary (an empty header) | ``rewrite(_:keyValue:)`` |
/// | Swizzling.m 41 `[self e_loadRequest:]`: the original | the `original` closure |
/// | GGCookie.m 16–19 `startCustomCookie`: `addAppJsCode`, `reloadCookie` | ``webViewDidOpen(_:app:)`` |
/// | GGCookie.m 24–34 `addAppJsCode`: GGCookie.js as a document-start script, all frames | ``webViewDidOpen(_:app:)``, ``pageScript(for:)`` |
/// | GGCookie.m 39–55 `reloadCookie`: `removeAllTagCookie`, the delegate's dictionary, `addCookieWithKey` per key | ``reloadCookie(_:app:)`` |
/// | GGCookie.m 61–74 `addCookieWithKey:`: `evaluateJavaScript("app_setCookie('k','v')")` (not awaited), delete the scripts whose source contains the key's tag, add `app_setCookie(…) \n` + tag | ``addCookie(_:value:in:)`` |
/// | GGCookie.m 79–88 `removeCookieWithKey:` | not ported: the README's app never calls it (`reloadCookie` removes through `removeAllTagCookie`) |
/// | GGCookie.m 93–108 `removeAllTagCookie`: `app_deleteCookie('k')` per old key (not awaited), delete every tagged script, dictionary `@{}` | ``removeAllTagCookie(_:)`` |
/// | GGCookie.m 117–125 `addUserScriptWithJsCode:WithTag:`: source `code \n tag`, document start, all frames | ``addCookie(_:value:in:)`` |
/// | GGCookie.m 132–157 `deleteUserSciptWithTag:`: `containsString:` (the tag of `a` is in the tag of `ab`: adding `a` drops `ab`'s script), then `removeAllUserScripts` and re-add the rest in order | ``deleteUserScripts(tag:in:)`` |
/// | GGCookie.m 14, 165–168 the tag: a fixed comment line + the key (nil key: the bare line, which every tag contains) | ``tag(_:)`` (an English comment of ours) |
/// | GGCookie.js 3–8 `app_cookieNames`: the names `document.cookie` shows at document start | ``pageScript(for:)`` |
/// | GGCookie.js 11–33 `app_rootDomain`: from the last label down, skip numbers and the generic labels, stop at the first other; past index 0: `.` + the labels from there, else `document.domain` (`ds`, `arr` leak as globals: no cookie effect, kept local) | ``pageScript(for:)``, ``genericLabels(_:)`` |
/// | GGCookie.js 17 the generic labels (0.1.2 adds tech, gov, edu, mil) | ``genericLabels(_:)`` |
/// | GGCookie.js 37–44 `app_setCookie`: `name=value;domain=ROOT;path=/` (0.1.1, 0.1.2: only when `app_cookieNames` lacks the name) | ``pageScript(for:)`` |
/// | GGCookie.js 48–55 `app_deleteCookie`: `name=;domain=ROOT;expires=<now − 1 ms, toGMTString>;path=/` | ``pageScript(for:)`` |
/// | Attribute.m `cookieDelegate` (weak), `cookieKeyValue` (associated object, copied from 0.1.1) | `states`: per web view, weakly |
/// | GGWkBundelManager.m: reads GGCookie.js from the pod's bundle | not ported: the script is a string here |
public final class GGWkCookieStrategy: SyncStrategy {
    public enum Version: String, Sendable, CaseIterable {
        case v0_1_1 = "0.1.1"
        case v0_1_2 = "0.1.2"
        case v0_1_3 = "0.1.3"
        case v1_0_0 = "1.0.0"
    }

    public let version: Version
    public var name: String { "ggwkcookie:" + version.rawValue }

    /// The `cookieKeyValue` associated object of each web view, as ordered pairs (nil: `startCustomCookie` not
    /// called, the swizzled load leaves the request alone).
    private var states: [(webView: Weak, keyValue: [(String, String)]?)] = []

    public init(version: Version) {
        self.version = version
    }

    // MARK: WKWebView+Swizzling

    public func appDidLaunch(_ app: StrategyContext) {
        // Weak: the swizzled method lives in the context's web view methods, so a strong `app` would be a cycle.
        app.webKit.webViewMethods.exchangeLoadImplementation { [weak self, weak app] webView, request, original in
            guard let self, let keyValue = self.keyValue(of: webView) else { return original(request) }
            let rewritten = self.rewrite(request, keyValue: keyValue)
            app?.log("\(self.name): loadRequest swizzled: Cookie header '\(rewritten.value(forHTTPHeaderField: "Cookie") ?? "")'")
            return original(rewritten)
        }
    }

    /// `e_loadRequest:`'s header.
    func rewrite(_ request: WebRequest, keyValue: [(String, String)]) -> WebRequest {
        var newRequest = request
        var cookie = version == .v1_0_0 ? request.value(forHTTPHeaderField: "Cookie") ?? "" : ""
        for (key, value) in keyValue { cookie += "\(key)=\(value);" }
        newRequest.setValue(cookie, forHTTPHeaderField: "Cookie")
        return newRequest
    }

    // MARK: WKWebView+GGCookie

    /// The app's `startCustomCookie`, right after it made the web view and before its first load.
    public func webViewDidOpen(_ webView: WKWebView, app: StrategyContext) {
        states.removeAll { $0.webView.object == nil }
        states.append((Weak(webView), nil))
        webView.configuration.userContentController.addUserScript(
            WKUserScript(source: Self.pageScript(for: version), injectionTime: .atDocumentStart, forMainFrameOnly: false))
        reloadCookie(webView, app: app)
    }

    /// The app calls `reloadCookie` when its delegate's cookies change.
    public func nativeCookiesDidChange(_ app: StrategyContext) {
        for state in states {
            if let webView = state.webView.object { reloadCookie(webView, app: app) }
        }
    }

    func reloadCookie(_ webView: WKWebView, app: StrategyContext) {
        removeAllTagCookie(webView)
        let keyValue = Self.delegateKeyValue(app)
        setKeyValue(keyValue, of: webView)
        for (key, value) in keyValue { addCookie(key, value: value, in: webView) }
        app.log("\(name): reloadCookie: \(keyValue.map(\.0)) → app_setCookie now and a document-start script each")
    }

    /// The app's `webviewSetAppCookieKeyAndValue`: the native store's cookies, name → value, the last one winning.
    static func delegateKeyValue(_ app: StrategyContext) -> [(String, String)] {
        var pairs: [(String, String)] = []
        for cookie in app.cookieStorage.cookies {
            if let index = pairs.firstIndex(where: { $0.0 == cookie.name }) {
                pairs[index].1 = cookie.value
            } else {
                pairs.append((cookie.name, cookie.value))
            }
        }
        return pairs
    }

    func addCookie(_ key: String, value: String, in webView: WKWebView) {
        let javaScript = "app_setCookie('\(key)','\(value)')"
        webView.evaluateJavaScript(javaScript)
        let tag = Self.tag(key)
        deleteUserScripts(tag: tag, in: webView)
        webView.configuration.userContentController.addUserScript(
            WKUserScript(source: "\(javaScript) \n\(tag)", injectionTime: .atDocumentStart, forMainFrameOnly: false))
    }

    func removeAllTagCookie(_ webView: WKWebView) {
        for (key, _) in keyValue(of: webView) ?? [] { webView.evaluateJavaScript("app_deleteCookie('\(key)')") }
        deleteUserScripts(tag: Self.tag(nil), in: webView)
        setKeyValue([], of: webView)
    }

    /// `deleteUserSciptWithTag:`: every script whose source contains `tag` goes; the others are added back in order.
    func deleteUserScripts(tag: String, in webView: WKWebView) {
        let controller = webView.configuration.userContentController
        let kept = controller.userScripts.filter { !$0.source.contains(tag) }
        guard kept.count != controller.userScripts.count else { return }
        controller.removeAllUserScripts()
        for script in kept { controller.addUserScript(script) }
    }

    /// `getCustomJsCodeTagWithKey:`: a comment line and the key.
    static func tag(_ key: String?) -> String {
        "// GGWkCookie: marks the script that sets the app's cookie " + (key ?? "")
    }

    private func keyValue(of webView: WKWebView) -> [(String, String)]? {
        states.first { $0.webView.object === webView }?.keyValue
    }

    private func setKeyValue(_ keyValue: [(String, String)], of webView: WKWebView) {
        if let index = states.firstIndex(where: { $0.webView.object === webView }) { states[index].keyValue = keyValue }
    }

    // MARK: GGCookie.js

    /// The labels `app_rootDomain` steps over as if they were a public suffix.
    static func genericLabels(_ version: Version) -> [String] {
        let labels = ["com", "cn", "net", "org", "cc", "co", "top", "vip", "club", "info"]
        return version == .v0_1_1 ? labels : labels + ["tech", "gov", "edu", "mil"]
    }

    /// GGCookie.js, re-expressed: what every page (every frame) runs at document start.
    static func pageScript(for version: Version) -> String {
        let generic = genericLabels(version).map { "'\($0)': true" }.joined(separator: ", ")
        let guardOpen = version == .v0_1_1 || version == .v0_1_2 ? "if (app_cookieNames.indexOf(name) == -1) " : ""
        return """
            var app_cookieNames = document.cookie.split('; ').map(function (pair) { return pair.split('=')[0]; });
            var app_rootDomain = (function () {
                var host = document.domain;
                var generic = {\(generic)};
                var labels = host.split('.');
                for (var i = labels.length - 1; i >= 0; i--) {
                    if (isNaN(labels[i]) && !generic[labels[i]]) break;
                }
                return i > 0 ? '.' + labels.slice(i).join('.') : host;
            })();
            function app_setCookie(name, value) {
                \(guardOpen)document.cookie = name + '=' + value + ';domain=' + app_rootDomain + ';path=/';
            }
            function app_deleteCookie(name) {
                var past = new Date();
                past.setTime(past.getTime() - 1);
                document.cookie = name + '=;domain=' + app_rootDomain + ';expires=' + past.toGMTString() + ';path=/';
            }
            """
    }

    /// A weak reference to a web view (the associated objects die with it).
    final class Weak {
        weak var object: WKWebView?
        init(_ object: WKWebView) { self.object = object }
    }
}

extension SyncStrategyKind {
    static let ggWkCookie: [SyncStrategyKind] = GGWkCookieStrategy.Version.allCases.map { version in
        let commits: [GGWkCookieStrategy.Version: String] = [
            .v0_1_1: "039c094320fd4dd883ec55f06126d26c6219144f", .v0_1_2: "410332d4c12363ab953dc264a9757819f3944033",
            .v0_1_3: "8bf957eee56b348b42ef50ccebed48da3dcac6bb", .v1_0_0: "93a7cc94af5621de84c8e75c7796a32948c26d9b",
        ]
        let (summary, breakage): (String, String) =
            switch version {
            case .v0_1_1, .v0_1_2:
                ("native cookies' name=value written by a document-start script on the page's root domain, only when the page lacks the name; swizzled loadRequest replaces the Cookie header with them",
                 "every cookie widened to the root domain, session, no Secure/HttpOnly; a changed value never replaces the page's; the app's own Cookie header dropped; nothing web → native")
            case .v0_1_3:
                ("as 0.1.2, but the script writes the native value even when the page has the name",
                 "every cookie widened to the root domain, session, no Secure/HttpOnly; the app's own Cookie header dropped; nothing web → native")
            case .v1_0_0:
                ("as 0.1.3, the swizzled loadRequest appends the pairs to the request's own Cookie header",
                 "as 0.1.3; the app's header and the first pair run together with no separator")
            }
        let kind = SyncStrategyKind(
            name: "ggwkcookie:" + version.rawValue, summary: summary, knownBreakage: breakage,
            origin: LibraryOrigin(
                library: "GGWkCookie", repository: "GaoGuohao/GGWkCookie", version: version.rawValue,
                commit: commits[version]!,
                files: [
                    "GGWkCookie/Classes/WKWebView+GGCookie.m", "GGWkCookie/Classes/WKWebView+Swizzling.m",
                    "GGWkCookie/Classes/WKWebView+Attribute.m", "GGWkCookie/Assets/GGCookie.js",
                ]),
            make: { GGWkCookieStrategy(version: version) })
        return kind
    }
}
