import CookieHarnessCore

/// The app's sync code, as it would be written against WebKit: before each load, every native cookie is copied
/// into the web view's `WKHTTPCookieStore` and the load waits for the copies to land; after each page, the web
/// view's cookies are copied back into `HTTPCookieStorage`.
///
/// What it still gets wrong is in `expectations/my-app.xml`, each with its cause: the harness fails the run only
/// when that changes (a regression, or a case that starts passing).
public final class MyAppStrategy: SyncStrategy {
    public let name = "my-app"

    public init() {}

    public func load(_ request: WebRequest, in webView: WKWebView, app: StrategyContext) {
        let store = webView.configuration.websiteDataStore.httpCookieStore
        let cookies = app.cookieStorage.cookies
        guard !cookies.isEmpty else {
            webView.load(request)
            return
        }
        var pending = cookies.count
        for cookie in cookies {
            store.setCookie(cookie) {
                pending -= 1
                if pending == 0 { webView.load(request) }  // after the last copy has landed
            }
        }
        app.log("my-app: \(cookies.count) native cookie(s) copied into WKHTTPCookieStore before loading")
    }

    public func webView(_ webView: WKWebView, didFinish navigation: WKNavigation, app: StrategyContext) {
        webView.configuration.websiteDataStore.httpCookieStore.getAllCookies { cookies in
            for cookie in cookies { app.cookieStorage.setCookie(cookie) }
        }
    }
}
