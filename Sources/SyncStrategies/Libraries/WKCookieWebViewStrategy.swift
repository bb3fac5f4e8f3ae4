import CookieModel
import Foundation
import WebKitModel

/// `wkcookiewebview`: Kofktu/WKCookieWebView, a `WKWebView` subclass from CocoaPods that keeps
/// `HTTPCookieStorage.shared` and the web view's cookie store in step by itself. One kind per release range whose
/// sync code differs, named by the range's first ported release: 1.0.0, 1.0.1, 1.0.2, 1.1.1, 1.1.3, 2.0.1, 2.0.2, 2.0.3.
///
/// **Source.** `Kofktu/WKCookieWebView`, `WKCookieWebView/WKCookieWebView.swift`, at the tags 2.0.1
/// (bd7992a16870456df4fb5c13078570987d66f0cc), 2.0.2 (fe0f90945f0af617b4d1bfd160d9beeb9b9b8658) and 2.0.3
/// (1d737f403b0442c5881ba0f14470ce20808130f7; master after it changes only the package manifest). 2.0.2 rewrote the
/// sync (#11, #12); 2.0.3 changed the web→native copy (353aa3b) and the script's cookie string (c5b53ed).
///
/// The 1.x releases, at their tags (tags 1.0.0–1.1.0 keep the file at `WKCookieWebView/WKCookieWebView/WKCookieWebView.swift`,
/// 1.1.1 and later at `WKCookieWebView/WKCookieWebView.swift`; a line "1.0.1 L136" is a line of that tag's file):
/// 1.0.0 (c6fcf47, for 0.0.3–1.0.0), 1.0.1 (14f163e), 1.0.2 (24413e0, for 1.0.2–1.1.0), 1.1.1 (ee89a42, for
/// 1.1.1–1.1.2), 1.1.3 (808b598, for 1.1.3 and 2.0.0, 4a58749) and 1.1.4 (fee1f71, ported as 2.0.1: the same sync code).
/// 1.0.0 writes no web store at all; 1.0.1 adds `WKWebsiteDataStore.default()` for every write and the `didCommit`
/// sweep; 1.0.2 also copies the native cookies into the default store at init and turns the host filter around;
/// 1.1.1 drops the sweep; 1.1.3 drops the script's guard; 1.1.4/2.0.1 move to the configuration's store. 2.0.0 behaves
/// as 1.1.3: it went back to `WKWebsiteDataStore.default()` (2.0.1 returned to the configuration's store). 0.0.1–0.0.2
/// are not ported: they assign a new `WKUserContentController` to the configuration after `super.init` (0.0.1
/// L35–37, L48), and as `WKWebView` copies its configuration, their scripts never reach the web view; otherwise they
/// are 1.0.0.
///
/// | Their code (line in the version's file) | Port |
/// |---|---|
/// | 2.0.1 L34, 2.0.2/2.0.3 L40 `HTTPCookieStorage.shared.cookieAcceptPolicy = .always` | not ported: `.always` is the only policy the native store models (and iOS's default) |
/// | 2.0.1 L35–37, 2.0.2 L41–43 `WKWebViewConfiguration()`, `processPool = WKCookieProcessPool.pool` (a `static let`) | ``configure(_:app:)``: the app's shared pool |
/// | 2.0.1 L39 (1.0.0 L38, 1.0.1–1.1.3 L39) `configuration.userContentController = userContentWithCookies()` after `super.init`: the controller is the web view's own (`configuration.userContentController`, L48/L49), so the scripts reach it | ``webViewDidOpen(_:app:)`` (before 2.0.2) |
/// | 1.0.0 L47–70, 1.0.1 L48–71, 1.0.2/1.1.1 L48–78 `userContentWithCookies()`: one script, `var cookieNames = document.cookie.split('; ')…`, then per native cookie `if (cookieNames.indexOf('N') == -1) { document.cookie='N=V;domain=D;path=P;'; }` — a name the page already shows is skipped (an HttpOnly one never shows) | ``addScripts(for:in:app:)`` with `url` nil (`Version.guardedInitScript`) |
/// | 1.1.3 L48–75: one unguarded script per native cookie (L61–64), as 2.0.1 | the same, unguarded |
/// | 1.0.0 L55–58, 1.0.1 L56–59: an expired native cookie → `HTTPCookieStorage.shared.deleteCookie` only (1.0.2 and later: `delete(cookie:)`, both stores) | `Version.expiredDeletedNativeOnly` |
/// | 1.0.2/1.1.1 L66–68, 1.1.3 L67–69: each native cookie also `WKWebsiteDataStore.default().httpCookieStore.setCookie(cookie, completionHandler: nil)` at init (1.0.2 to 2.0.0) | `Version.initWritesToDefaultStore` |
/// | 1.0.1 L156–184, 1.0.2 L167–195, 1.1.1 L160–188, 1.1.3 L157–185: `fetchCookies`, `set(cookie:)`, `delete(cookie:)` on `WKWebsiteDataStore.default()` (iOS 11 and later), whatever the web view's own store (1.0.0 has none: `set`/`delete` of the native store only) | ``webStore(of:app:)`` (`Version.webStore`) |
/// | 1.0.1 L164–168 `fetchCookies(fileter:)`: kept where `cookie.domain.range(of: host) != nil` (the domain contains the host: a parent-domain cookie is left out); 1.0.2 L175–179 to 2.0.1 the other way round | ``readDocumentCookie201(_:app:)`` |
/// | 1.0.1 L87–140, 1.0.2 L94–147 `update(with:documentCookie:host:)`: a changed value → `set` of a copy (no `delete`); an unchanged match is taken off `cachedCookies`; at the end every cached cookie left is deleted from both stores (1.0.1 L135–139, 1.0.2 L142–146) — the one just updated, every HttpOnly cookie and every cookie `document.cookie` cannot show | ``applyDocumentCookie201(_:cached:host:webView:app:)`` (`Version.sweepsCookiesNotInDocument`) |
/// | 1.1.1 L94–140 (1.1.3 L91–137): a changed value → `delete` of the cached cookie, then `set` of the copy (1.1.1 L116); no sweep | the same |
/// | 1.0.0 L72–129 `update(webView:)`: `document.cookie` against `HTTPCookieStorage.shared` alone, by name whatever the domain (L85); a changed value of a name in `updatedCookies` → the native value written back into the page with `evaluateJavaScript("document.cookie='N=V;domain=D;path=P;'")` (L90–91); another's → a native cookie of the new value, path `/`, expiry kept (L93–108); a new name → a native session cookie of the host, path `/` (L111–125); the pair is split on every `=` (`comps[1]`) | ``readDocumentCookie100(_:app:)`` |
/// | 1.0.0 L131–138 `update(cookies:)`: `HTTPCookieStorage.shared.setCookie` only, the name into `updatedCookies` (1.0.1 L142–148 to 1.1.3 L139–149: `set(cookie:)`, both stores) | ``responseCookies(_:webView:app:)`` |
/// | 1.0.0 L183–186, 1.0.1 L230–233, 1.0.2 L241–244, 1.1.1 L234–237, 1.1.3 L231–234 `didCommit` → `update(webView:)` | ``webView(_:didCommit:app:)`` |
/// | 2.0.1 L40, 2.0.2 L19–28, L45 `navigationDelegate = self`, app delegate kept in `wkNavigationDelegate` | the harness's delegate forwards every callback to this strategy; the forwarding to the app's own delegate (2.0.1 L217–265, 2.0.2 L176–260) is not ported: the app has none |
/// | 2.0.1 L48–71 `userContentWithCookies()`: every cookie of `HTTPCookieStorage.shared.cookies`; expired → `delete(cookie:)`; else a document-start script (all frames) `document.cookie='N=V;domain=D;path=P;';` | ``addScripts(for:in:app:)`` with `url` nil, ``script201(for:)`` |
/// | 2.0.2 L52–59 `override func load(_:)`: `userContentWithCookies(url)`, then `super.load` | ``load(_:in:app:)`` (2.0.2, 2.0.3) |
/// | 2.0.2 L62–88 `userContentWithCookies(_ url:)`: `HTTPCookieStorage.shared.cookies(for: url)`, if any: one script — `var cookieNames = …`, then per cookie (expired → `delete`) `if (cookieNames.indexOf('N') == -1) { document.cookie='JS'; }` — added to the scripts already there | ``addScripts(for:in:app:)`` with the URL, ``guardedScript(for:javaScript:)`` |
/// | 2.0.2 L282–304 `javaScriptString`: `properties` mapped to `Key=value` joined with "; " | ``javaScriptString202(_:)`` |
/// | 2.0.3 L279–304 `javaScriptString`: `name=value`, then the other `properties` as `Key=value` | ``javaScriptString203(_:)`` |
/// | 2.0.1 L199–215, 2.0.2 L194–210 `decidePolicyFor navigationResponse`: `HTTPCookie.cookies(withResponseHeaderFields: allHeaderFields, for: url)` → `update(cookies:)`; `decisionHandler(.allow)` in a `defer` (after the writes are issued, not awaited) | ``webView(_:decidePolicyFor:app:decisionHandler:)`` (navigation response) |
/// | 2.0.1 L135–145 `update(cookies:)`: `set(cookie:)` each (`updatedCookies` bookkeeping, `onUpdateCookieStorage` callback: not ported, no cookie effect) | ``responseCookies(_:webView:app:)`` |
/// | 2.0.2 L113–137 `update(cookies:)`: empty → return; `set(cookie:completion:)` each in a `DispatchGroup`, `notify` → `onUpdateCookieStorage` | ``responseCookies(_:webView:app:)``: the group only calls the app's closure, not ported |
/// | 2.0.1 L169–183, 2.0.2 L145–167 `set(cookie:)` / `delete(cookie:)`: `HTTPCookieStorage.shared` first, then `configuration.websiteDataStore.httpCookieStore` (completion nil in 2.0.1) | ``set(_:in:app:)``, ``delete(_:in:app:)`` |
/// | 2.0.1 L229–232 `didCommit` → `update(webView:)`; 2.0.2 L224–227 → `updateHigherOS11(webView:)` | ``webView(_:didCommit:app:)`` |
/// | 2.0.1 L73–85 `update(webView:)`: `evaluateJavaScript("document.cookie;")`, `self.url?.host`, `fetchCookies(fileter: host)` | ``readDocumentCookie201(_:app:)`` |
/// | 2.0.1 L163–167 `fetchCookies(fileter:)`: `getAllCookies`, kept where `host.range(of: cookie.domain) != nil` (a substring test) | same, in ``readDocumentCookie201(_:app:)`` |
/// | 2.0.1 L87–133 `update(with:documentCookie:host:)`: split on "; " then "=", a name found in the web store with a different non-empty value → `delete` + `set` of a copy with the new value; a name not found → `set` of `name=value; domain=host; path=/` | ``applyDocumentCookie201(_:cached:host:webView:app:)`` |
/// | 2.0.2 L90–111 `updateHigherOS11`: `self.url`, every `HTTPCookieStorage.shared.cookies(for: url)` deleted now; then `getAllCookies`, kept where `host.range(of: domain) != nil \|\| domain.range(of: host) != nil`, `setCookie` each | ``copyWebToNative(_:app:)`` (2.0.2) |
/// | 2.0.3 L90–112 the same, but the native cookies of the URL are only read now, and once the web cookies are in, each native one named like a web cookie is deleted before that cookie is set | ``copyWebToNative(_:app:)`` (2.0.3) |
/// | 2.0.2 L265–278 `HTTPCookie.isEqual` override (name, value, domain, path) | not ported: no call in the sync code compares cookies |
/// | challenge handling, `webViewWebContentProcessDidTerminate` | not ported: no cookie code |
///
/// **Assumed.** The order of `HTTPCookie.properties` is not documented; the port uses Name, Value, Domain, Path,
/// Expires, Secure, HttpOnly, SameSite, Discard, Version, Created (values as Swift prints them: a `Date` as
/// `2027-01-01 00:00:00 +0000`, flags as `TRUE`). 2.0.2 thus writes `document.cookie='Name=sid; Value=…; …'`: a
/// cookie called `Name` — whatever the order, its first pair is a property key, never the cookie's name.
public final class WKCookieWebViewStrategy: SyncStrategy {
    /// One case per release range, named by its first release (the ranges are in the header).
    public enum Version: String, Sendable, CaseIterable {
        case v1_0_0 = "1.0.0"
        case v1_0_1 = "1.0.1"
        case v1_0_2 = "1.0.2"
        case v1_1_1 = "1.1.1"
        case v1_1_3 = "1.1.3"
        case v2_0_1 = "2.0.1"
        case v2_0_2 = "2.0.2"
        case v2_0_3 = "2.0.3"

