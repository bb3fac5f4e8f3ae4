import HarnessCore
import WebKitModel

/// The engine's ``WebKitNetwork`` on the scenario's virtual network: every request and response goes into the
/// transcript (a request's body as its size), and every request into the network's log that expectations read.
/// Shared by the web view apps (StrategyAdapters) and the browser apps (Browsers).
package final class VirtualNetworkBridge: WebKitNetwork {
    private let network: VirtualNetwork
    private let transcript: Transcript

    package init(network: VirtualNetwork, transcript: Transcript) {
        self.network = network
        self.transcript = transcript
    }

    package func send(_ request: NetworkRequest) -> NetworkResponse? {
        let channel = request.purpose == .navigation ? "web view" : "fetch"
        guard let url = HTTPURL(request.url.absoluteString) else {
            transcript.record("✗ [\(channel)] not a URL the virtual network serves: \(request.url)")
            return nil
        }
        let wire = HTTPRequest(
            url: url, method: request.method, headers: request.headerFields.map { HeaderField(name: $0.name, value: $0.value) },
            body: request.body
        )
        var line = "→ [\(channel)] \(wire.method) \(wire.url)"
        for header in wire.headers { line += "\n    \(header.name): \(header.value)" }
        if let body = wire.body { line += "\n    (body: \(body.utf8.count) bytes)" }
        transcript.record(line)
        guard let response = network.send(wire) else {
            transcript.record("✗ no origin serves \(url.origin)")
            return nil
        }
        transcript.response(response, for: url)
        var answer = NetworkResponse(
            statusCode: response.status, headerFields: response.headers.map { HTTPHeaderField(name: $0.name, value: $0.value) },
            body: response.body
        )
        answer.setCookieDelays = response.setCookieDelays
        return answer
    }
}
