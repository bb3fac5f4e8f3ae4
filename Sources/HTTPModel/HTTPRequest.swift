/// A request on the wire: what a client sends, what an origin answers, and what the engines hand to the network
/// seam (``HTTPNetwork``), with the `Cookie` header the client added.
public struct HTTPRequest: Sendable, Hashable {
    public var url: HTTPURL
    public var method: String
    public var headers: [HTTPHeaderField]
    public var body: String?

    public init(url: HTTPURL, method: String = "GET", headers: [HTTPHeaderField] = [], body: String? = nil) {
        self.url = url
        self.method = method
        self.headers = headers
        self.body = body
    }

    /// The `Cookie` header, if any (several fields joined with "; ", as HTTP/2 allows).
    public var cookieHeader: String? { headers.joinedValue(of: "Cookie", separator: "; ") }
}
