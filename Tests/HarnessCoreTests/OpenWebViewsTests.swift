import HarnessCore
import Testing

/// The web views an app keeps open, as every kind of app keeps them.
@Suite("open web views")
struct OpenWebViewsTests {
    @Test("a named view joins the open ones and becomes current; an unnamed one replaces them all; switching needs an open view")
    func openAndSwitch() throws {
        var views = OpenWebViews<Int>()
        #expect(views.current == nil)
        #expect(views.open(1, options: WebViewOptions()).isEmpty)
        #expect(views.open(2, options: WebViewOptions(name: "second")).isEmpty)
        #expect(views.current == 2 && views.currentName == "second")
        try views.switchTo("main")
        #expect(views.current == 1)
        views.current = 10
        #expect(views.all.map(\.view) == [10, 2], "the current view is updated in place")
        #expect(throws: StepFailure.self) { try views.switchTo("third") }
        #expect(views.currentName == "main", "a failed switch changes nothing")
        #expect(views.open(3, options: WebViewOptions()) == [10, 2])
        #expect(views.all.map(\.name) == ["main"])
        #expect(throws: StepFailure.self) { try views.switchTo("second") }
    }

    @Test("closing all returns what reopens them: the unnamed view without a name, the current one remembered")
    func closeAndReopen() throws {
        var views = OpenWebViews<WebViewOptions>()
        let main = WebViewOptions(sharedProcessPool: false)
        let second = WebViewOptions(dataStore: .nonPersistent, name: "second")
        views.open(main, options: main)
        views.open(second, options: second)
        try views.switchTo("main")
        let closed = views.closeAll { $0 }
        #expect(views.all.isEmpty && views.current == nil)
        #expect(closed.options == [main, second] && closed.current == "main")
        for options in closed.options { views.open(options, options: options) }
        try views.switchBack(to: closed)
        #expect(views.currentName == "main" && views.all.map(\.name) == ["main", "second"])
    }
}