        /// Which web store `set(cookie:)`, `delete(cookie:)` and `fetchCookies` use on iOS 11 and later.
        enum WebStore { case none, defaultStore, configuration }

        var webStore: WebStore {
            switch self {
            case .v1_0_0: .none
            case .v1_0_1, .v1_0_2, .v1_1_1, .v1_1_3: .defaultStore
            case .v2_0_1, .v2_0_2, .v2_0_3: .configuration
            }
        }

        /// The scripts are made once, when the web view is created (before 2.0.2), not at each `load(_:)`.
        var scriptsAtInit: Bool { self < .v2_0_2 }

        /// Before 1.1.3 the init-time script is one, guarded by the page's own cookie names.
        var guardedInitScript: Bool { self < .v1_1_3 }

        /// 1.0.2 to 2.0.0 also `setCookie` each native cookie into `WKWebsiteDataStore.default()` at init.
        var initWritesToDefaultStore: Bool { self >= .v1_0_2 && self <= .v1_1_3 }

        /// An expired native cookie found at init is deleted from the native store only (before 1.0.2).
        var expiredDeletedNativeOnly: Bool { self <= .v1_0_1 }

        /// 1.0.1 to 1.1.0: web-store cookies of the host that `document.cookie` does not show are deleted at `didCommit`.
        var sweepsCookiesNotInDocument: Bool { self == .v1_0_1 || self == .v1_0_2 }

