/// How a redirect changes the request that follows it (RFC 9110 §15.4), decided once for the virtual network's
/// client and the simulated engine.
public enum HTTPRedirect {
    /// Whether the follow-up is a GET without content: after a 303 always, after a 301 or 302 when the request was a
    /// POST (what browsers and URLSession do, which RFC 9110 §15.4.2 and §15.4.3 allow).
    public static func changesMethodToGET(status: Int, method: String) -> Bool {
        status == 303 || ([301, 302].contains(status) && method == "POST")
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
}
