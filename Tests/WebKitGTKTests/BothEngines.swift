import ChildProcesses
import CookieModel
import Foundation
import LiveStrategyAdapters
import StrategyAdapters
import Testing
import WebKitModel

@testable import EngineDrivers

/// What the tests that run one case on the simulated engine and on the real one (which must agree) share: the
/// engine to pick, a network of pages that records what it was asked, and a web view already showing a page.
enum BothEngines {
    enum Engine: String, CaseIterable, CustomTestStringConvertible {
        case simulated, live
        var testDescription: String { rawValue }
    }

    /// Every URL answers a page, but those in `redirects`, which answer a 302 to their target; the requests are kept,
    /// with their Cookie header.
    final class Pages: HTTPNetwork {
        let redirects: [String: String]
        var requests: [(url: String, cookie: String?)] = []

        init(redirects: [String: String] = [:]) {
            self.redirects = redirects
        }

        func send(_ request: HTTPRequest, for purpose: HTTPRequest.Purpose) -> HTTPResponse? {
            requests.append((request.url.description, request.headers.joinedValue(of: "Cookie", separator: "; ")))
            if let target = redirects[request.url.description] {
                return HTTPResponse(status: 302, headers: [HTTPHeaderField(name: "Location", value: target)], body: "")
            }
            return HTTPResponse(status: 200, headers: [HTTPHeaderField(name: "Content-Type", value: "text/html")], body: "<p>page</p>")
        }

        /// The Cookie header of each request for `url`, in order.
        func requested(_ url: String) -> [String?] { requests.filter { $0.url == url }.map(\.cookie) }
    }

    /// One web view on `engine` showing http://app.example/, with a session cookie `sid=s1` in its store; `configure`
    /// sets its delegates before that first load. The real engine's driver is stopped at the end, also on failure.
    final class ShownPage {
        let drivers = WebKitGTKDrivers(configuration: nil)
        let network: Pages
        let engine: any WebKitEngine
        let context: WKContext
        let webView: WKWebView

        init(_ kind: Engine, network: Pages = Pages(), configure: (WKWebView, WKContext) -> Void) throws {
            self.network = network
            let clock = VirtualClock(start: Date())
            switch kind {
            case .simulated:
                engine = SimulatedWebKit(profile: .webkitgtk, clock: clock, network: network)
            case .live:
                try #require(StrategyAdapterCatalog.liveEngineUnavailable == nil, "the real engine is not installed: run .ci/install-deps")
                do {
                    engine = try WebKitGTKEngine(clock: clock, network: network, persistent: false, drivers: drivers)
                } catch {
                    drivers.stopAll()
                    throw error
                }
            }
            context = WKContext(engine: engine)
            webView = WKWebView(configuration: WKWebViewConfiguration(context: context))
            configure(webView, context)
            var stored = false
            webView.configuration.websiteDataStore.httpCookieStore.setCookie(
                Cookie(name: "sid", value: "s1", domain: "app.example", path: "/", creation: Date())
            ) { stored = true }
            webView.load(WebRequest(url: URL(string: "http://app.example/")!))
            try engine.runUntilIdle()
            try #require(stored && webView.url?.absoluteString == "http://app.example/")
        }

        deinit { drivers.stopAll() }
    }
}
