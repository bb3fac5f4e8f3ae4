import Foundation

/// The WebKit framework as one app process sees it: where `WKWebsiteDataStore.default()` and the main queue come
/// from.
///
/// WebKit keeps these as process globals; the model keeps them on a context object, one per app process, so that
/// many apps (scenarios) run side by side. Porting app code is a matter of renames:
///
/// | WebKit / Foundation | WebKitModel |
/// |---|---|
/// | `WKWebsiteDataStore.default()` | `context.defaultDataStore()` |
/// | `WKWebsiteDataStore.nonPersistent()` | `context.nonPersistentDataStore()` |
/// | `WKWebViewConfiguration()` | `WKWebViewConfiguration(context:)` |
/// | `WKWebView(frame:configuration:)` | `WKWebView(configuration:)` |
/// | `DispatchQueue.main.async` / `asyncAfter` | `context.mainQueue.async` / `asyncAfter(seconds:execute:)` |
/// | `URLRequest`, `HTTPURLResponse`, `HTTPCookie` | ``WebRequest``, ``WebResponse``, `Cookie` |
/// | `Date()` | `context.now` |
///
/// Everything else (`WKHTTPCookieStore`, `WKUserContentController`, `WKUserScript`, `WKNavigationDelegate`,
/// `WKNavigationAction`, `WKNavigationResponse`, policies) keeps its WebKit name and shape.
public final class WKContext {
    public let engine: any WebKitEngine
    private var cachedDefaultStore: WKWebsiteDataStore?

    /// The one process pool the app shares between its web views (field notes 003, 004 keep it in a `static let`).
    /// A web view given a pool of its own is "without a shared pool" (``PlatformProfile/cookieStoreNeedsSharedProcessPool``).
    public let sharedProcessPool = WKProcessPool()

    /// The `WKWebView` class's methods in this app process, for code that swizzles them (``WKWebViewMethods``).
    public let webViewMethods = WKWebViewMethods()

    public init(engine: any WebKitEngine) {
        self.engine = engine
        (engine as? SimulatedWebKit)?.sharedProcessPools.insert(sharedProcessPool.identifier)
    }

    /// `WKWebsiteDataStore.default()`: the same object every time within one launch.
    public func defaultDataStore() -> WKWebsiteDataStore {
        if let store = cachedDefaultStore { return store }
        let store = WKWebsiteDataStore(context: self, identifier: engine.defaultDataStore(), isPersistent: true)
        cachedDefaultStore = store
        return store
    }

    /// `WKWebsiteDataStore.nonPersistent()`: a new, empty store, isolated from every other.
    public func nonPersistentDataStore() -> WKWebsiteDataStore {
        WKWebsiteDataStore(context: self, identifier: engine.makeNonPersistentDataStore(), isPersistent: false)
    }

    /// `DispatchQueue.main`.
    public var mainQueue: MainQueue { MainQueue(engine: engine) }

    /// `Date()` on the app's clock.
    public var now: Date { engine.now }
}

/// `DispatchQueue.main` as app code uses it: work that runs when the run loop turns.
public struct MainQueue {
    let engine: any WebKitEngine

    public func async(execute work: @escaping () -> Void) {
        _ = engine.schedule(after: 0, work)
    }

    /// `asyncAfter(deadline: .now() + seconds)`; the returned item cancels it (`DispatchWorkItem.cancel()`).
    @discardableResult
    public func asyncAfter(seconds: TimeInterval, execute work: @escaping () -> Void) -> ScheduledWork {
        ScheduledWork(engine: engine, handle: engine.schedule(after: seconds, work))
    }
}

/// `DispatchWorkItem`, as far as cancelling goes.
public final class ScheduledWork {
    private let engine: any WebKitEngine
    private let handle: Int
    public private(set) var isCancelled = false

    init(engine: any WebKitEngine, handle: Int) {
        self.engine = engine
        self.handle = handle
    }

    public func cancel() {
        guard !isCancelled else { return }
        isCancelled = true
        engine.cancelScheduled(handle)
    }
}
