/// How an engine reaches origins: one request out, one response back, no redirect following (the engine follows
/// redirects itself, because cookies and delegate calls happen between hops).
///
/// The engines (WebKitModel's simulated one, WebKitGTK's) send through it; the harness answers with the scenario's
/// virtual network (HarnessCore's `TranscribedNetwork`), engine tests with fixed routes.
public protocol HTTPNetwork: AnyObject {
    /// Delivers `request` exactly as the engine sends it (its `Cookie` header included); nil when no server answers
    /// (the engine reports `cannotFindHost`).
    func send(_ request: HTTPRequest, for purpose: HTTPRequest.Purpose) -> HTTPResponse?
}

extension HTTPRequest {
    /// Why an engine sends a request: the transcript shows navigations and subresources on channels of their own.
    public enum Purpose: String, Sendable, Hashable {
        /// A main-frame navigation hop.
        case navigation
        /// A subresource of the current page.
        case subresource
    }
}
