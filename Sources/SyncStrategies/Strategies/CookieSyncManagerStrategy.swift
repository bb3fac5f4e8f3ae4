import CookieModel
import Foundation
import WebKitModel

/// `wk-cookie-sync-manager`: field note 003's `WKCookieSyncManager`, as written — the web view's cookies saved once,
/// after a login, to `UserDefaults`, and copied into the next web view's store when it is made.
///
/// **Source.** Field note 003 (`docs/field-notes.md`), re-expressed:
/// - `decidePolicyForNavigationResponse`: on the main queue, `syncCookieFromWebView:navigationResponse:` —
///   `getAllCookies`, and only if one of them is **named** like the manager's `domain` and no login was synced yet,
///   `setCookies:forDomain:` with the response's host (saved, as an archive of every cookie, when the host contains
///   `domain`; `loginCookieHasBeenSynced = YES`) → ``webView(_:decidePolicyFor:app:decisionHandler:)``, ``sync(_:host:app:)``.
/// - When the web view is made: the manager's shared `WKProcessPool`, and on iOS 11 and later each saved cookie set
///   into `config.websiteDataStore.httpCookieStore` with no completion handler (nothing waits) → ``configure(_:app:)``.
/// - `didFinishNavigation`: `evaluateJavaScript("document.cookie")`, only logged → ``webView(_:didFinish:app:)``.
/// - Not reached on any profile here: the script array with `expires=` in `NSDate`'s description format (below iOS
///   11 only) and `cookiesSyncForWebsiteDataStore:`'s copy into a non-persistent store (the note's app never calls it).
///
/// The note's `domain` is `@"your domain"`, for the developer to fill in; here the suites' site, `example.com`.
/// `loginCookieHasBeenSynced` lives in the singleton, so a relaunch starts it at `NO` again.
///
/// **Where it breaks (from the code).** The gate compares a cookie's *name* with a domain: no server names a cookie
/// `example.com`, so nothing is ever saved and nothing restored — the web view keeps only its own cookies, as with no
/// sync at all, and nothing native reaches it. Were a cookie so named, the login would be saved once and never again
/// (`loginCookieHasBeenSynced`): a later session or a logout would not reach the saved copy until a relaunch; and the
/// restore is not awaited, so the first load may go before the copies land.
public final class CookieSyncManagerStrategy: SyncStrategy {
    public let name = "wk-cookie-sync-manager"
    /// The manager's `domain` (`@"your domain"` in the note): the `UserDefaults` key, the host filter and the name
    /// the gate looks for.
    public let domain: String
    /// `loginCookieHasBeenSynced`: in memory, per launch.
    private var loginCookieHasBeenSynced = false

    public init(domain: String = "example.com") {
        self.domain = domain
    }

    public func configure(_ configuration: WKWebViewConfiguration, app: StrategyContext) {
        configuration.processPool = app.webKit.sharedProcessPool
        let saved = app.defaults.savedList(of: Cookie.self, forKey: domain)
        guard !saved.isEmpty else { return }
        app.log("\(name): \(saved.count) saved cookie(s) set into the new web view's WKHTTPCookieStore, not awaited")
        for cookie in saved { configuration.websiteDataStore.httpCookieStore.setCookie(cookie) }
    }

    public func webView(
        _ webView: WKWebView, decidePolicyFor navigationResponse: WKNavigationResponse, app: StrategyContext,
        decisionHandler: @escaping (WKNavigationResponsePolicy) -> Void
    ) {
        let store = webView.configuration.websiteDataStore.httpCookieStore
        let host = navigationResponse.response.url.host ?? ""
        app.mainQueue.async { [self] in
            store.getAllCookies { cookies in self.sync(cookies, host: host, app: app) }
        }
        decisionHandler(.allow)
    }

    /// `syncCookieFromWebView:navigationResponse:` (iOS 11 branch) after `getAllCookies`, and `setCookies:forDomain:`.
    func sync(_ cookies: [Cookie], host: String, app: StrategyContext) {
        guard !cookies.isEmpty else { return }
        guard cookies.contains(where: { $0.name == domain }) else {
            app.log("\(name): getAllCookies: \(cookies.count) cookie(s), none named '\(domain)': nothing saved")
            return
        }
        guard !loginCookieHasBeenSynced, host.contains(domain) else { return }
        app.defaults.saveList(cookies, forKey: domain)
        loginCookieHasBeenSynced = true
        app.log("\(name): \(cookies.count) cookie(s) of the web view saved to UserDefaults (once: loginCookieHasBeenSynced)")
    }

    public func webView(_ webView: WKWebView, didFinish navigation: WKNavigation, app: StrategyContext) {
        webView.evaluateJavaScript("document.cookie") { [name] value, _ in
            app.log("\(name): didFinish: document.cookie is '\(value as? String ?? "")'")
        }
    }
}