        private var order: Int { Self.allCases.firstIndex(of: self)! }
        static func < (lhs: Self, rhs: Self) -> Bool { lhs.order < rhs.order }
        static func <= (lhs: Self, rhs: Self) -> Bool { lhs.order <= rhs.order }
        static func >= (lhs: Self, rhs: Self) -> Bool { lhs.order >= rhs.order }
    }

    public let version: Version
    public var name: String { "wkcookiewebview:" + version.rawValue }
    /// 1.0.0's `updatedCookies`, per web view: the names it wrote into pages or took from responses.
    private var updatedCookies: [ObjectIdentifier: Set<String>] = [:]

    public init(version: Version) {
        self.version = version
    }

    public func configure(_ configuration: WKWebViewConfiguration, app: StrategyContext) {
        configuration.processPool = app.webKit.sharedProcessPool
    }

    public func webViewDidOpen(_ webView: WKWebView, app: StrategyContext) {
        if version.scriptsAtInit { addScripts(for: nil, in: webView, app: app) }
    }

    public func load(_ request: WebRequest, in webView: WKWebView, app: StrategyContext) {
        if !version.scriptsAtInit { addScripts(for: request.url, in: webView, app: app) }
        webView.load(request)
    }

    /// The web store `set(cookie:)` and `delete(cookie:)` write to: nil before 1.0.1 (the native store only).
    func webStore(of webView: WKWebView, app: StrategyContext) -> WKHTTPCookieStore? {
        switch version.webStore {
        case .none: nil
        case .defaultStore: app.webKit.defaultDataStore().httpCookieStore
        case .configuration: webView.configuration.websiteDataStore.httpCookieStore
        }
    }

