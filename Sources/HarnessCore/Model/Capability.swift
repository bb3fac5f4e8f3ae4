/// Something an adapter can do; a scenario that needs a missing one is skipped with the reason, never passed.
public enum Capability: String, Sendable, Hashable, CaseIterable, Comparable {
    /// A native cookie store (HTTPCookieStorage-like) and native requests through it.
    case nativeStore = "native-store"
    /// A web view: loads, links, subresources (for a shared-store app, the same store serves it).
    case webView = "web-view"
    /// `document.cookie` through JavaScript.
    case javascript
    /// A JavaScript engine runs the page's scripts: a script that reads `document.cookie` back, branches or calls
    /// functions (not only `document.cookie = "…"` assignments, which a store without an engine can still apply).
    case scriptEngine = "script-engine"
    /// A non-persistent (private) web view data store.
    case nonPersistentDataStore = "non-persistent-data-store"
    /// App kill and relaunch with persistent cookies kept.
    case persistence
    /// A clock the harness moves (expiry without waiting).
    case virtualClock = "virtual-clock"
    /// Listing the cookies a store holds, with their attributes.
    case storeInspection = "store-inspection"
    /// HttpOnly cookies hidden from script.
    case httpOnly = "http-only"
    /// Real sockets rather than the virtual network.
    case realNetwork = "real-network"
    /// Takes a `Set-Cookie` line straight into its parser, byte for byte, with what no HTTP field value can carry
    /// (CR, LF, NUL): a `delivery="parser"` route or such a `native-set-cookie` line. Adapters that can only
    /// receive cookies over HTTP lack it, so those parser tests skip as unsupported instead of testing a transport.
    case rawSetCookie = "raw-set-cookie"
    /// The app answers a scheme of its own (`WKURLSchemeHandler`) and serves its page from it (`capacitor://localhost/`,
    /// as hybrid apps do). A store has no pages and a browser cannot register a scheme for a page: both lack it.
    case appScheme = "app-scheme"
    /// The app gives its web view a document no request fetches: `loadHTMLString(_:baseURL:)`, or a load of an
    /// about: or data: URL. A store has no pages; a browser driver has no such call yet (it skips).
    case appDocument = "app-document"

    public static func < (a: Capability, b: Capability) -> Bool { a.rawValue < b.rawValue }
}
