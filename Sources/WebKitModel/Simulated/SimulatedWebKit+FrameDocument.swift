import CookieModel
import Foundation

extension SimulatedWebKit {
    /// The frame's document, once the frame committed: the app's user scripts that are not `forMainFrameOnly` run
    /// in it (document start, then document end), as in the top page after the response arrived (rule 6).
    ///
    /// Measured on WebKitGTK 2.50.6 (docs/engines.md, "Scripts inside frames, measured"): such a script runs in
    /// every frame with the frame's document — `location` and `document.cookie` are the frame's, a write is judged
    /// against the frame's host — and whether its write is kept is the third-party cookie policy's decision, made
    /// by the top page's site (``frameIsThirdParty(_:page:)``). Not modelled: the frame's own inline scripts, and a
    /// frame script's fetch, navigation or window (refused with a line in the transcript).
    func runFrameUserScripts(in frame: URL, page: URL, of webView: WebView) {
        var context: PageJavaScript?
        var globals: [String: [String]] = [:]
        for time in [WKUserScriptInjectionTime.atDocumentStart, .atDocumentEnd] {
            for script in webView.client.userScripts where script.injectionTime == time && !script.isForMainFrameOnly {
                do throws(WebKitError) {
                    if context == nil, JavaScriptEvaluator.canRun(script.source) {
                        let evaluator = JavaScriptEvaluator(
                            readCookie: { [unowned self] in frameDocumentCookie(frame, page: page, in: webView) },
                            writeCookie: { [unowned self] in writeFrameDocumentCookie($0, frame: frame, page: page, in: webView) },
                            bindNames: { globals[$0] = $1 })
                        _ = try evaluator.evaluate(script.source)
                    } else {
                        let javaScript = context ?? frameJavaScript(frame, page: page, in: webView, globals: globals)
                        context = javaScript
                        _ = try javaScript.evaluate(script.source)
                    }
                    log("user script (\(time.rawValue)) ran in the frame \(frame)")
                } catch {
                    log("user script (\(time.rawValue)) threw in the frame \(frame): \(error)")
                }
            }
        }
    }

    /// Whether `frame` is a third party in `page` (a registrable domain of its own): the top page's site decides,
    /// as for the page's subresources (a page on the app's scheme is a first party to all where the profile says).
    func frameIsThirdParty(_ frame: URL, page: URL) -> Bool {
        let firstPartyToAll = profile.appSchemePagesAreFirstParty && Self.isCookieAverse(page)
        return !firstPartyToAll && registrableDomain(of: page) != registrableDomain(of: frame)
    }

    /// Whether the frame's document is same-site for SameSite (its site is the top page's).
    private func frameIsSameSite(_ frame: URL, page: URL) -> Bool {
        !profile.sameSite.isEnforced || site(of: frame) == site(of: page)
    }

    /// Rule 7 for the frame's document: the frame URL's pairs; a cross-site frame gets no SameSite=Lax or Strict
    /// cookie, and none at all where the profile blocks third-party cookies (ITP); reading is not blocked under
    /// WebKitGTK's ACCEPT_NO_THIRD_PARTY (measured).
    func frameDocumentCookie(_ frame: URL, page: URL, in webView: WebView) -> String {
        guard !Self.isCookieAverse(frame), let url = CookieURL(string: frame.absoluteString) else { return "" }
        if frameIsThirdParty(frame, page: page), profile.thirdPartyCookies == .blocked {
            log("document.cookie in the third-party frame \(frame): empty (third-party cookies: \(profile.thirdPartyCookies.rawValue))")
            return ""
        }
        return webView.store.jar.readDocumentCookie(for: url, isSameSite: frameIsSameSite(frame, page: page))
    }

    /// Rule 6 for the frame's document: the write is judged against the frame's host (its own host or a parent
    /// domain: `domain=.example.com` from a sibling frame replaces the top page's cookie of that name); a
    /// cross-site frame's write is dropped silently unless the profile allows third-party cookies (measured on
    /// WebKitGTK 2.50.6 under ACCEPT_NO_THIRD_PARTY, also when the frame's site already has cookies).
    func writeFrameDocumentCookie(_ value: String, frame: URL, page: URL, in webView: WebView) {
        guard !Self.isCookieAverse(frame), let url = CookieURL(string: frame.absoluteString) else {
            return log("document.cookie = '\(value)' in the frame \(frame) ignored: not an http(s) document")
        }
        if frameIsThirdParty(frame, page: page), profile.thirdPartyCookies != .allowed {
            return log("document.cookie = '\(value)' in the third-party frame \(frame) of \(page) dropped (third-party cookies: \(profile.thirdPartyCookies.rawValue))")
        }
        let outcome = webView.store.jar.setDocumentCookie(value, documentURL: url, isSameSite: frameIsSameSite(frame, page: page))
        log("document.cookie = '\(value)' in the frame \(frame): \(describe(outcome))")
        didChange(webView.store, after: outcome)
    }

    /// A JavaScriptCore context for the frame's document: its cookies, its URL, the app's message handlers (they
    /// are defined in every frame); what would leave the frame's document is refused and logged.
    private func frameJavaScript(_ frame: URL, page: URL, in webView: WebView, globals: [String: [String]]) -> PageJavaScript {
        let notModelled = { [unowned self] (what: String) in log("\(what) from the frame \(frame): not modelled, ignored") }
        let host = PageJavaScript.Host(
            readCookie: { [unowned self, weak webView] in webView.map { frameDocumentCookie(frame, page: page, in: $0) } ?? "" },
            writeCookie: { [unowned self, weak webView] value in webView.map { writeFrameDocumentCookie(value, frame: frame, page: page, in: $0) } },
            url: frame,
            now: { [unowned self] in clock.now },
            messageHandlerNames: { [weak webView] in webView?.client.scriptMessageHandlerNames ?? [] },
            postMessage: { [unowned self, weak webView] name, json in webView.map { postMessage(json, to: name, from: frame, in: $0) } },
            prompt: { [unowned self, weak webView] message, defaultText in
                webView.flatMap { prompt(message, defaultText: defaultText, from: frame, in: $0) }
            },
            log: { [unowned self] in log("console.log in the frame \(frame): \($0)") },
            fetch: { call, settle in
                notModelled("fetch(\(call.url))")
                settle(.failure(WebKitError(.cannotFindHost, "a frame's fetch is not modelled")))
            },
            setTimer: { [unowned self] delay, fire in _ = schedule(at: clock.now.addingTimeInterval(delay), waitsForClock: delay > 0, fire) },
            navigate: { url, _ in notModelled("a navigation to \(url)") },
            changeURL: { url, _ in notModelled("history's URL change to \(url)") },
            openWindow: { url in notModelled("window.open(\(url))") }
        )
        log("a JavaScriptCore context for the frame \(frame) in web view #\(webView.handle)")
        return PageJavaScript(host: host, globals: globals)
    }
}
