import HTTPModel

/// The scenario's virtual network as an engine's ``HTTPNetwork``: every request and response goes into the
/// transcript (a request's body as its size), and every request into the network's log that expectations read.
/// Shared by the web view apps (StrategyAdapters) and the browser apps (Browsers).
public final class TranscribedNetwork: HTTPNetwork, Sendable {
    private let network: VirtualNetwork
    private let transcript: Transcript

    public init(network: VirtualNetwork, transcript: Transcript) {
        self.network = network
        self.transcript = transcript
    }

    public func send(_ request: HTTPRequest, for purpose: HTTPRequest.Purpose) -> HTTPResponse? {
        network.exchange(request, via: purpose == .navigation ? "web view" : "fetch", transcript: transcript, showingBodySize: true)
    }
}

extension VirtualNetwork {
    /// One request out and its response back, both in the transcript on `channel`; nil, and a line saying so, when
    /// no origin serves the request. The one exchange of the harness's client (``HTTPClient``) and the engines'.
    func exchange(_ request: HTTPRequest, via channel: String, transcript: Transcript, showingBodySize: Bool) -> HTTPResponse? {
        transcript.request(request, via: channel, showingBodySize: showingBodySize)
        guard let response = send(request) else {
            transcript.record("✗ no origin serves \(request.url.origin)")
            return nil
        }
        transcript.response(response, for: request.url)
        return response
    }
}
