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

    /// `WKWebViewConfiguration()` in `context`.
    public init(context: WKContext) {
        websiteDataStore = context.defaultDataStore()
        userContentController = WKUserContentController()
        processPool = WKProcessPool()
    }
}
