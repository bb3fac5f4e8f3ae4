import CookieModel
import HTTPModel

/// Follows a request through redirects on the virtual network, asking the caller for cookies at each hop and
/// handing it each response's `Set-Cookie` lines: the loop every app (native or web view) shares.
public struct HTTPClient: Sendable {
    public let network: VirtualNetwork
    public let transcript: Transcript
    /// Shown in the transcript: `native`, `web view`, `fetch`.
    public let channel: String

    public init(network: VirtualNetwork, transcript: Transcript, channel: String) {
        self.network = network
        self.transcript = transcript
        self.channel = channel
    }

    /// One hop about to go out: its request (headers may be edited) and its position in the chain.
    public struct Hop {
        public var request: HTTPRequest
        /// 0 for the request the step made, then 1, 2, … for redirect hops.
        public var index: Int
        /// The request's URL list (Fetch; RFC 6265bis §5.2): the first URL, then each redirect target, up to this
        /// hop's own URL.
        public let urlList: [HTTPURL]
    }

    /// Sends `request`, following redirects (``HTTPRedirect``: 301/302/303 turn POST into GET, 303 always; 307/308
    /// keep method and body). `prepare` adds cookies to each hop; `received` sees every response, 3xx included, with its hop, before
    /// the next hop.
    /// - Returns: the final response and its URL.
    /// - Throws: ``StepFailure`` for an unknown host or a redirect loop.
    public func perform(
        _ request: HTTPRequest, prepare: (inout Hop) throws -> Void, received: (HTTPResponse, Hop) throws -> Void
    ) throws -> (response: HTTPResponse, url: HTTPURL) {
        var next = request
        var urlList: [HTTPURL] = []
        for index in 0...HTTPRedirect.limit {
            urlList.append(next.url)
            var hop = Hop(request: next, index: index, urlList: urlList)
            try prepare(&hop)
            guard let response = network.exchange(hop.request, via: channel, transcript: transcript, showingBodySize: false) else {
                throw StepFailure(.failed, "no origin serves \(hop.request.url.origin) (requested \(hop.request.url))")
            }
            try received(response, hop)
            guard response.isRedirect, let location = response.location else {
                return (response, hop.request.url)
            }
            guard let target = hop.request.url.resolving(location) else {
                throw StepFailure(.failed, "invalid Location '\(location)' from \(hop.request.url)")
            }
            next = HTTPRequest(url: target, method: hop.request.method, headers: [], body: hop.request.body)
            if HTTPRedirect.changesMethodToGET(status: response.status, method: hop.request.method) {
                next.method = "GET"
                next.body = nil
            }
            // Request headers the app set are not the store's business; they travel only if an engine copies them
            // (prepare decides, from the original request).
        }
        transcript.record("✗ more than \(HTTPRedirect.limit) redirects")
        throw StepFailure(.redirectLoop, "more than \(HTTPRedirect.limit) redirects starting at \(request.url)")
    }
}

/// An action that ended badly in a way a scenario may expect (`expect-last-step`).
public struct StepFailure: Error, Sendable, CustomStringConvertible {
    public var outcome: StepOutcome
    public var message: String

    public init(_ outcome: StepOutcome, _ message: String) {
        self.outcome = outcome
        self.message = message
    }

    public var description: String { message }
}