    /// `userContentWithCookies()` (before 2.0.2: every native cookie, `url` nil) or `userContentWithCookies(url)`.
    func addScripts(for url: URL?, in webView: WKWebView, app: StrategyContext) {
        let cookies = url.map(app.cookieStorage.cookies(for:)) ?? app.cookieStorage.cookies
        let now = app.now
        if url == nil {
            var guarded = ["var cookieNames = document.cookie.split('; ').map(function(cookie) { return cookie.split('=')[0] } );"]
            for cookie in cookies {
                if let expires = cookie.expiresDate, now > expires {
                    if version.expiredDeletedNativeOnly {
                        app.cookieStorage.deleteCookie(cookie)
                    } else {
                        delete(cookie, in: webView, app: app)
                    }
                    continue
                }
                if version.guardedInitScript {
                    guarded.append("if (cookieNames.indexOf('\(cookie.name)') == -1) { \(Self.script201(for: cookie)) };")
                } else {
                    webView.configuration.userContentController.addUserScript(
                        WKUserScript(source: Self.script201(for: cookie), injectionTime: .atDocumentStart, forMainFrameOnly: false))
                }
                updatedCookies[ObjectIdentifier(webView), default: []].insert(cookie.name)
                if version.initWritesToDefaultStore {
                    app.webKit.defaultDataStore().httpCookieStore.setCookie(cookie, completionHandler: nil)
                }
            }
            if version.guardedInitScript {
                webView.configuration.userContentController.addUserScript(
                    WKUserScript(source: guarded.joined(separator: "\n"), injectionTime: .atDocumentStart, forMainFrameOnly: false))
                app.log("\(name): one guarded document-start script for \(cookies.count) native cookie(s)")
            } else {
                app.log("\(name): \(cookies.count) document-start script(s), one per native cookie")
            }
            if version.initWritesToDefaultStore {
                app.log("\(name): the native cookies also setCookie'd into WKWebsiteDataStore.default() (not awaited)")
            }
            return
        }
        guard !cookies.isEmpty else { return }
        var scripts = ["var cookieNames = document.cookie.split('; ').map(function(cookie) { return cookie.split('=')[0] } )"]
        for cookie in cookies {
            if let expires = cookie.expiresDate, now > expires {
                delete(cookie, in: webView, app: app)
                continue
            }
            let javaScript = version == .v2_0_2 ? Self.javaScriptString202(cookie) : Self.javaScriptString203(cookie)
            scripts.append(Self.guardedScript(for: cookie, javaScript: javaScript))
        }
        webView.configuration.userContentController.addUserScript(
            WKUserScript(source: scripts.joined(separator: ";\n"), injectionTime: .atDocumentStart, forMainFrameOnly: false))
        app.log("\(name): load(\(url!)): a document-start script for \(cookies.count) native cookie(s) added (now \(webView.configuration.userContentController.userScripts.count))")
    }

