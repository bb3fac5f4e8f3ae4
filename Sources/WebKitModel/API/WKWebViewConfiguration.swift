import Synchronization

/// `WKProcessPool`: which web content processes web views share. It splits no cookie jar (DESIGN §6 rule 1); on the
/// ios-11 profile a `WKHTTPCookieStore.setCookie` is ignored when no web view of the store is on the app's shared
/// pool (``PlatformProfile/cookieStoreNeedsSharedProcessPool``).
public final class WKProcessPool {
    private static let counter = Atomic<Int>(0)
    /// A number that tells pools apart in transcripts.
    public let identifier: Int

    public init() {
        identifier = Self.counter.add(1, ordering: .relaxed).newValue
    }
}

/// `WKWebViewConfiguration`: read once, when the web view is created.
public final class WKWebViewConfiguration {
    /// Defaults to `WKWebsiteDataStore.default()`.
    public var websiteDataStore: WKWebsiteDataStore
    public var userContentController: WKUserContentController
    public var processPool: WKProcessPool
    /// For the configuration WebKit hands to `createWebViewWith`: the engine's identifier of the web view whose page
    /// asked for the new window. A web view created with it is that page's new window (the real engine relates the
    /// two, as WebKit requires); nil for a configuration the app made.
    public internal(set) var openerWebView: Int?

    /// `WKWebViewConfiguration()` in `context`.
    public init(context: WKContext) {
        websiteDataStore = context.defaultDataStore()
        userContentController = WKUserContentController()
        processPool = WKProcessPool()
    }

    /// What WebKit passes to `createWebViewWith`: the opener's store, pool and content controller, and the opener.
    init(newWindowOf opener: WKWebView) {
        websiteDataStore = opener.configuration.websiteDataStore
        userContentController = opener.configuration.userContentController
        processPool = opener.configuration.processPool
        openerWebView = opener.identifier
    }
}
