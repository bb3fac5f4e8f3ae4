import Foundation
import HTTPModel

extension SimulatedWebKit {
    /// An iframe the page appended (DESIGN §6 rule 4, measured on WebKitGTK 2.50.6): a nested navigation. Each hop
    /// is a navigation action the app's delegate decides, not for the main frame (type `.other`, the page as its
    /// source); the final response a navigation response not for the main frame. Cookies go as for any subresource
    /// of the page (credentials included, SameSite and the third-party policy by the top-level page's site). The
    /// main frame's navigation callbacks (`didStart`, `didCommit`, `didFinish`) are not called for it.
    ///
    /// The frame's document runs the app's user scripts that are not `forMainFrameOnly`
    /// (``runFrameUserScripts(in:page:of:)``); its own inline scripts do not run, and the harness's
    /// `document.cookie` checks read the main frame's.
    func loadFrame(_ request: WebRequest, in webView: WebView, completion: @escaping (Result<WebResponse, WebKitError>) -> Void) {
        guard let page = webView.page else {
            return completion(.failure(WebKitError(.cannotFindHost, "no page to add a frame to")))
        }
        decideFrameAction(request, urlList: [request.url], page: page, in: webView, completion: completion)
    }

    /// Whether the frame's page is still the one that appended the frame: a main-frame navigation or a killed
    /// process drops the frame and its load.
    private func frameIsAlive(of page: URL, in webView: WebView) -> Bool {
        webViews[webView.handle] === webView && webView.page == page
    }

    private func decideFrameAction(
        _ request: WebRequest, urlList: [URL], page: URL, in webView: WebView,
        completion: @escaping (Result<WebResponse, WebKitError>) -> Void
    ) {
        let hop = urlList.count - 1
        let action = WKNavigationAction(
            request: request, navigationType: .other, isRedirect: hop > 0, sourceURL: page, isMainFrame: false)
        let decision = makeHandle()
        log("the frame's navigation action #\(decision) for \(request.url) (not the main frame\(hop > 0 ? ", a redirect hop" : ""))")
        webView.client.decidePolicy(
            for: action, navigation: -decision,
            decisionHandler: onceOnlyDecisionHandler(for: "frame action #\(decision)", log: { [unowned self] in log($0) }) {
                [unowned self] policy in
                schedule(after: 0) { [unowned self] in
                    guard frameIsAlive(of: page, in: webView) else {
                        return completion(.failure(WebKitError(.cancelled, "the frame's page is gone")))
                    }
                    guard policy == .allow else {
                        log("frame action #\(decision) to \(request.url) cancelled by the navigation-action policy: the frame stays empty")
                        return completion(.failure(WebKitError(.cancelled, "the app cancelled the frame's load of \(request.url)")))
                    }
                    // Mixed content (measured): the engine asks the app, then never sends an http frame of an https
                    // page; the frame stays empty.
                    if Self.isMixedContent(request.url, from: page) {
                        log("mixed content: the frame's load of \(request.url) from \(page) is blocked before it leaves")
                        return completion(.failure(WebKitError(.cannotFindHost, "the frame did not load \(request.url)")))
                    }
                    sendFrameHop(request, urlList: urlList, page: page, in: webView, completion: completion)
                }
            })
    }

    private func sendFrameHop(
        _ request: WebRequest, urlList: [URL], page: URL, in webView: WebView,
        completion: @escaping (Result<WebResponse, WebKitError>) -> Void
    ) {
        afterPendingWrites(webView.store) { [unowned self] in
            let response: HTTPResponse
            switch sendSubresourceHop(request, kind: .iframe, urlList: urlList, from: page, in: webView) {
            case .failure(let error): return completion(.failure(error))
            case .success(let answer): response = answer
            }
            guard response.isRedirect else { return decideFrameResponse(response, to: request, page: page, in: webView, completion: completion) }
            switch nextHop(after: request, response, urlList: urlList) {
            case .failure(let error): completion(.failure(error))
            case .success(let next):
                schedule(after: 0) { [unowned self] in
                    decideFrameAction(next, urlList: urlList + [next.url], page: page, in: webView, completion: completion)
                }
            }
        }
    }

    /// The final response, shown as the main frame's is (rule 5: `Set-Cookie` as the profile says).
    private func decideFrameResponse(
        _ response: HTTPResponse, to request: WebRequest, page: URL, in webView: WebView,
        completion: @escaping (Result<WebResponse, WebKitError>) -> Void
    ) {
        let url = request.url
        let fields = profile.responseShowsSetCookie ? response.headers : response.headers.removing("Set-Cookie")
        let shown = WebResponse(url: url, statusCode: response.status, headerFields: fields)
        let decision = makeHandle()
        schedule(after: 0) { [unowned self] in
            guard frameIsAlive(of: page, in: webView) else {
                return completion(.failure(WebKitError(.cancelled, "the frame's page is gone")))
            }
            webView.client.decidePolicy(
                for: WKNavigationResponse(response: shown, isForMainFrame: false), navigation: -decision,
                decisionHandler: onceOnlyDecisionHandler(for: "frame response #\(decision)", log: { [unowned self] in log($0) }) {
                    [unowned self] (policy: WKNavigationResponsePolicy) in
                    schedule(after: 0) { [unowned self] in
                        guard policy == .allow else {
                            log("the frame's response from \(url) cancelled by the response policy: the frame stays empty")
                            return completion(.failure(WebKitError(
                                .frameLoadInterruptedByPolicyChange, "frame load interrupted: the response policy cancelled \(url)")))
                        }
                        guard !response.hasNoDocument else {
                            // HTML: the navigation is abandoned; measured on WebKitGTK 2.50.6: no load event comes.
                            log("the frame's \(response.status) answer from \(url) has no document: the frame loads nothing")
                            return completion(.failure(WebKitError(.cancelled, "the frame's answer from \(url) is \(response.status): no document to load")))
                        }
                        log("the frame committed: \(url)")
                        guard webView.client.userScripts.contains(where: { !$0.isForMainFrameOnly }) else {
                            return completion(.success(shown))
                        }
                        // As in the top page, the frame's scripts reach the store after what the app sent before.
                        let scripts = { [unowned self] in
                            if frameIsAlive(of: page, in: webView) { runFrameUserScripts(in: url, page: page, of: webView) }
                            completion(.success(shown))
                        }
                        profile.pageScriptsAfterStoreOperations
                            ? afterPendingWrites(webView.store, waiting: "the frame's scripts", scripts) : scripts()
                    }
                })
        }
    }
}
