import Foundation
import HarnessCore
import StrategyAdapters
import SyncStrategies
import Testing
import WebKitModel

/// `StrategyContext.urlSession` (`URLSession.shared` for strategy code): a data task goes through the native store
/// as the app's own native requests do, follows redirects, and hands back the last response.
@Suite("native URLSession for strategies")
struct NativeURLSessionTests {
    typealias F = StrategyFixtures

    /// Sends the given requests one after the other when the web view opens, keeping what each completion got.
    final class SessionProbe: SyncStrategy {
        let requests: [WebRequest]
        let outcomes: Outcomes
        final class Outcomes: @unchecked Sendable { var values: [Result<NativeHTTPResponse, WebKitError>] = [] }

        init(_ requests: [WebRequest], outcomes: Outcomes) {
            self.requests = requests
            self.outcomes = outcomes
        }

        var name: String { "session-probe" }

        func webViewDidOpen(_ webView: WKWebView, app: StrategyContext) { send(0, app: app) }

        private func send(_ index: Int, app: StrategyContext) {
            guard index < requests.count else { return }
            app.urlSession.dataTask(with: requests[index]) { [self] result in
                outcomes.values.append(result)
                send(index + 1, app: app)
            }
        }
    }

    static func probe(_ requests: [WebRequest], _ outcomes: SessionProbe.Outcomes) -> Adapter {
        Adapter(
            info: AdapterInfo(name: "session-probe", version: "1", profile: "ios"), summary: "",
            capabilities: StrategyAdapterCatalog.webViewCapabilities
        ) { environment in
            try WebViewApp(environment: environment, profile: .ios) { SessionProbe(requests, outcomes: outcomes) }
        }
    }

    @Test("redirects followed, every hop's cookies stored natively, the next task sends them; httpShouldHandleCookies false sends none")
    func dataTask() throws {
        let sso = WebRequest(url: URL(string: "https://login.example.com/sso")!)
        let me = WebRequest(url: URL(string: "https://app.example.com/api/me")!)
        var bare = WebRequest(url: URL(string: "https://app.example.com/next")!)
        bare.httpShouldHandleCookies = false
        let outcomes = SessionProbe.Outcomes()
        let run = try F.run("session", [
            F.open,
            F.store(.native, "sid", httpOnly: true),
            F.request("https://app.example.com/api/me", contains: ["sid=s3cr3t"]),
            F.request("https://app.example.com/next", empty: true),
        ], on: Self.probe([sso, me, bare], outcomes))
        #expect(run.status == .passed, "\(run.transcript.joined(separator: "\n"))")
        try #require(outcomes.values.count == 3)
        let first = try outcomes.values[0].get()
        #expect(first.response.url.absoluteString == "https://app.example.com/home" && first.response.statusCode == 200)
        #expect(run.transcript.contains { $0.hasPrefix("→ [urlsession] GET https://login.example.com/sso") })
    }

    @Test("a host nobody serves is an error in the completion, not a crash or a hang")
    func unknownHost() throws {
        let outcomes = SessionProbe.Outcomes()
        _ = try F.run("session-error", [F.open], on: Self.probe([WebRequest(url: URL(string: "https://nowhere.example/")!)], outcomes))
        guard case .failure(let error)? = outcomes.values.first else {
            Issue.record("expected a failure, got \(outcomes.values)")
            return
        }
        #expect(error.message.contains("nowhere.example"))
    }
}
