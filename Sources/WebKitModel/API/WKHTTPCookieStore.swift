import CookieModel

/// `WKHTTPCookieStore` (iOS 11+): the web view side's cookie jar, reachable only asynchronously.
///
/// Every call is a message to the engine's network process: the effect and the completion handler come later,
/// after the app's run loop turns (DESIGN §6 rule 8). A load started before `setCookie`'s completion handler runs
/// may or may not see the cookie, depending on the platform profile.
public final class WKHTTPCookieStore {
    private let engine: any WebKitEngine
    /// The engine's identifier of the data store this cookie store belongs to.
    public let dataStore: Int
    private var observers: [WeakObserver] = []
    private var registered = false

    init(engine: any WebKitEngine, dataStore: Int) {
        self.engine = engine
        self.dataStore = dataStore
    }

    /// Every cookie in the store, HttpOnly ones included.
    public func getAllCookies(_ completionHandler: @escaping ([Cookie]) -> Void) {
        engine.getAllCookies(inDataStore: dataStore, completion: completionHandler)
    }

    /// Stores `cookie` as given (HttpOnly allowed, no origin checks), replacing the one with the same identity.
    public func setCookie(_ cookie: Cookie, completionHandler: (() -> Void)? = nil) {
        engine.setCookie(cookie, inDataStore: dataStore) { completionHandler?() }
    }

    /// Removes the cookie with the same identity (name, domain, path).
    public func delete(_ cookie: Cookie, completionHandler: (() -> Void)? = nil) {
        engine.deleteCookie(cookie, inDataStore: dataStore) { completionHandler?() }
    }

    /// Adds an observer; like WebKit, the store does not keep it alive.
    public func add(_ observer: any WKHTTPCookieStoreObserver) {
        observers.removeAll { $0.value == nil || $0.value === observer }
        observers.append(WeakObserver(value: observer))
        guard !registered else { return }
        registered = true
        engine.observeCookieChanges(inDataStore: dataStore) { [weak self] in
            guard let self else { return }
            for observer in self.observers.compactMap(\.value) { observer.cookiesDidChange(in: self) }
        }
    }

    public func remove(_ observer: any WKHTTPCookieStoreObserver) {
        observers.removeAll { $0.value == nil || $0.value === observer }
    }

    private struct WeakObserver {
        weak var value: (any WKHTTPCookieStoreObserver)?
    }
}

/// `WKHTTPCookieStoreObserver`: told, some time after the fact, that a store's cookies changed (from a response,
/// a script, or the API). It says nothing about which cookies: the observer reads them again.
public protocol WKHTTPCookieStoreObserver: AnyObject {
    func cookiesDidChange(in cookieStore: WKHTTPCookieStore)
}