    /// 2.0.1's script: `document.cookie='N=V;domain=D;path=P;';` with `HTTPCookie.domain` (a host-only cookie's
    /// host becomes a `domain=` attribute). Nothing is escaped.
    static func script201(for cookie: Cookie) -> String {
        "document.cookie='\(cookie.name)=\(cookie.value);domain=\(cookie.httpCookieDomain);path=\(cookie.path);';"
    }

    /// 2.0.2 and 2.0.3: the cookie is written only if the page has no cookie of that name.
    static func guardedScript(for cookie: Cookie, javaScript: String) -> String {
        "if (cookieNames.indexOf('\(cookie.name)') == -1) { document.cookie='\(javaScript)'; }"
    }

    /// `HTTPCookie.properties` as `(key, value)` pairs, in the order assumed above.
    static func properties(_ cookie: Cookie) -> [(String, String)] {
        var properties = [("Name", cookie.name), ("Value", cookie.value), ("Domain", cookie.httpCookieDomain), ("Path", cookie.path)]
        if let expires = cookie.expiresDate { properties.append(("Expires", "\(expires)")) }
        if cookie.isSecure { properties.append(("Secure", "TRUE")) }
        if cookie.isHTTPOnly { properties.append(("HttpOnly", "TRUE")) }
        if cookie.sameSite != .default { properties.append(("SameSite", cookie.sameSite.rawValue.lowercased())) }
        if cookie.isSessionOnly { properties.append(("Discard", "TRUE")) }
        properties.append(("Version", "0"))
        properties.append(("Created", "\(cookie.creation.timeIntervalSinceReferenceDate)"))
        return properties
    }

    /// 2.0.2's `javaScriptString`: every property as `Key=value`, joined with "; ".
    static func javaScriptString202(_ cookie: Cookie) -> String {
        properties(cookie).map { "\($0.0)=\($0.1)" }.joined(separator: "; ")
    }

