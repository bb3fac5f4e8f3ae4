import Synchronization

/// `WKProcessPool`: which web content processes web views share. Since iOS 11 it has no effect on cookies (DESIGN
/// §6 rule 1); kept so that a strategy that creates pools ports unchanged, and so that a scenario can prove it.
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
