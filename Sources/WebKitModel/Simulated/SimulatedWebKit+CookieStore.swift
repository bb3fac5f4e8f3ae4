import CookieModel
import Foundation

extension SimulatedWebKit {
    /// A website data store: its jar and the queue of cookie-store operations sent to it.
    final class DataStore {
        let handle: Int
        let jar: any EngineCookieJar
        let isPersistent: Bool
        /// When the last queued operation lands: operations on one store land in the order they were sent.
        var lastOperationDue = Date.distantPast
        /// iOS 11.3: operations are held until the store's first load (``PlatformProfile/defersCookieStoreUntilFirstLoad``).
        var isDormant: Bool
        var held: [() -> Void] = []
        var observers: [() -> Void] = []
        var notificationPending = false

        init(handle: Int, jar: any EngineCookieJar, isPersistent: Bool, isDormant: Bool) {
            self.handle = handle
            self.jar = jar
            self.isPersistent = isPersistent
            self.isDormant = isDormant
        }

        var kind: String { isPersistent ? "the default" : "a non-persistent" }
    }

    /// Rule 1, rule 9: the default store's jar is the persistent one; the same store until the app is killed.
    public func defaultDataStore() -> Int {
        if let store = defaultStore { return store.handle }
        let store = DataStore(
            handle: makeHandle(), jar: persistentJar, isPersistent: true, isDormant: profile.defersCookieStoreUntilFirstLoad
        )
        stores[store.handle] = store
        defaultStore = store
        return store.handle
    }

    /// Rule 1: a non-persistent store starts empty and shares its jar with nobody.
    public func makeNonPersistentDataStore() -> Int {
        let store = DataStore(
            handle: makeHandle(), jar: Self.makeJar(profile: profile, clock: clock), isPersistent: false,
            isDormant: profile.defersCookieStoreUntilFirstLoad
        )
        stores[store.handle] = store
        return store.handle
    }

    /// Rule 8: a cookie-store operation lands `delay` after the call, but never before an operation sent earlier to
    /// the same store; a dormant store holds it until its first load.
    func enqueueStoreOperation(
        _ store: DataStore, delay: TimeInterval, _ label: String, isWrite: Bool = true, _ work: @escaping () -> Void
    ) {
        let operation = nextOperation
        nextOperation += 1
        inFlight[operation] = (
            store.handle, PendingOperation(what: "\(label) (data store #\(store.handle))", since: clock.now, isWrite: isWrite)
        )
        send(store, delay: delay, label) { [unowned self] in
            inFlight[operation] = nil
            work()
        }
    }

    /// The app's cookie-store calls not landed yet, oldest first.
    public var pendingOperations: [PendingOperation] {
        inFlight.sorted { $0.key < $1.key }.map(\.value.operation)
    }

    /// The operations in flight on `store` (a load sent now goes without their effect, unless the profile gates it).
    func inFlight(on store: DataStore) -> [PendingOperation] {
        inFlight.sorted { $0.key < $1.key }.filter { $0.value.store == store.handle }.map(\.value.operation)
    }

    /// A request of `store` goes on the wire now: with writes of the store in flight it goes without their effect,
    /// and the scenario's record says so (`<expect-no-load-during-cookie-write/>`). A gated profile never gets here
    /// with a write in flight: the request waited for them (``afterPendingWrites(_:_:)``).
    func noteWritesInFlight(on store: DataStore, sending load: String) {
        let writes = inFlight(on: store).filter(\.isWrite)
        guard !writes.isEmpty else { return }
        loadsDuringWrites.append(LoadDuringWrite(load: load, at: clock.now, writes: writes))
        log("\(load) goes out while \(writes.count) cookie write(s) of data store #\(store.handle) are in flight")
    }

    private func send(_ store: DataStore, delay: TimeInterval, _ label: String, _ work: @escaping () -> Void) {
        if store.isDormant {
            log("\(label): held — data store #\(store.handle) has loaded nothing since launch (profile \(profile.name))")
            store.held.append { [unowned self] in self.send(store, delay: delay, label, work) }
            return
        }
        let due = max(clock.now.addingTimeInterval(delay), store.lastOperationDue)
        store.lastOperationDue = due
        schedule(at: due, work)
    }