    /// 2.0.3's `javaScriptString`: `name=value`, then the other properties as `Key=value`.
    static func javaScriptString203(_ cookie: Cookie) -> String {
        (["\(cookie.name)=\(cookie.value)"]
            + properties(cookie).filter { $0.0 != "Name" && $0.0 != "Value" }.map { "\($0.0)=\($0.1)" })
            .joined(separator: "; ")
    }

    // MARK: Web → native and back

    public func webView(
        _ webView: WKWebView, decidePolicyFor navigationResponse: WKNavigationResponse, app: StrategyContext,
        decisionHandler: @escaping (WKNavigationResponsePolicy) -> Void
    ) {
        defer { decisionHandler(.allow) }
        let response = navigationResponse.response
        responseCookies(
            app.cookies(withResponseHeaderFields: response.allHeaderFields, for: response.url),
            webView: webView, app: app)
    }

    /// `update(cookies:)`: each cookie into both stores (before 1.0.1: the native store only); nothing waits for the
    /// web store's writes.
    func responseCookies(_ cookies: [Cookie], webView: WKWebView, app: StrategyContext) {
        guard !cookies.isEmpty else { return }
        app.log("\(name): response cookies \(cookies.map(\.name)) → \(version.webStore == .none ? "the native store" : "both stores")")
        for cookie in cookies {
            set(cookie, in: webView, app: app)
            updatedCookies[ObjectIdentifier(webView), default: []].insert(cookie.name)
        }
    }

    /// `set(cookie:)`: `HTTPCookieStorage.shared.setCookie`, then the web store's `setCookie` (not awaited).
    func set(_ cookie: Cookie, in webView: WKWebView, app: StrategyContext) {
        app.cookieStorage.setCookie(cookie)
        webStore(of: webView, app: app)?.setCookie(cookie, completionHandler: version <= .v2_0_1 ? nil : {})
    }

    /// `delete(cookie:)`: from `HTTPCookieStorage.shared`, then from the web store (not awaited).
    func delete(_ cookie: Cookie, in webView: WKWebView, app: StrategyContext) {
        app.cookieStorage.deleteCookie(cookie)
        webStore(of: webView, app: app)?.delete(cookie, completionHandler: version <= .v2_0_1 ? nil : {})
    }

    public func webView(_ webView: WKWebView, didCommit navigation: WKNavigation, app: StrategyContext) {
        if version == .v1_0_0 {
            readDocumentCookie100(webView, app: app)
        } else if version.scriptsAtInit {
            readDocumentCookie201(webView, app: app)
        } else {
            copyWebToNative(webView, app: app)
        }
    }

    /// 1.0.0 `update(webView:)`: `document.cookie` against the native store alone, by name whatever the domain; a
    /// name the library wrote (`updatedCookies`) is written back into the page with the native value, another one's
    /// new value goes to the native store (path `/`, its expiry kept, its flags lost); a new name becomes a native
    /// cookie of the host. Each pair is split on every `=`: a value holding one is cut there.
    func readDocumentCookie100(_ webView: WKWebView, app: StrategyContext) {
        webView.evaluateJavaScript("document.cookie;") { [weak webView] result, _ in
            guard let webView, let documentCookie = result as? String else { return }
            for pair in documentCookie.components(separatedBy: "; ") {
                let parts = pair.components(separatedBy: "=")
                if parts.count < 2 { continue }
                let (name, value) = (parts[0], parts[1])
                if let local = app.cookieStorage.cookies.first(where: { $0.name == name }) {
                    guard !value.isEmpty && local.value != value else { continue }
                    if self.updatedCookies[ObjectIdentifier(webView), default: []].contains(local.name) {
                        app.log("\(self.name): document.cookie has \(name)=\(value), native has \(local.value): the native value written back into the page")
                        webView.evaluateJavaScript(
                            "document.cookie='\(local.name)=\(local.value);domain=\(local.httpCookieDomain);path=\(local.path);'",
                            completionHandler: nil)
                    } else {
                        app.log("\(self.name): document.cookie has \(name)=\(value): native updated (path /)")
                        app.cookieStorage.setCookie(Cookie.make(
                            name: local.name, value: value, domain: local.httpCookieDomain, path: "/", expires: local.expiresDate,
                            now: app.now))
                    }
                } else if let host = webView.url?.host, !name.isEmpty && !value.isEmpty {
                    app.log("\(self.name): document.cookie has \(name), not native: set as \(name)=\(value) (\(host)/)")
                    app.cookieStorage.setCookie(Cookie.make(name: name, value: value, domain: host, path: "/", now: app.now))
                }
            }
        }
    }

