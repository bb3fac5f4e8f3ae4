import CookieModel
import HTTPModel

/// A scenario: a story of steps and expectations that states the behaviour an app needs (DESIGN §4).
public struct Scenario: Sendable, Hashable {
    /// Stable across releases: `suite.short-name`.
    public var id: String
    public var title: String
    public var tags: [String]
    /// Spec or behaviour references, e.g. `RFC6265bis 5.7`, `webkit 3a`.
    public var references: [String]
    /// Capabilities the scenario needs beyond those its steps imply (see ``requiredCapabilities``): those written in
    /// `requires=`, and `raw-set-cookie` when a request of the scenario reaches a `delivery="parser"` route.
    public var declaredCapabilities: Set<Capability>
    /// Steps and expectations, in story order.
    public var steps: [Step]
    /// Platform behaviours the scenario turns on (off by default in every profile).
    public var platform: PlatformParameters
    public var location: SuiteLocation

    public init(
        id: String, title: String, tags: [String] = [], references: [String] = [],
        declaredCapabilities: Set<Capability> = [], steps: [Step], platform: PlatformParameters = PlatformParameters(),
        location: SuiteLocation
    ) {
        self.platform = platform
        self.id = id
        self.title = title
        self.tags = tags
        self.references = references
        self.declaredCapabilities = declaredCapabilities
        self.steps = steps
        self.location = location
    }

    /// Everything the adapter must offer: the declared capabilities plus those the steps imply.
    public var requiredCapabilities: Set<Capability> {
        steps.reduce(into: declaredCapabilities) { $0.formUnion($1.kind.impliedCapabilities) }
    }
}

/// One entry of a scenario, with the line it was written on.
public struct Step: Sendable, Hashable {
    public var kind: Kind
    public var location: SuiteLocation

    public init(_ kind: Kind, location: SuiteLocation) {
        self.kind = kind
        self.location = location
    }

    public enum Kind: Sendable, Hashable {
        // MARK: Actions
        /// The native side stores a cookie, as `HTTPCookieStorage.setCookie` after a native login would.
        case nativeSetCookie(url: String, setCookie: String)
        /// A native request (URLSession) through the native store, following redirects.
        case nativeRequest(Request)
        /// Creates a web view: without a name the app's one web view, `main`, replacing every open one; with a name a
        /// further one beside those open. The new view is the one later steps act on.
        case openWebView(WebViewOptions)
        /// Later steps act on the open web view called `name` (`main` for the unnamed one).
        case switchWebView(name: String)
        /// `webView.load(request)`: a top-level navigation typed or started by the app.
        case load(Request)
        /// `webView.loadHTMLString(html, baseURL:)`: the app's HTML becomes the page, its origin `baseURL`'s (an opaque
        /// one, about:blank, when nil); no request is made for it.
        case loadHTML(html: String, baseURL: String?)
        /// The user follows a link in the current page to `url` (a top-level navigation the page initiated).
        case followLink(url: String)
        /// The user follows a `target="_blank"` link in the current page to `url`: the page asks for a new window
        /// (a web view opens one only if the app's `WKUIDelegate` makes it; a browser opens a tab).
        case followLinkToNewWindow(url: String)
        /// The user submits a form in the current page (an in-page POST the page initiates, not an app load).
        case submitForm(Request)
        /// The user goes back in the web view's history (`WKWebView.goBack()`).
        case goBack
        /// The user goes forward in the web view's history (`WKWebView.goForward()`).
        case goForward
        /// The current page asks for `url` as a subresource: by `fetch()`, an `XMLHttpRequest` or an image.
        case fetch(Request, SubresourceKind = .fetch())
        /// JavaScript in the current page; statements of the form `document.cookie = "…"` at least.
        case runScript(String)
        /// The app adds its own `WKUserScript` (document start, main frame only) to the current web view's
        /// `WKUserContentController`: every page the web view commits afterwards runs it, until something removes it
        /// (a sync library that empties the controller and adds back only its own scripts).
        case addUserScript(String)
        /// The app is killed and launched again: what each store persists survives, nothing else.
        case restartApp
        /// The app removes every kind of website data of the current web view's data store (the default one when
        /// none is open), `WKWebsiteDataStore.removeData(ofTypes: allWebsiteDataTypes(), modifiedSince: .distantPast)`,
        /// and waits for its completion handler, as a logout does before it goes on.
        case clearWebsiteData
        /// The app removes every cookie of the native store, `HTTPCookieStorage.shared.removeCookies(since: .distantPast)`
        /// (a native logout); the store's change notification fires as for any other change.
        case nativeRemoveCookies
        /// The app removes the native cookies stored after the moment `mark` noted (`<mark-time>`),
        /// `HTTPCookieStorage.shared.removeCookies(since: date)`: a logout that keeps what was there before the login.
        case nativeRemoveCookiesSince(mark: String)
        /// The app notes the time now (`let login = Date()`), for a later step to name (`since=`).
        case markTime(name: String)
        /// The app is deleted and installed again, then launched for the first time: nothing it persisted survives
        /// (native store, website data, `UserDefaults`).
        case reinstallApp
        /// The virtual clock moves forward.
        case advanceClock(seconds: Double)

