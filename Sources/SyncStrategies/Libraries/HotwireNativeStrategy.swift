import CookieModel
import Foundation
import WebKitModel

/// `hotwire-native`: Hotwire Native iOS's `Navigator` copies the default data store's cookies into
/// `HTTPCookieStorage.shared` each time a visit's request finishes. Nothing goes native → web.
///
/// **Source.** `hotwired/hotwire-native-ios`, `Source/Turbo/Navigator/Navigator.swift`,
/// `sessionDidFinishRequest(_:)`. Read at 1.2.2 (595dba37c4918afd0e2d470109bc0c356d6e9afe, the newest release);
/// the cookie copy is the same in every release since 1.0.0 (9c7d6c263a528c0a02e3796a5f451eb8405e2107):
/// 1.0.x–1.1.x read the cookies with `getAllCookies { }` (completion handler), 1.2.0 moved to
/// `Task { @MainActor in await allCookies() }` (86ef753) and renamed `visitableURL` to `initialVisitableURL`
/// (9fb1899) — both asynchronous, neither awaited, same URL, same call: one kind.
///
/// | Their code (1.2.2, `Navigator.swift`) | Port |
/// |---|---|
/// | `sessionDidFinishRequest(_:)`, called by `Session.visitRequestDidFinish` when a `ColdBootVisit`'s navigation reaches `webView(_:didFinish:)` (or the visit fails or is cancelled) | ``webView(_:didFinish:app:)``, for every main-frame navigation that finishes |
/// | `guard let url = session.activeVisitable?.initialVisitableURL else { return }` | `visitURL`: the URL the visit was started for — the `load(_:)` request's URL, or a page-started navigation's first (non-redirect) action URL, before any redirect (``webView(_:decidePolicyFor:app:decisionHandler:)``) |
/// | `Task { @MainActor in` … `await WKWebsiteDataStore.default().httpCookieStore.allCookies()` | `app.webKit.defaultDataStore().httpCookieStore.getAllCookies { }`: the **default** store, whichever store the web view uses; nothing waits for it |
/// | `HTTPCookieStorage.shared.setCookies(cookies, for: url, mainDocumentURL: url)` | `app.cookieStorage.setCookies(cookies, for: url, mainDocumentURL: url)`: every cookie of the store whose domain matches the visit's host (``NativeCookieStorage/setCookies(_:for:mainDocumentURL:)``) |
/// | `delegate?.requestDidFinish(at: url)` | not ported: the app's own callback, no cookie code |
/// | `Hotwire.config`'s `configuration.processPool = sharedProcessPool` (`HotwireConfig.swift`) | ``configure(_:app:)``: the app's shared pool |
/// | Turbo's JavaScript visits (a link click proposed to the native router, fetched by Turbo JS) | not ported: the harness has no Turbo JS; a link click is a main-frame navigation, its URL the visit's |
///
/// **Where it breaks (from the code).** Native → web never happens: a native login is not seen by the web view.
/// The copy keys on the visit's first URL: cookies a redirect set on another host are not copied, and the copy
/// never deletes (a cookie the web view dropped stays native). The copy is not awaited: a native request right
/// after a page can miss it. A non-persistent web view's cookies are never read (the default store is).
public final class HotwireNativeStrategy: SyncStrategy {
    public let name: String
    /// `Navigator.session.activeVisitable?.initialVisitableURL`: set when a visit starts.
    private var visitURL: URL?

    public init(name: String = "hotwire-native:1.2.2") {
        self.name = name
    }

    public func configure(_ configuration: WKWebViewConfiguration, app: StrategyContext) {
        configuration.processPool = app.webKit.sharedProcessPool
    }

    public func load(_ request: WebRequest, in webView: WKWebView, app: StrategyContext) {
        visitURL = request.url
        webView.load(request)
    }

    public func webView(
        _ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction, app: StrategyContext,
        decisionHandler: @escaping (WKNavigationActionPolicy) -> Void
    ) {
        // A page-started navigation is a new visit (Turbo proposes it); the app's own load set the URL already.
        if navigationAction.isMainFrame, !navigationAction.isRedirect, navigationAction.navigationType != .other {
            visitURL = navigationAction.request.url
        }
        decisionHandler(.allow)
    }

    public func webView(_ webView: WKWebView, didFinish navigation: WKNavigation, app: StrategyContext) {
        guard let url = visitURL else { return }
        app.webKit.defaultDataStore().httpCookieStore.getAllCookies { cookies in
            app.log("\(self.name): sessionDidFinishRequest: \(cookies.count) cookie(s) of the default store → setCookies(for: \(url), mainDocumentURL: \(url))")
            app.cookieStorage.setCookies(cookies, for: url, mainDocumentURL: url)
        }
    }
}

extension SyncStrategyKind {
    static let hotwireNative: [SyncStrategyKind] = [
        SyncStrategyKind(
            name: "hotwire-native:1.2.2",
            summary: "Hotwire Native's Navigator: after each visit, the default store's cookies into HTTPCookieStorage (setCookies for the visit URL), not awaited",
            knownBreakage: "native→web never; cookies of other hosts (redirects) not copied; deletions never copied",
            origin: LibraryOrigin(
                library: "hotwire-native-ios", repository: "hotwired/hotwire-native-ios", version: "1.2.2",
                commit: "595dba37c4918afd0e2d470109bc0c356d6e9afe", files: ["Source/Turbo/Navigator/Navigator.swift"]),
            make: { HotwireNativeStrategy() }),
    ]
}
