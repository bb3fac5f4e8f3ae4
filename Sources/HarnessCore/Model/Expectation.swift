import HTTPModel

/// What a scenario checks at the point it is written.
public enum Expectation: Sendable, Hashable {
    /// What an origin received: the `Cookie` header (or another header) of a request to `url`.
    case request(RequestExpectation)
    /// What `document.cookie` shows in the current page.
    case documentCookie(CookieStringMatch)
    /// What a store holds: the native one or the web view's.
    case store(StoreExpectation)
    /// How the previous action ended.
    case lastStep(StepOutcome)
    /// Nothing the app started is still pending: every completion handler ran, every cookie write landed.
    case noPendingWork
    /// No request of a web view went on the wire while a cookie write of its data store was in flight, from the
    /// start of the scenario to here.
    case noLoadDuringCookieWrite

    public var impliedCapabilities: Set<Capability> {
        switch self {
        case .request: []
        case .documentCookie: [.webView, .javascript]
        case .store(let expectation): expectation.store == .webView ? [.webView, .storeInspection] : [.nativeStore, .storeInspection]
        case .lastStep, .noPendingWork, .noLoadDuringCookieWrite: []
        }
    }
}

/// Checks on one request an origin received.
public struct RequestExpectation: Sendable, Hashable {
    /// Which request to `url` (matched without query and fragment unless `url` has them).
    public enum Occurrence: Sendable, Hashable {
        case first
        case last
        /// 1-based.
        case number(Int)
    }

    public var url: String { didSet { parsedURL = HTTPURL(url) } }
    /// `url` parsed once, when the suite is loaded, not at every check of every run (nil: not an HTTP(S) URL).
    public private(set) var parsedURL: HTTPURL?
    /// Other URLs the request may have gone to instead (`also-url=`): an engine that upgrades an `http:` subresource
    /// of an `https:` page asks for it over `https:`, another sends it as written, and the check is on the cookies
    /// either one carried. The requests to `url` and to these are taken together, in the order they arrived.
    public var alternativeURLs: [String] = [] { didSet { parsedAlternatives = alternativeURLs.compactMap(HTTPURL.init) } }
    /// `alternativeURLs` parsed once.
    public private(set) var parsedAlternatives: [HTTPURL] = []
    public var occurrence: Occurrence
    /// When false: the expectation is that no request reached `url` at all.
    public var received: Bool
    public var cookie: CookieStringMatch
    /// The request header `cookie`'s `equals` / `isEmpty` look at instead of `Cookie` (nil: the `Cookie` header).
    public var header: String?
    /// The exact body the request must have carried (nil: not checked).
    public var body: String?

    public init(
        url: String, occurrence: Occurrence = .last, received: Bool = true, cookie: CookieStringMatch = .init(),
        body: String? = nil, header: String? = nil
    ) {
        self.url = url
        self.parsedURL = HTTPURL(url)
        self.header = header
        self.occurrence = occurrence
        self.received = received
        self.cookie = cookie
        self.body = body
    }

    /// `url`, or `url (or ALT, …)` when the request may have gone to another: how messages and observations name it.
    public var describedURLs: String {
        alternativeURLs.isEmpty ? url : "\(url) (or \(alternativeURLs.joined(separator: ", ")))"
    }
}

/// Checks on a `Cookie` header or a `document.cookie` string (`a=1; b=2`).
///
/// `contains` and `lacks` take `name` (any value) or `name=value`; `equals` compares the whole string; `isEmpty`
/// demands that there is no cookie at all (no header, or an empty string).
public struct CookieStringMatch: Sendable, Hashable {
    public var contains: [String]
    public var lacks: [String]
    public var equals: String?
    public var isEmpty: Bool

    public init(contains: [String] = [], lacks: [String] = [], equals: String? = nil, isEmpty: Bool = false) {
        self.contains = contains
        self.lacks = lacks
        self.equals = equals
        self.isEmpty = isEmpty
    }
}

/// Checks on what a store holds.
public struct StoreExpectation: Sendable, Hashable {
    public enum Store: String, Sendable, Hashable {
        case native
        case webView = "web-view"
    }

    public var store: Store
    /// The cookie name to look for.
    public var name: String
    /// True: a cookie matching every given attribute must exist; false: none may.
    public var present: Bool
    public var value: String?
    /// Matched against the cookie's domain without a leading dot.
    public var domain: String?
    public var path: String?
    public var httpOnly: Bool?
    public var secure: Bool?
    /// True: persistent (has an expiry); false: a session cookie.
    public var persistent: Bool?

    public init(
        store: Store, name: String, present: Bool = true, value: String? = nil, domain: String? = nil,
        path: String? = nil, httpOnly: Bool? = nil, secure: Bool? = nil, persistent: Bool? = nil
    ) {
        self.store = store
        self.name = name
        self.present = present
        self.value = value
        self.domain = domain
        self.path = path
        self.httpOnly = httpOnly
        self.secure = secure
        self.persistent = persistent
    }
}

/// How an action ended, for `expect-last-step`.
public enum StepOutcome: String, Sendable, Hashable {
    case succeeded
    /// Any failure (network error, unsupported script, …).
    case failed
    /// The redirect limit was hit.
    case redirectLoop = "redirect-loop"
}
