/// A response on the wire: every header field as the origin sent it, `Set-Cookie` lines unfolded.
public struct HTTPResponse: Sendable, Hashable {
    public var status: Int
    public var headers: [HTTPHeaderField]
    public var body: String

    public init(status: Int, headers: [HTTPHeaderField], body: String = "") {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// For each `Set-Cookie` line, in seconds, how long after the line before it the client receives it (a route's
    /// `delay-ms`); empty when every line arrives at once. A client on the virtual clock moves the clock by it
    /// before it stores the line, so the lines of one response get distinct creation times.
    public var setCookieDelays: [Double] = []

    /// The delay before `setCookies[index]` (0 when none was given).
    public func setCookieDelay(at index: Int) -> Double {
        setCookieDelays.indices.contains(index) ? setCookieDelays[index] : 0
    }

    public var setCookies: [String] { headers.filter { $0.name.lowercased() == "set-cookie" }.map(\.value) }
    public var location: String? { headers.joinedValue(of: "Location", separator: ",") }
    /// A redirect status with a `Location` (``HTTPRedirect/statuses``).
    public var isRedirect: Bool { HTTPRedirect.statuses.contains(status) && location != nil }
    /// HTML: a 204 or 205 answer to a navigation, a page's or a frame's, has no document: the navigation is
    /// abandoned (its cookies are kept).
    public var hasNoDocument: Bool { Self.hasNoDocument(status) }
    public static func hasNoDocument(_ status: Int) -> Bool { status == 204 || status == 205 }
}