        // MARK: Expectations
        case expect(Expectation)

        /// Capabilities an adapter needs for this step.
        public var impliedCapabilities: Set<Capability> {
            switch self {
            case .nativeSetCookie(_, let line):
                HTTPFieldValue.forbiddenCharacter(in: line) == nil ? [.nativeStore] : [.nativeStore, .rawSetCookie]
            case .nativeRequest: [.nativeStore]
            case .openWebView(let options):
                Set<Capability>([.webView]).union(options.dataStore == .nonPersistent ? [.nonPersistentDataStore] : [])
                    .union(options.appScheme == nil ? [] : [.appScheme])
            case .loadHTML: [.webView, .appDocument]
            case .load(let request) where request.isLocalDocument: [.webView, .appDocument]
            case .load, .followLink, .followLinkToNewWindow, .fetch, .submitForm, .goBack, .goForward, .switchWebView: [.webView]
            case .runScript(let script), .addUserScript(let script):
                (try? DocumentCookieScript.assignments(in: script)) == nil ? [.webView, .javascript, .scriptEngine] : [.webView, .javascript]
            case .restartApp, .reinstallApp: [.persistence]
            case .clearWebsiteData: [.webView]
            case .nativeRemoveCookies: [.nativeStore]
            // The mark is on the scenario's clock: a store on the wall clock stamps cookies on another one.
            case .nativeRemoveCookiesSince: [.nativeStore, .virtualClock]
            case .markTime: []
            case .advanceClock: [.virtualClock]
            case .expect(let expectation): expectation.impliedCapabilities
            }
        }
    }
}

/// An HTTP request a step makes.
public struct Request: Sendable, Hashable {
    public var url: String { didSet { parsedURL = HTTPURL(url) } }
    /// `url` parsed once, when the suite is loaded (nil: not an HTTP(S) URL).
    public private(set) var parsedURL: HTTPURL?
    public var method: String
    /// Extra request header fields (a manual `Cookie` header, for instance).
    public var headers: [HTTPHeaderField]
    public var body: String?
    /// `URLRequest.httpShouldHandleCookies`: false sends no cookies from the store on this request.
    public var handlesCookies: Bool

    public init(url: String, method: String = "GET", headers: [HTTPHeaderField] = [], body: String? = nil, handlesCookies: Bool = true) {
        self.url = url
        self.parsedURL = HTTPURL(url)
        self.method = method
        self.headers = headers
        self.body = body
        self.handlesCookies = handlesCookies
    }

    /// The scheme of `url` when it is one an app may answer itself (`capacitor` in `capacitor://localhost/`): a
    /// scheme name, not HTTP's; nil otherwise.
    public var appScheme: String? { Self.appScheme(of: url) }
    /// Whether `url` is on a scheme the app may answer (``appScheme``).
    public var isOnAppScheme: Bool { appScheme != nil }

    /// Whether `url` is a document WebKit makes itself with no request (`about:blank`, a `data:` URL).
    public var isLocalDocument: Bool { Self.isLocalDocument(url) }

    public static func isLocalDocument(_ url: String) -> Bool {
        let lower = url.lowercased()
        return lower.hasPrefix("about:") || lower.hasPrefix("data:")
    }

