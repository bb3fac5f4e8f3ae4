import Foundation
import HTTPModel
import Testing
import WebKitModel

/// Navigations a page's script starts (issue 37), as measured on WebKitGTK 2.50.6 (docs/engines.md "Navigation
/// from script"): the action type the delegate sees, the history entry, and the URL `document.cookie` uses.
@Suite("simulated WebKit: navigation from page script")
struct ScriptNavigationTests {
    static func page() -> EngineFixture {
        let app = EngineFixture()
        app.route("https://app.example.com/home", setCookies: ["home=1; Path=/"])
        app.route("https://app.example.com/next")
        app.route("https://app.example.com/a/page", setCookies: ["deep=1; Path=/a"])
        app.load("https://app.example.com/home")
        return app
    }

    @Test("location.assign, replace, reload: type .other (.reload), the page's cookies, replace adds no entry")
    func locationNavigates() {
        let app = Self.page()
        #expect(app.evaluate("location.assign('/next'); 1").value == "1", "the script runs to its end first")
        app.settle()
        #expect(app.delegate.actions.last?.navigationType == .other)
        #expect(app.network.cookie(sentTo: "https://app.example.com/next") == "home=1")
        _ = app.evaluate("document.cookie = 'js=1; path=/'; location.reload()")
        app.settle()
        #expect(app.delegate.actions.last?.navigationType == .reload)
        #expect(app.network.cookie(sentTo: "https://app.example.com/next") == "home=1; js=1")
        _ = app.evaluate("location.replace('/home')")
        app.settle()
        #expect(app.webView.url?.absoluteString == "https://app.example.com/home")
        #expect(app.webView.goBack() != nil, "the first page is still behind the replaced one")
    }

    @Test("a load or a link to the URL the page shows replaces its history item (measured): nothing to go back to")
    func sameURLReplacesTheItem() {
        let app = Self.page()
        app.load("https://app.example.com/home")
        #expect(app.webView.goBack() == nil, "the app's load of the shown URL replaced the first item")
        app.webView.performLinkClick(to: URL(string: "https://app.example.com/home")!)
        app.settle()
        #expect(app.webView.goBack() == nil, "so did the link")
        app.webView.performLinkClick(to: URL(string: "https://app.example.com/next")!)
        app.settle()
        #expect(app.webView.goBack() != nil, "a link elsewhere adds an item")
    }

    @Test("pushState changes location and what reload loads, not the URL document.cookie reads and writes for")
    func pushStateKeepsTheCookieURL() {
        let app = Self.page()
        app.load("https://app.example.com/a/page")
        app.load("https://app.example.com/home")
        #expect(app.evaluate("history.pushState(null, '', '/a/x'); location.pathname").value == "/a/x")
        #expect(app.evaluate("document.cookie").value == "home=1", "the Path=/a cookie stays out")
        #expect(app.network.requests(to: "https://app.example.com/a/x").isEmpty)
        let otherOrigin = app.evaluate("history.pushState(null, '', 'https://other.example/'); 1")
        #expect(otherOrigin.error?.code == .javaScriptExceptionOccurred)
        _ = app.evaluate("location.reload()")
        app.settle()
        #expect(app.network.requests(to: "https://app.example.com/a/x").count == 1)
    }

    @Test("back and forward to the page's own pushState item: nothing requested or decided, location follows, the document stays")
    func backWithinTheDocument() {
        let app = Self.page()
        app.load("https://app.example.com/a/page")
        _ = app.evaluate("history.pushState(null, '', '/a/x'); document.cookie = 'spa=1'")
        let actions = app.delegate.actions.count
        #expect(app.webView.goBack() != nil)
        app.settle()
        #expect(app.delegate.sameDocumentNavigations == [.sessionStatePop])
        #expect(app.delegate.actions.count == actions, "no navigation action is decided")
        #expect(app.network.requests(to: "https://app.example.com/a/page").count == 1)
        #expect(app.evaluate("location.pathname").value == "/a/page")
        #expect(app.evaluate("document.cookie").value?.contains("deep=1") == true)
        #expect(app.evaluate("document.cookie").value?.contains("spa=1") == true)
        #expect(app.webView.goForward() != nil)
        app.settle()
        #expect(app.evaluate("location.pathname").value == "/a/x")
        #expect(app.network.requests(to: "https://app.example.com/a/x").isEmpty)
        _ = app.webView.goBack()
        app.settle()
        #expect(app.webView.goBack() != nil, "the page before is another document")
        app.settle()
        #expect(app.delegate.actions.last?.navigationType == .backForward)
        #expect(app.network.requests(to: "https://app.example.com/home").count == 2)
        #expect(app.delegate.sameDocumentNavigations.count == 3)
    }

    @Test("window.open without a UI delegate opens nothing and asks the navigation delegate nothing")
    func windowOpenWithoutUIDelegate() {
        let app = Self.page()
        let before = app.delegate.actions.count
        #expect(app.evaluate("String(window.open('/next'))").value == "null")
        app.settle()
        #expect(app.delegate.actions.count == before)
        #expect(app.network.requests(to: "https://app.example.com/next").isEmpty)
    }
}
