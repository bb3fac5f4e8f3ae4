import Foundation

/// How an engine reaches origins: one request out, one response back, no redirect following (the engine follows
/// redirects itself, because cookies and delegate calls happen between hops).
///
/// WebKitModel cannot see the harness; StrategyAdapters bridges this to the virtual network and the transcript.
public protocol WebKitNetwork: AnyObject {
    /// Delivers `request`; nil when no server answers (the engine reports `cannotFindHost`).
    func send(_ request: NetworkRequest) -> NetworkResponse?
}

/// A request on the wire, exactly as the engine sends it (its `Cookie` header included).
public struct NetworkRequest: Sendable, Hashable {
    public enum Purpose: String, Sendable, Hashable {
        /// A main-frame navigation hop.
        case navigation
        /// A subresource of the current page.
        case subresource
    }

    public var url: URL
    public var method: String
    public var headerFields: [HTTPHeaderField]
    public var body: String?
    public var purpose: Purpose

    public init(url: URL, method: String, headerFields: [HTTPHeaderField], body: String?, purpose: Purpose) {
        self.url = url
        self.method = method
        self.headerFields = headerFields
        self.body = body
        self.purpose = purpose
    }

    public var cookieHeader: String? { headerFields.joinedValue(of: "Cookie", separator: "; ") }
}

/// A response on the wire: every header field as the server sent it, `Set-Cookie` lines unfolded.
public struct NetworkResponse: Sendable, Hashable {
    public var statusCode: Int
    public var headerFields: [HTTPHeaderField]
    public var body: String

    public init(statusCode: Int, headerFields: [HTTPHeaderField], body: String = "") {
        self.statusCode = statusCode
        self.headerFields = headerFields
        self.body = body
    }

    /// For each `Set-Cookie` line, in seconds, how long after the line before it the engine receives it (a
    /// scenario's `delay-ms`); empty when every line arrives at once. A real response cannot do this.
    public var setCookieDelays: [TimeInterval] = []

    public var setCookieLines: [String] {
        headerFields.filter { $0.name.lowercased() == "set-cookie" }.map(\.value)
    }

    public var location: String? { headerFields.joinedValue(of: "Location", separator: ",") }

    /// 301, 302, 303, 307 or 308 with a `Location`.
    public var isRedirect: Bool { [301, 302, 303, 307, 308].contains(statusCode) && location != nil }
}
