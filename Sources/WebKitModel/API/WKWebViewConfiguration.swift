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
    /// The app's scheme handlers, by lower-case scheme (read when the web view is created, as WebKit does).
    private(set) var urlSchemeHandlers: [String: any WKURLSchemeHandler] = [:]

    /// Schemes WebKit handles itself: `setURLSchemeHandler` raises for them in WebKit; here it has no effect.
    public static let webKitSchemes: Set<String> = ["http", "https", "file", "about", "data", "blob", "ws", "wss", "javascript"]

    /// `setURLSchemeHandler(_:forURLScheme:)`: `handler` answers the page's loads of `scheme` (nil removes it).
    public func setURLSchemeHandler(_ handler: (any WKURLSchemeHandler)?, forURLScheme scheme: String) {
        let scheme = scheme.lowercased()
        guard !Self.webKitSchemes.contains(scheme) else { return }
        urlSchemeHandlers[scheme] = handler
    }

    /// `urlSchemeHandler(forURLScheme:)`.
    public func urlSchemeHandler(forURLScheme scheme: String) -> (any WKURLSchemeHandler)? {
        urlSchemeHandlers[scheme.lowercased()]
    }

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
        urlSchemeHandlers = opener.configuration.urlSchemeHandlers
        openerWebView = opener.identifier
    }
}
