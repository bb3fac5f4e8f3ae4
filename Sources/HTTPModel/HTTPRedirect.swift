import Foundation

/// What a redirect is and how it changes the request that follows it (RFC 9110 §15.4): decided once for the
/// virtual network's client (``HTTPURL/resolving(_:)`` for its `Location`) and the engines.
public enum HTTPRedirect {
    /// The statuses that redirect when the response has a `Location`.
    public static let statuses: Set<Int> = [301, 302, 303, 307, 308]

    /// How many redirects a client follows before it gives up (WebKit's and the harness's client's limit).
    public static let limit = 20

    /// Whether the follow-up is a GET without content: after a 303 always, after a 301 or 302 when the request was a
    /// POST (what browsers and URLSession do, which RFC 9110 §15.4.2 and §15.4.3 allow).
    public static func changesMethodToGET(status: Int, method: String) -> Bool {
        status == 303 || ([301, 302].contains(status) && method == "POST")
    }

    /// The header fields a redirect hop keeps of the request before it (Fetch §4.4 HTTP-redirect fetch): every
    /// field but `Authorization` and `Origin` when the hop goes to another origin (step 13; WebKit's network
    /// process clears both there: `NetworkDataTaskSoup::continueHTTPRedirection`, `NetworkDataTaskCocoa::
    /// willPerformHTTPRedirection`), and but the content fields when the method becomes GET. A custom header
    /// (`X-App-Token`) goes to every hop, another site's included (measured on WebKitGTK 2.50.6).
    public static func keptHeaderFields(
        _ fields: [HTTPHeaderField], crossOrigin: Bool, methodBecomesGET: Bool
    ) -> [HTTPHeaderField] {
        fields.filter { field in
            let name = field.name.lowercased()
            if crossOrigin, name == "authorization" || name == "origin" { return false }
            return !(methodBecomesGET && isContentHeaderField(name))
        }
    }

    /// Whether a request header field describes the content, and so goes with it when the method becomes GET
    /// (RFC 9110 §15.4: "remove content-specific header fields").
    public static func isContentHeaderField(_ name: String) -> Bool {
        contentHeaderFields.contains(name.lowercased())
    }

    private static let contentHeaderFields: Set<String> = [
        "content-type", "content-length", "content-encoding", "content-language", "content-location", "digest",
        "last-modified",
    ]

    /// Where a `Location` value sends an engine that holds Foundation URLs: resolved against the URL it came from
    /// as RFC 3986 §5.2 says, the same URL ``HTTPURL/resolving(_:)`` gives a native request; nil when it is no URL.
    /// Foundation alone leaves dot segments in an absolute reference (`http://a/b/../g`) and has no URL for an
    /// empty one (the base itself), so both are done here (`LocationResolutionTests`).
    public static func target(of location: String, from url: URL) -> URL? {
        if location.isEmpty { return url }
        return URL(string: location, relativeTo: url)?.absoluteURL.standardized
    }
}
