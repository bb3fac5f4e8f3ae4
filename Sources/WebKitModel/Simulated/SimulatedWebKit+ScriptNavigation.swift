import Foundation

extension SimulatedWebKit {
    /// `location.href = url`, `location.assign`, `location.replace`, `location.reload()` (measured on WebKitGTK
    /// 2.50.6, docs/engines.md "Navigation from script"): a top-level navigation the page starts once its script
    /// has returned, as a link's is (no header the app set; same-site or cross-site by the page's site), but the
    /// app's delegate sees it as an action of type `.other` (`.reload` for `reload()`). `replace` and `reload`
    /// replace the current history item instead of adding one.
    func navigateFromScript(
        to url: URL, how: PageJavaScript.ScriptNavigation, from page: URL?, in webView: WebView
    ) {
        log("web view #\(webView.handle): the page's script navigates (location.\(how.rawValue)) to \(url)")
        schedule(after: 0) { [unowned self] in
            guard webViews[webView.handle] === webView, webView.page == page, let page else { return }
            let navigation = Navigation(
                handle: makeHandle(), webView: webView, request: WebRequest(url: url),
                type: how == .reload ? .reload : .other, initiator: page)
            if how != .assign { navigation.historyIndex = webView.historyIndex }
            start(navigation)
        }
    }

    /// `history.pushState` / `replaceState`: no request and no navigation callback; the current history item's
    /// URL changes (or a new item follows it), and a later `reload()` loads that URL. The document keeps the URL it
    /// was created with for its cookies: `document.cookie` reads and writes (default path included) follow the
    /// page's first URL, not the pushed one (measured on WebKitGTK 2.50.6; the WPT cookieStore test
    /// `cookieStore_get_set_creation_url` asks the same of the Cookie Store API). A pushed item belongs to the
    /// document that pushed it: going back or forward to it is a traversal within that document.
    func changeURLFromScript(to url: URL, replace: Bool, in webView: WebView) {
        guard webView.history.indices.contains(webView.historyIndex) else { return }
        if replace {
            webView.history[webView.historyIndex].url = url
        } else {
            let document = webView.history[webView.historyIndex].document
            webView.history.removeSubrange((webView.historyIndex + 1)...)
            webView.history.append(HistoryItem(url: url, document: document))
            webView.historyIndex += 1
        }
        log("web view #\(webView.handle): history.\(replace ? "replaceState" : "pushState") to \(url) (no request)")
    }

    /// Back or forward to an item of the current document (HTML's traversal within a document, measured on
    /// WebKitGTK 2.50.6): nothing is requested and no navigation action is decided; the page's URL (`location`)
    /// becomes the item's and `popstate` fires, while the document, and so `document.cookie`'s URL, stays. The app
    /// hears only WebKit's private same-document callback (``NavigationEvent/sameDocument``).
    func traverseWithinDocument(to index: Int, in webView: WebView) -> Int {
        let handle = makeHandle()
        let url = webView.history[index].url
        webView.historyIndex = index
        log("navigation #\(handle): back/forward within the document to \(url) (no request)")
        webView.javaScript?.traversed(to: url)
        schedule(after: 0) { webView.client.navigation(handle, didChange: .sameDocument) }
        return handle
    }

    /// `window.open(url)`: WebKit asks the navigation delegate nothing (no new-window policy, unlike a
    /// `target="_blank"` link); its `WKUIDelegate` `createWebViewWith` is asked for a web view at once (the
    /// action of type `.other`, no target frame), and the page's request goes out only in the one it returns. No
    /// delegate, or none returned: nothing opens (measured on WebKitGTK 2.50.6: `create` answered with no view).
    /// `evaluateJavaScript` runs with a user gesture, so no popup blocker stands in the way.
    func openWindowFromScript(_ url: URL, from page: URL?, in webView: WebView) {
        log("web view #\(webView.handle): the page's script opens a window (window.open) to \(url)")
        schedule(after: 0) { [unowned self] in
            let action = WKNavigationAction(
                request: WebRequest(url: url), navigationType: .other, isRedirect: false, sourceURL: page,
                targetsNewWindow: true)
            openNewWindow(for: action, from: webView, policy: .allow)
        }
    }
}
