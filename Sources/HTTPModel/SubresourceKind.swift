/// How a page asks for a subresource. The Fetch standard gives each way its own request mode and credentials mode,
/// and those decide whether cookies go, whether the answer's `Set-Cookie` is kept and whether the page may read the
/// answer at all.
public enum SubresourceKind: Sendable, Hashable {
    /// `fetch(url, {credentials: 'include', mode: 'no-cors'})`: what a scenario's plain `<fetch>` does.
    case fetch
    /// `XMLHttpRequest`: mode `cors`; credentials mode `include` with `withCredentials`, else `same-origin`.
    case xhr(withCredentials: Bool)
    /// `<img src>` without a `crossorigin` attribute: GET, mode `no-cors`, credentials `include`. No script sees it,
    /// so a bridge that patches `fetch` or `XMLHttpRequest` never does.
    case image
    /// `<iframe src>` appended to the page: a nested navigation (mode `navigate`, credentials `include`), not a
    /// top-level one. On a WebKit engine each hop is a navigation action for the app's delegate (not the main
    /// frame's) and the final response a navigation response; no script of the page sees the request.
    case iframe

    /// The name a suite and the driver protocol use: `fetch`, `xhr`, `image`.
    public var name: String {
        switch self {
        case .fetch: "fetch"
        case .xhr: "xhr"
        case .image: "image"
        case .iframe: "iframe"
        }
    }

    /// How a transcript names the request, the same on every engine.
    public var summary: String {
        switch self {
        case .fetch: "fetch() (credentials include, no-cors)"
        case .xhr(let withCredentials): "an XMLHttpRequest (cors, withCredentials \(withCredentials))"
        case .image: "an image (no-cors, credentials include)"
        case .iframe: "an iframe (a nested navigation, credentials include)"
        }
    }

    /// Whether cookies go on the request and the answer's cookies are kept (Fetch, "HTTP-network fetch":
    /// includeCredentials), for a request to `url` from a page at `page`.
    public func includesCredentials(to url: HTTPURL, from page: HTTPURL?) -> Bool {
        switch self {
        case .fetch, .image, .iframe: true
        case .xhr(let withCredentials): withCredentials || page?.origin == url.origin
        }
    }

    /// Whether the page may read the answer (Fetch, "CORS check"): always for `no-cors` and same-origin requests;
    /// for a cross-origin XHR only when `Access-Control-Allow-Origin` names the page's origin (or is `*` without
    /// credentials) and, with credentials, `Access-Control-Allow-Credentials` is `true`.
    public func allowsReading(_ response: HTTPResponse, of url: HTTPURL, from page: HTTPURL?) -> Bool {
        guard case .xhr(let withCredentials) = self, let page, page.origin != url.origin else { return true }
        let allowed = response.headers.joinedValue(of: "Access-Control-Allow-Origin", separator: ",")
        if withCredentials {
            return allowed == page.origin
                && response.headers.joinedValue(of: "Access-Control-Allow-Credentials", separator: ",") == "true"
        }
        return allowed == "*" || allowed == page.origin
    }
}