    /// The scheme of `url`, lower case, when it is a scheme name (RFC 3986 §3.1) followed by `://` and not http(s).
    public static func appScheme(of url: String) -> String? {
        guard let colon = url.range(of: "://") else { return nil }
        let scheme = url[..<colon.lowerBound].lowercased()
        guard WebViewOptions.isAppSchemeName(scheme) else { return nil }
        return scheme
    }
}

/// How the web view is configured (`WKWebViewConfiguration`).
public struct WebViewOptions: Sendable, Hashable {
    public enum DataStore: String, Sendable, Hashable {
        /// `WKWebsiteDataStore.default()`: persistent.
        case `default`
        /// `WKWebsiteDataStore.nonPersistent()`: in memory, isolated.
        case nonPersistent = "non-persistent"
    }

    public var dataStore: DataStore
    /// Whether the web view shares the app's process pool (no effect on cookies since iOS 11; kept to prove it).
    public var sharedProcessPool: Bool
    /// nil: the app's one web view (``mainName``), which replaces every open one; a name: a further web view, opened
    /// beside those open.
    public var name: String?
    /// A scheme the app answers with a `WKURLSchemeHandler` of its own (lower case), serving an empty HTML page for
    /// every URL of it, so a `<load url="capacitor://localhost/">` puts the page on the app's scheme as a hybrid app
    /// (Capacitor, Ionic, Cordova) does; nil: none.
    public var appScheme: String?
    /// The scripts the app added to this web view (`<add-user-script>`), in order: app code adds them again when it
    /// opens the web view after a relaunch.
    public var appUserScripts: [String] = []

    /// Schemes WebKit loads itself, which no app can answer (`setURLSchemeHandler` raises for them).
    public static let schemesWebKitHandles: Set<String> = [
        "http", "https", "ws", "wss", "file", "about", "data", "blob", "javascript", "ftp",
    ]

    /// Whether `scheme` is one an app can answer: RFC 3986's `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`, lower case,
    /// not one WebKit handles itself.
    public static func isAppSchemeName(_ scheme: String) -> Bool {
        guard let first = scheme.unicodeScalars.first, ("a"..."z").contains(first) else { return false }
        let allowed = scheme.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0) }
        return allowed && !schemesWebKitHandles.contains(scheme)
    }

    /// Not a configuration but when the app yields: true (the default), the app's run loop turns until idle once
    /// the web view and the library's set-up are done, as after every step; false (`settle="false"`), it does not,
    /// so the next step (the first load) starts in the same turn of the main queue, the set-up's calls in flight.
    /// A web view opened again after a relaunch always settles.
    public var settles: Bool

    /// What the web view opened without a name is called (`<switch-web-view name="main"/>`).
    public static let mainName = "main"

    public init(
        dataStore: DataStore = .default, sharedProcessPool: Bool = true, name: String? = nil, appScheme: String? = nil,
        settles: Bool = true
    ) {
        self.dataStore = dataStore
        self.sharedProcessPool = sharedProcessPool
        self.name = name
        self.appScheme = appScheme
        self.settles = settles
    }
}

/// Platform behaviours that are off in every profile and that a scenario turns on to show a pitfall: they apply to
/// an app with a native store and a web view on the simulated engine (DESIGN §6 rules 9, 10). A shared-store app has
/// one store and nothing to sync or flush; the real engine has no native store: such an app runs the scenario
/// unchanged (a shared store) or skips it (the real engine cannot have the behaviour).
public struct PlatformParameters: Sendable, Hashable {
    /// DESIGN §6 rule 10: the platform copies the web view's cookies to the native store this long (seconds) after
    /// they change, and in doing so replaces the native cookies of that host, dropping those the app added itself
    /// (field note 001, "cookies lost in the sync"). nil: no implicit sync.
    public var implicitWebToNativeSync: Double?
    /// Field note 000 ("cookies lost when the app exits, even with an expiry"): the native store writes its
    /// cookies to disk this long (seconds) after a change; a kill before then loses what changed. nil: at once.
    public var nativeStoreFlushDelay: Double?

    public init(implicitWebToNativeSync: Double? = nil, nativeStoreFlushDelay: Double? = nil) {
        self.implicitWebToNativeSync = implicitWebToNativeSync
        self.nativeStoreFlushDelay = nativeStoreFlushDelay
    }

    /// Whether every behaviour is off (the profile's own).
    public var isDefault: Bool { implicitWebToNativeSync == nil && nativeStoreFlushDelay == nil }
}