    /// The first load on a dormant store releases its held operations; they land after their usual delay from now.
    func wake(_ store: DataStore) {
        guard store.isDormant else { return }
        store.isDormant = false
        let held = store.held
        store.held = []
        if !held.isEmpty { log("data store #\(store.handle) now in use: \(held.count) held cookie-store operation(s) sent") }
        for operation in held { operation() }
    }

    /// Rule 8 (gated): `work` runs once every operation already sent to `store` has landed; at once otherwise.
    func afterPendingWrites(_ store: DataStore, waiting what: String = "request", _ work: @escaping () -> Void) {
        guard profile.cookieStoreWrites == .gated, store.lastOperationDue > clock.now else { return work() }
        let wait = Int((store.lastOperationDue.timeIntervalSince(clock.now) * 1000).rounded())
        log("\(what) waits \(wait) ms for pending cookie-store operations (gated)")
        schedule(at: store.lastOperationDue, work)
    }

    /// Rule 8: the cookie lands after the profile's delay, as given (HttpOnly allowed, no origin checks), replacing
    /// the cookie with its identity; then the completion handler runs.
    public func setCookie(_ cookie: Cookie, inDataStore handle: Int, completion: @escaping () -> Void) {
        guard let store = stores[handle] else {
            return log("setCookie \(cookie.name) ignored: data store #\(handle) belongs to a killed process")
        }
        enqueueStoreOperation(store, delay: profile.cookieStoreWriteDelay, "WKHTTPCookieStore.setCookie \(cookie.name)") {
            [unowned self] in
            let views = webViews.values.filter { $0.store === store }
            if profile.cookieStoreNeedsSharedProcessPool, !views.isEmpty,
               views.allSatisfy({ !sharedProcessPools.contains($0.processPool) })
            {
                log("WKHTTPCookieStore.setCookie \(cookie.name) ignored: no web view of data store #\(store.handle) is on the app's shared process pool (profile \(profile.name)); completion handler runs")
                return completion()
            }
            var stamped = cookie
            stamped.creation = clock.now
            stamped.lastAccess = clock.now
            let outcome = store.jar.insert(stamped)
            log("WKHTTPCookieStore.setCookie landed in data store #\(store.handle): \(describe(outcome)); completion handler runs")
            didChange(store, stored: outcome.storedCookie)
            completion()
        }
    }

    public func deleteCookie(_ cookie: Cookie, inDataStore handle: Int, completion: @escaping () -> Void) {
        guard let store = stores[handle] else {
            return log("delete \(cookie.name) ignored: data store #\(handle) belongs to a killed process")
        }
        enqueueStoreOperation(store, delay: profile.cookieStoreWriteDelay, "WKHTTPCookieStore.delete \(cookie.name)") {
            [unowned self] in
            let removed = store.jar.delete {
                $0.hasSameIdentity(as: cookie) && (!profile.cookieStoreDeleteMatchesValue || $0.value == cookie.value)
            }
            log("WKHTTPCookieStore.delete \(cookie.name) (\(cookie.httpCookieDomain)\(cookie.path)) landed: \(removed) removed"
                + (removed == 0 && profile.cookieStoreDeleteMatchesValue ? " (only a cookie with the same value is deleted here)" : ""))
            if removed > 0 { didChange(store, stored: nil) }
            completion()
        }
    }

    /// Like a cookie-store write: lands after the profile's delay, in order with the store's other operations.
    public func removeAllWebsiteData(inDataStore handle: Int, completion: @escaping () -> Void) {
        guard let store = stores[handle] else {
            return log("removeData ignored: data store #\(handle) belongs to a killed process")
        }
        enqueueStoreOperation(store, delay: profile.cookieStoreWriteDelay, "WKWebsiteDataStore.removeData") { [unowned self] in
            let removed = store.jar.delete { _ in true }
            for webView in webViews.values where webView.store === store { webView.scriptCookieCache?.clear() }
            log("WKWebsiteDataStore.removeData landed in data store #\(store.handle): \(removed) cookie(s) removed")
            if removed > 0 { didChange(store, stored: nil) }
            completion()
        }
    }

    /// Reads take no time of their own, but queue behind operations sent earlier (they see those writes). The list
    /// is the jar's own listing (``EngineCookieJar/listedCookies``): libsoup's keeps an expired cookie until a
    /// request meets it.
    public func getAllCookies(inDataStore handle: Int, completion: @escaping ([Cookie]) -> Void) {
        guard let store = stores[handle] else {
            return log("getAllCookies ignored: data store #\(handle) belongs to a killed process")
        }
        enqueueStoreOperation(store, delay: 0, "WKHTTPCookieStore.getAllCookies", isWrite: false) {
            completion(store.jar.listedCookies)
        }
    }