    /// 1.0.1 to 2.0.1 `update(webView:)` and `fetchCookies(fileter:)`: the web store's cookies whose domain the host
    /// contains (1.0.1: whose domain contains the host).
    func readDocumentCookie201(_ webView: WKWebView, app: StrategyContext) {
        webView.evaluateJavaScript("document.cookie;") { [weak webView] result, _ in
            guard let webView, let host = webView.url?.host, let documentCookie = result as? String,
                let store = self.webStore(of: webView, app: app)
            else { return }
            store.getAllCookies { cookies in
                let cached = cookies.filter {
                    self.version == .v1_0_1 ? $0.httpCookieDomain.range(of: host) != nil : host.range(of: $0.httpCookieDomain) != nil
                }
                self.applyDocumentCookie201(documentCookie, cached: cached, host: host, webView: webView, app: app)
            }
        }
    }

    /// 1.0.1 to 2.0.1 `update(with:documentCookie:host:)`. From 1.1.1 a changed value deletes the old cookie before
    /// setting the new one; before, every cached cookie not matched by an unchanged pair of `document.cookie` is
    /// deleted at the end — the one just updated too (it was never taken off the list), and every HttpOnly cookie.
    func applyDocumentCookie201(_ documentCookie: String, cached: [Cookie], host: String, webView: WKWebView, app: StrategyContext) {
        var leftovers = cached
        for pair in documentCookie.components(separatedBy: "; ") {
            var parts = pair.components(separatedBy: "=")
            if parts.count < 2 { continue }
            let name = parts.removeFirst()
            let value = parts.joined(separator: "=")
            if let local = cached.first(where: { $0.name == name }) {
                if !value.isEmpty && local.value != value {
                    var updated = local
                    updated.value = value
                    if !version.sweepsCookiesNotInDocument { delete(local, in: webView, app: app) }
                    app.log("\(self.name): document.cookie has \(name)=\(value): the web store's copy rewritten, native updated")
                    set(updated, in: webView, app: app)
                } else if let index = leftovers.firstIndex(where: { $0.hasSameIdentity(as: local) }) {
                    leftovers.remove(at: index)
                }
            } else if !name.isEmpty && !value.isEmpty {
                app.log("\(self.name): document.cookie has \(name), not in the web store for \(host): set as \(name)=\(value) (\(host)/)")
                set(Cookie.make(name: name, value: value, domain: host, path: "/", now: app.now), in: webView, app: app)
            }
        }
        guard version.sweepsCookiesNotInDocument, !leftovers.isEmpty else { return }
        app.log("\(self.name): cookies of \(host) not matched in document.cookie deleted from both stores: \(leftovers.map(\.name))")
        for cookie in leftovers { delete(cookie, in: webView, app: app) }
    }

    /// 2.0.2 and 2.0.3 `updateHigherOS11(webView:)`.
    func copyWebToNative(_ webView: WKWebView, app: StrategyContext) {
        guard let url = webView.url, let host = url.host else { return }
        let httpCookies = app.cookieStorage.cookies(for: url)
        if version == .v2_0_2 {
            for cookie in httpCookies { app.cookieStorage.deleteCookie(cookie) }
            app.log("\(name): didCommit \(url): the native cookies for it deleted (\(httpCookies.map(\.name))) before the web store is read")
        }
        webView.configuration.websiteDataStore.httpCookieStore.getAllCookies { cookies in
            let webCookies = cookies.filter {
                host.range(of: $0.httpCookieDomain) != nil || $0.httpCookieDomain.range(of: host) != nil
            }
            for webCookie in webCookies {
                if self.version == .v2_0_3 {
                    for cookie in httpCookies where cookie.name == webCookie.name { app.cookieStorage.deleteCookie(cookie) }
                }
                app.cookieStorage.setCookie(webCookie)
            }
            app.log("\(self.name): web store → native for \(host): \(webCookies.map(\.name))")
        }
    }
}

