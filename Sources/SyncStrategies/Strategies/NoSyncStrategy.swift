import WebKitModel

/// `wk-no-sync`: the app does nothing; WKWebView keeps its own cookies in its website data store.
///
/// **Source.** What every app gets by replacing `UIWebView` with `WKWebView` and nothing else: Apple's
/// `WKWebsiteDataStore` documentation — the web view has its own store, not `HTTPCookieStorage.shared`.
///
/// **Where it breaks.** The first web view request after a native login, and every native→web or web→native
/// case: the two jars never meet.
public final class NoSyncStrategy: SyncStrategy {
    public let name = "wk-no-sync"

    public init() {}
}
