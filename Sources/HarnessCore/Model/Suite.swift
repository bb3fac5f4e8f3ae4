import Foundation
import HTTPModel

/// A suite file: the origins its scenarios talk to and the scenarios themselves (DESIGN §4).
public struct Suite: Sendable, Hashable {
    /// Stable id, e.g. `redirect`; scenario ids start with it.
    public var id: String
    public var title: String
    /// The file it was loaded from (for error messages and reports); empty for suites built in code.
    public var file: String
    /// Where every scenario's virtual clock starts (default ``Suite/defaultClockStart``).
    public var clockStart: Date
    public var origins: [Origin] { didSet { routesByOrigin = VirtualNetwork.routesByOrigin(origins) } }
    /// The origins' routes under each canonical `scheme://host[:port]`, kept with the suite: every scenario's
    /// network answers from them, so they are sorted out once per suite, not once per scenario and adapter.
    package private(set) var routesByOrigin: [String: [Route]]
    public var scenarios: [Scenario]
    /// Free text: where the suite comes from (e.g. the http-state corpus, with its commit).
    public var provenance: String?

    /// 2026-01-01T00:00:00Z: a fixed start, so that a suite gives the same results every day.
    public static let defaultClockStart = Date(timeIntervalSince1970: 1_767_225_600)

    public init(
        id: String, title: String, file: String = "", clockStart: Date = Suite.defaultClockStart,
        origins: [Origin] = [], scenarios: [Scenario] = [], provenance: String? = nil
    ) {
        self.id = id
        self.title = title
        self.file = file
        self.clockStart = clockStart
        self.origins = origins
        self.routesByOrigin = VirtualNetwork.routesByOrigin(origins)
        self.scenarios = scenarios
        self.provenance = provenance
    }
}

/// A virtual web origin (`scheme://host[:port]`) and the routes it answers.
public struct Origin: Sendable, Hashable {
    /// `https://login.example.com` (no path).
    public var url: String
    public var routes: [Route]

    public init(url: String, routes: [Route]) {
        self.url = url
        self.routes = routes
    }
}

/// What an origin answers for one path (any method unless `method` is set).
public struct Route: Sendable, Hashable {
    /// The path to match exactly (query ignored), or a prefix when it ends with `*`.
    public var path: String
    public var method: String?
    public var status: Int
    /// `Set-Cookie` field values, in order.
    public var setCookies: [String]
    /// For each `Set-Cookie` line, how long after the line before it the client receives it (`delay-ms`, in
    /// seconds): lines of one response get distinct creation times. Empty: every line at once.
    public var setCookieDelays: [Double] = []
    public var location: String?
    /// Other response header fields, in order.
    public var headers: [HTTPHeaderField]
    public var body: String
    /// How the `Set-Cookie` lines reach the store.
    public var delivery: Delivery

    /// How a route's `Set-Cookie` lines reach the client (`delivery=` in a suite).
    public enum Delivery: String, Sendable, Hashable {
        /// As HTTP/1.1 carries them: every line is a field value (``HTTPFieldValue``), checked when the suite loads.
        case wire
        /// Handed to the store's parser byte for byte: a parser test, for adapters with `raw-set-cookie` only.
        case parser
    }

    public init(
        path: String, method: String? = nil, status: Int = 200, setCookies: [String] = [], location: String? = nil,
        headers: [HTTPHeaderField] = [], body: String = "", delivery: Delivery = .wire
    ) {
        self.path = path
        self.method = method
        self.status = status
        self.setCookies = setCookies
        self.location = location
        self.headers = headers
        self.body = body
        self.delivery = delivery
    }
}

/// Where something was written in a suite file, for errors and failure messages.
public struct SuiteLocation: Sendable, Hashable, CustomStringConvertible {
    public var file: String
    public var line: Int

    public init(file: String, line: Int) {
        self.file = file
        self.line = line
    }

    public var description: String { "\(file):\(line)" }
}