extension SyncStrategyKind {
    static let wkCookieWebView: [SyncStrategyKind] = WKCookieWebViewStrategy.Version.allCases.map { version in
        let commits: [WKCookieWebViewStrategy.Version: String] = [
            .v1_0_0: "c6fcf47b84b6dd0e642cf3845b08a7775ad97347", .v1_0_1: "14f163e067b4e982af8bc78ad250c95fd30ead84",
            .v1_0_2: "24413e0ba2d62efe9d97942240658d21221a3990", .v1_1_1: "ee89a42f8ae5831ae705da23c2ca1929cc0e49ec",
            .v1_1_3: "808b598f0f10be529640adac071660ec8c975f21",
            .v2_0_1: "bd7992a16870456df4fb5c13078570987d66f0cc", .v2_0_2: "fe0f90945f0af617b4d1bfd160d9beeb9b9b8658",
            .v2_0_3: "1d737f403b0442c5881ba0f14470ce20808130f7",
        ]
        let (summary, breakage): (String, String) =
            switch version {
            case .v1_0_0:
                ("(0.0.3–1.0.0) one guarded document-start script of every native cookie (made at init); response Set-Cookie and document.cookie into the native store only",
                 "nothing reaches the web store: the first request and every HttpOnly cookie go without; a page's change to a cookie the library wrote is overwritten with the native value")
            case .v1_0_1:
                ("(1.0.1) as 1.0.0, and every write also into WKWebsiteDataStore.default(); at didCommit the default store's cookies for the host not matched in document.cookie are deleted",
                 "HttpOnly cookies and any cookie whose value the page changed are deleted from both stores at the next commit; a private web view's writes go to the default store")
            case .v1_0_2:
                ("(1.0.2–1.1.0) as 1.0.1, the native cookies also setCookie'd into the default store at init, the host filter turned around",
                 "as 1.0.1: HttpOnly and page-changed cookies deleted at each commit")
            case .v1_1_1:
                ("(1.1.1–1.1.2) as 1.0.2 without the deletion sweep: a changed value replaces the cookie in both stores",
                 "scripts frozen at init, for every site; a private web view's cookies land in the default store")
            case .v1_1_3:
                ("(1.1.3, 2.0.0) one unguarded script per native cookie, the default store for every write",
                 "a native cookie's script overwrites the page's newer value on every page; a private web view's cookies land in the default store")
            case .v2_0_1:
                ("(1.1.4, 2.0.1) document-start scripts of every native cookie (made at init); response Set-Cookie into both stores; document.cookie → both stores at didCommit",
                 "scripts frozen at init, for every site; HttpOnly never web→native except from responses; host-only widened; 3xx Set-Cookie unseen")
            case .v2_0_2:
                ("a guarded document-start script per load (native cookies of the URL); response Set-Cookie into both stores; at didCommit native cookies of the URL deleted, web store's copied back",
                 "the script writes a cookie named after a property key; native cookies the web store lacks (HttpOnly ones) are deleted at each page")
            case .v2_0_3:
                ("as 2.0.2, the script writes name=value with the other properties as attributes; at didCommit only native cookies named like a web cookie are replaced",
                 "Expires written unparseable (persistent → session), HttpOnly=TRUE makes document.cookie drop the cookie; scripts pile up per load")
            }
        return SyncStrategyKind(
            name: "wkcookiewebview:" + version.rawValue, summary: summary, knownBreakage: breakage,
            origin: LibraryOrigin(
                library: "WKCookieWebView", repository: "Kofktu/WKCookieWebView", version: version.rawValue,
                commit: commits[version]!,
                // The tags before 1.1.1 keep the file one folder deeper.
                files: [version <= .v1_0_2 ? "WKCookieWebView/WKCookieWebView/WKCookieWebView.swift" : "WKCookieWebView/WKCookieWebView.swift"]),
            make: { WKCookieWebViewStrategy(version: version) })
    }
}
