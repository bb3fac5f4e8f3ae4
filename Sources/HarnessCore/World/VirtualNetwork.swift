import Synchronization

/// The origins of a suite as a network: answers requests from the routes and remembers every request received.
///
/// One per scenario (a fresh World), so nothing is shared between scenarios running in parallel.
public final class VirtualNetwork: Sendable {
    private let routes: [String: [Route]]
    private let received = Mutex<[ReceivedRequest]>([])

    public convenience init(origins: [Origin]) {
        self.init(routesByOrigin: Self.routesByOrigin(origins))
    }

    /// A network over routes already sorted by origin (``Suite/routesByOrigin``).
    package init(routesByOrigin: [String: [Route]]) {
        self.routes = routesByOrigin
    }

    /// Each origin's routes under its canonical `scheme://host[:port]`, in the order written.
    static func routesByOrigin(_ origins: [Origin]) -> [String: [Route]] {
        var routes: [String: [Route]] = [:]
        for origin in origins {
            routes[HTTPURL(origin.url)?.origin ?? origin.url, default: []].append(contentsOf: origin.routes)
        }
        return routes
    }

    /// Delivers a request; nil when no declared origin serves its URL (the client sees a network error).
    public func send(_ request: HTTPRequest) -> HTTPResponse? {
        guard let candidates = routes[request.url.origin] else { return nil }
        received.withLock {
            $0.append(ReceivedRequest(
                url: request.url, method: request.method, headers: request.headers, body: request.body, sequence: $0.count
            ))
        }
        guard let route = candidates.first(where: { Self.matches($0, request) }) else {
            return HTTPResponse(status: 404, headers: [], body: "not found")
        }
        var headers = route.setCookies.map { HeaderField(name: "Set-Cookie", value: $0) }
        if let location = route.location { headers.append(HeaderField(name: "Location", value: location)) }
        headers.append(contentsOf: route.headers)
        var response = HTTPResponse(status: route.status, headers: headers, body: route.body)
        response.setCookieDelays = route.setCookieDelays
        return response
    }

    /// Every request the origins received, in order.
    public var log: [ReceivedRequest] { received.withLock { $0 } }

    /// Exact path (query ignored unless the route gives one); a trailing `*` matches a prefix; `method` restricts,
    /// unless `anyMethod`.
    static func matches(_ route: Route, _ request: HTTPRequest, anyMethod: Bool = false) -> Bool {
        if !anyMethod, let method = route.method, method != request.method { return false }
        let target = route.path.utf8.contains(UInt8(ascii: "?")) ? request.url.pathAndQuery : request.url.path
        if route.path.hasSuffix("*") { return target.hasPrefix(route.path.dropLast()) }
        return target == route.path
    }
}

/// A request on the wire.
public struct HTTPRequest: Sendable, Hashable {
    public var url: HTTPURL
    public var method: String
    public var headers: [HeaderField]
    public var body: String?

    public init(url: HTTPURL, method: String = "GET", headers: [HeaderField] = [], body: String? = nil) {
        self.url = url
        self.method = method
        self.headers = headers
        self.body = body
    }

    /// The `Cookie` header, if any (several fields joined with "; ", as HTTP/2 allows).
    public var cookieHeader: String? { headers.value(of: "Cookie", joinedBy: "; ") }
}

/// A response on the wire.
public struct HTTPResponse: Sendable, Hashable {
    public var status: Int
    public var headers: [HeaderField]
    public var body: String

    public init(status: Int, headers: [HeaderField], body: String = "") {
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
    public var location: String? { headers.value(of: "Location", joinedBy: ",") }
    public var isRedirect: Bool { [301, 302, 303, 307, 308].contains(status) && location != nil }
}

/// What an origin received.
public struct ReceivedRequest: Sendable, Hashable {
    public var url: HTTPURL
    public var method: String
    public var headers: [HeaderField]
    public var body: String?
    /// Order of arrival within the scenario.
    public var sequence: Int

    public var cookieHeader: String? { headers.value(of: "Cookie", joinedBy: "; ") }
}

extension [HeaderField] {
    /// The values of the fields called `name` (case-insensitive), joined; nil when there is none.
    public func value(of name: String, joinedBy separator: String) -> String? {
        let lower = name.lowercased()
        let values = filter { $0.name.lowercased() == lower }.map(\.value)
        return values.isEmpty ? nil : values.joined(separator: separator)
    }
}
