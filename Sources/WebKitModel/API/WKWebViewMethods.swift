/// The app process's `WKWebView` class as method swizzling sees it: `method_exchangeImplementations` on
/// `-[WKWebView loadRequest:]`, which libraries such as GGWkCookie do in `+load` to rewrite every request an app
/// loads.
///
/// One table per app process (``WKContext``), never global: scenarios are separate app processes and run in
/// parallel. Every web view whose data store belongs to the context calls ``WKWebView/load(_:)`` through it.
///
/// **What the engines do with a rewritten request.** The replacement's request is what the engine loads, exactly
/// as if the app had passed it to `load(_:)`: a `Cookie` header it adds is a manual header (DESIGN §6 rule 2) —
/// the simulated iOS profiles send it as-is on that load and on every redirect hop, in place of the store's cookies,
/// and never store it; the simulated `webkitgtk` profile and the real WebKitGTK engine never put it on the wire
/// (each hop carries its jar's cookies, as measured). Only the app's own `load(_:)` calls go through the table:
/// link clicks, form submissions, redirect hops, back/forward and script navigations do not call `loadRequest:` in
/// WebKit either.
public final class WKWebViewMethods {
    /// `loadRequest:`'s current implementation.
    private var loadImplementation: (WKWebView, WebRequest) -> WKNavigation? = { webView, request in
        webView.originalLoad(request)
    }

    init() {}

    /// `method_exchangeImplementations(loadRequest:, replacement)`: from now on every `load(_:)` of the app's web
    /// views runs `replacement`, whose `original` is the implementation it replaced (calling `e_loadRequest:` from
    /// inside the swizzled method). Exchanging twice chains: the second replacement's `original` is the first.
    public func exchangeLoadImplementation(
        _ replacement: @escaping (_ webView: WKWebView, _ request: WebRequest, _ original: (WebRequest) -> WKNavigation?)
            -> WKNavigation?
    ) {
        let previous = loadImplementation
        loadImplementation = { webView, request in
            replacement(webView, request) { previous(webView, $0) }
        }
    }

    func load(_ request: WebRequest, in webView: WKWebView) -> WKNavigation? {
        loadImplementation(webView, request)
    }
}
