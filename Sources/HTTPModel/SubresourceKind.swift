/// How a page asks for a subresource. The Fetch standard gives each way its own request mode and credentials mode,
/// and those decide whether cookies go, whether the answer's `Set-Cookie` is kept and whether the page may read the
/// answer at all.
public enum SubresourceKind: Sendable, Hashable {
    /// `fetch(url, {credentials, mode})`. A scenario's plain `<fetch>` is `credentials: 'include', mode: 'no-cors'`.
    case fetch(credentials: FetchCredentials = .include, mode: FetchMode = .noCors)
    /// `XMLHttpRequest`: mode `cors`; credentials mode `include` with `withCredentials`, else `same-origin`.
    case xhr(withCredentials: Bool)
    /// `<img src>` without a `crossorigin` attribute: GET, mode `no-cors`, credentials `include`. No script sees it,
    /// so a bridge that patches `fetch` or `XMLHttpRequest` never does.
    case image
    /// `<iframe src>` appended to the page: a nested navigation (mode `navigate`, credentials `include`), not a
    /// top-level one. On a WebKit engine each hop is a navigation action for the app's delegate (not the main
    /// frame's) and the final response a navigation response; no script of the page sees the request.
    case iframe
    /// `<script src>` without a `crossorigin` attribute: GET, mode `no-cors`, credentials `include`; no script sees
    /// the request.
    case script
    /// `navigator.sendBeacon(url, body)`: a POST with the keepalive flag, mode `no-cors` (a text body), credentials
    /// `include`; the page learns only whether it was queued.
    case beacon
    /// `new EventSource(url, {withCredentials})`: GET, mode `cors`, credentials `include` with `withCredentials`,
    /// else `same-origin`; a cross-origin answer CORS does not allow fails it, after its cookies were kept.
    case eventSource(withCredentials: Bool)
    /// `new WebSocket(url)`: the handshake is a GET of the URL as http(s) (Fetch, "establish a WebSocket
    /// connection": `ws` is `http`, `wss` is `https`), mode `websocket`, credentials `include`; it opens only on a
    /// 101 answer and never follows a redirect (RFC 6455 4.1).
    case webSocket

    /// The name a suite and the driver protocol use: `fetch`, `xhr`, `image`, `iframe`, `script`, `beacon`,
    /// `event-source`, `websocket`.
    public var name: String {
        switch self {
        case .fetch: "fetch"
        case .xhr: "xhr"
        case .image: "image"
        case .iframe: "iframe"
        case .script: "script"
        case .beacon: "beacon"
        case .eventSource: "event-source"
        case .webSocket: "websocket"
        }
    }

    /// Whether Mixed Content lets an https page upgrade it rather than block it: images only ("upgradeable").
    public var isUpgradeableMixedContent: Bool { self == .image }

    /// Whether the page's request succeeds on `response`, its final answer once the CORS check passed: a script
    /// element's only on an ok status (HTML, "fetch a classic script"), an EventSource only on 200 with type
    /// `text/event-stream` (HTML, "server-sent events": else the connection fails), a WebSocket only on 101 (RFC 6455
    /// 4.1: any other status fails the handshake); the others on any answer.
    public func loads(_ response: HTTPResponse) -> Bool {
        switch self {
        case .script: (200...299).contains(response.status)
        case .eventSource:
            response.status == 200
                && response.headers.joinedValue(of: "Content-Type", separator: ",")?.split(separator: ";").first
                    .map { $0.lowercased().filter { $0 != " " && $0 != "\t" } } == "text/event-stream"
        case .webSocket: response.status == 101
        default: true
        }
    }

    /// Whether a 3xx answer is followed: a WebSocket handshake's is not (RFC 6455 4.1: the connection fails).
    public var followsRedirects: Bool { self != .webSocket }

    /// Whether this is a `fetch()` (of any mode): what a bridge that replaced `window.fetch` sees.
    public var isFetch: Bool {
        if case .fetch = self { return true }
        return false
    }

    /// The request's credentials mode (Fetch, "request"): an XHR's follows `withCredentials`, an element's is `include`.
    public var credentials: FetchCredentials {
        switch self {
        case .fetch(let credentials, _): credentials
        case .xhr(let withCredentials), .eventSource(let withCredentials): withCredentials ? .include : .sameOrigin
        case .image, .iframe, .script, .beacon, .webSocket: .include
        }
    }

    /// Whether the answer meets the CORS check: `fetch()` in mode `cors` and every XHR.
    public var isCORS: Bool {
        switch self {
        case .fetch(_, let mode): mode == .cors
        case .xhr, .eventSource: true
        case .image, .iframe, .script, .beacon, .webSocket: false
        }
    }

    /// How a transcript names the request, the same on every engine.
    public var summary: String {
        switch self {
        case .fetch(let credentials, let mode): "fetch() (credentials \(credentials.rawValue), \(mode.rawValue))"
        case .xhr(let withCredentials): "an XMLHttpRequest (cors, withCredentials \(withCredentials))"
        case .image: "an image (no-cors, credentials include)"
        case .iframe: "an iframe (a nested navigation, credentials include)"
        case .script: "a script element (no-cors, credentials include)"
        case .beacon: "a beacon (POST, keepalive, no-cors, credentials include)"
        case .eventSource(let withCredentials): "an EventSource (cors, withCredentials \(withCredentials))"
        case .webSocket: "a WebSocket handshake (GET, credentials include)"
        }
    }

    /// Whether cookies go on the last hop of `urlList` and its answer's cookies are kept (Fetch, "HTTP-network fetch":
    /// includeCredentials), for a request from a page at `page`. `same-origin` counts while every hop so far stayed
    /// on the page's origin: a hop to another origin taints the response ("main fetch"), and a redirect back does not
    /// untaint it.
    public func includesCredentials(along urlList: [HTTPURL], from page: HTTPURL?) -> Bool {
        switch credentials {
        case .include: true
        case .omit: false
        case .sameOrigin: page.map { page in !urlList.isEmpty && urlList.allSatisfy { $0.origin == page.origin } } ?? false
        }
    }

    /// Whether the page may read the answer (Fetch, "CORS check"): always for `no-cors` and same-origin requests;
    /// for a cross-origin `cors` request only when `Access-Control-Allow-Origin` names the page's origin (or is `*`
    /// without credentials) and, with credentials `include`, `Access-Control-Allow-Credentials` is `true`.
    public func allowsReading(_ response: HTTPResponse, of url: HTTPURL, from page: HTTPURL?) -> Bool {
        guard isCORS, let page, page.origin != url.origin else { return true }
        let allowed = response.headers.joinedValue(of: "Access-Control-Allow-Origin", separator: ",")
        if credentials == .include {
            return allowed == page.origin
                && response.headers.joinedValue(of: "Access-Control-Allow-Credentials", separator: ",") == "true"
        }
        return allowed == "*" || allowed == page.origin
    }
}

/// A request's credentials mode (Fetch): whether cookies go with it and its answer's cookies are kept.
public enum FetchCredentials: String, Sendable, Hashable, CaseIterable {
    /// Never.
    case omit
    /// Only while the request stays on the page's origin (`fetch()`'s default).
    case sameOrigin = "same-origin"
    /// Always.
    case include
}

/// A `fetch()`'s request mode, as far as cookies and the page's reading of the answer go.
public enum FetchMode: String, Sendable, Hashable, CaseIterable {
    /// An opaque answer: no CORS check, nothing for the page to read across origins.
    case noCors = "no-cors"
    /// The CORS check on every answer (a redirect's included), after its cookies were kept. No preflight is modelled.
    case cors
}