    public func observeCookieChanges(inDataStore handle: Int, _ handler: @escaping () -> Void) {
        stores[handle]?.observers.append(handler)
    }

    /// After any change to a store: observers are told once the run loop turns (coalesced); rule 10's implicit
    /// sync copies a stored persistent cookie of the default store to the native side when the clock reaches its delay.
    /// A page's or a frame's `document.cookie` write: the store changed if it stored a cookie or removed one
    /// (a write that expired on arrival over an existing cookie).
    func didChange(_ store: DataStore, after outcome: CookieStoreOutcome) {
        switch outcome {
        case .stored(let cookie, _): didChange(store, stored: cookie)
        case .expiredOnArrival(true): didChange(store, stored: nil)
        default: break
        }
    }

    func didChange(_ store: DataStore, stored cookie: Cookie?) {
        if !store.observers.isEmpty, !store.notificationPending {
            store.notificationPending = true
            schedule(after: 0) { [unowned self] in
                store.notificationPending = false
                log("cookiesDidChange → \(store.observers.count) observer(s) of data store #\(store.handle)")
                for observer in store.observers { observer() }
            }
        }
        if let cookie, store.isPersistent, cookie.isPersistent, let delay = profile.implicitWebToNativeSyncDelay,
           let target = implicitSyncTarget
        {
            // The platform's timer, not the app's work: it lands when the clock reaches it (a native request or a
            // kill before then sees the native store without it; a kill drops it with the process).
            schedule(at: clock.now.addingTimeInterval(max(0, delay)), waitsForClock: true) { [unowned self] in
                guard store.jar.allCookies.contains(where: { $0.hasSameContent(as: cookie) }) else { return }
                log("implicit sync (rule 10): \(cookie.summary) copied to the native store, over its cookies for \(cookie.domain)")
                target(cookie, store.jar.allCookies.filter { $0.domain == cookie.domain })
            }
        }
    }

    /// Rule 3 (and rule 12's third-party policy): stores each `Set-Cookie` line of a response from `url`. A line
    /// with a delay (a scenario's `delay-ms`) arrives that long after the one before it: the clock moves first,
    /// so the lines get distinct creation times.
    func store(
        setCookies lines: [String], delays: [TimeInterval] = [], from url: URL, context: CookieRequestContext, in store: DataStore,
        thirdParty: Bool
    ) {
        guard !lines.isEmpty, let cookieURL = CookieURL(string: url.absoluteString) else { return }
        if thirdParty, profile.thirdPartyCookies != .allowed {
            log("\(lines.count) Set-Cookie line(s) from third-party \(url.host ?? "") not stored (third-party cookies: \(profile.thirdPartyCookies.rawValue))")
            return
        }
        // The web views whose pages read document.cookie keep a copy that hears of some changes only.
        let copies = webViews.values.compactMap { $0.store === store ? $0.scriptCookieCache : nil }
        for (index, line) in lines.enumerated() {
            if delays.indices.contains(index), delays[index] > 0 { clock.advance(by: delays[index]) }
            let visibleBefore = copies.isEmpty ? [] : store.jar.listedCookies.filter { !$0.isHTTPOnly }
            let outcome = store.jar.setCookie(line, from: cookieURL, context: context)
            switch outcome {
            case .stored(let cookie, let replaced):
                let old = replaced ? visibleBefore.first {
                    $0.name == cookie.name && $0.domain == cookie.domain && $0.path == cookie.path
                } : nil
                for copy in copies { copy.jarStored(cookie, replacing: old) }
                if cookie.isHTTPOnly, old != nil, !copies.isEmpty {
                    log("Set-Cookie from \(url.host ?? ""): \(cookie.name) is HttpOnly now; a web process copy that read it keeps the old value")
                }
                didChange(store, stored: cookie)
            case .expiredOnArrival(let removed):
                if removed { didChange(store, stored: nil) }
                log("Set-Cookie from \(url.host ?? ""): \(describe(outcome))")
            case .rejected: log("Set-Cookie '\(line)' from \(url.host ?? ""): \(describe(outcome))")
            }
        }
    }
}
