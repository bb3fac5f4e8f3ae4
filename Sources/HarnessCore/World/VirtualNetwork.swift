import HTTPModel
import Locking

/// The origins of a suite as a network: answers requests from the routes and remembers every request received.
///
/// One per scenario (a fresh World), so nothing is shared between scenarios running in parallel.
public final class VirtualNetwork: Sendable {
    private let routes: [String: [Route]]
    private let received = Locked<[ReceivedRequest]>([])

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
        var headers = route.setCookies.map { HTTPHeaderField(name: "Set-Cookie", value: $0) }
        if let location = route.location { headers.append(HTTPHeaderField(name: "Location", value: location)) }
        headers.append(contentsOf: route.headers)
        var response = HTTPResponse(status: route.status, headers: headers, body: route.body)
        response.setCookieDelays = route.setCookieDelays
        return response
    }

    /// Every request the origins received, in order.
    public var log: [ReceivedRequest] { received.withLock { $0 } }

    /// Exact path (query ignored unless the route gives one); a trailing `*` matches a prefix; `method` restricts,
    /// unless `anyMethod`.
    package static func matches(_ route: Route, _ request: HTTPRequest, anyMethod: Bool = false) -> Bool {
        if !anyMethod, let method = route.method, method != request.method { return false }
        let target = route.path.utf8.contains(UInt8(ascii: "?")) ? request.url.pathAndQuery : request.url.path
        if route.path.hasSuffix("*") { return target.hasPrefix(route.path.dropLast()) }
        return target == route.path
    }
}

/// What an origin received.
public struct ReceivedRequest: Sendable, Hashable {
    public var url: HTTPURL
    public var method: String
    public var headers: [HTTPHeaderField]
    public var body: String?
    /// Order of arrival within the scenario.
    public var sequence: Int

    public var cookieHeader: String? { headers.joinedValue(of: "Cookie", separator: "; ") }
}
