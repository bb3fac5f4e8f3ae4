import CookieModel
import HarnessCore
import Testing

/// `<add-user-script>`: the app's own document-start script runs in the pages its web view commits afterwards, is
/// lost only where a strategy empties the controller, is added again after a relaunch, and — on the webkitgtk
/// profile — runs only once the app's pending store operations have landed.
@Suite("the app's own user scripts")
struct AppUserScriptTests {
    typealias F = StrategyFixtures

    static let addTour = Step.Kind.addUserScript(#"document.cookie = "tour=seen; path=/";"#)
    static let readsTour = Step.Kind.expect(.documentCookie(CookieStringMatch(contains: ["tour=seen"])))

    @Test("the app's script runs in a later page, not in the page shown when it is added")
    func runsInLaterPagesOnly() throws {
        let home = F.load("https://app.example.com/home")
        let shownPage = try F.run("shown", [F.open, home, Self.addTour, Self.readsTour], on: "wk-no-sync")
        #expect(shownPage.status != .passed)
        let laterPage = try F.run("later", [F.open, Self.addTour, home, Self.readsTour], on: "wk-no-sync")
        #expect(laterPage.status == .passed)
    }

    /// wk-user-script's refresh on a native change calls removeAllUserScripts and adds back its own script only.
    @Test("a strategy that empties the controller on a native change loses it; one that does not keeps it")
    func lostByRemoveAll() throws {
        let steps = [F.open, Self.addTour, F.nativeLogin, F.load("https://app.example.com/home"), Self.readsTour]
        #expect(try F.run("kept", steps, on: "wk-no-sync").status == .passed)
        let lost = try F.run("lost", steps, on: "wk-user-script")
        guard case .failed(let failure) = lost.status else {
            Issue.record("expected a failure, got \(lost.status)")
            return
        }
        #expect(failure.message.contains("expected to contain 'tour=seen'"))
        // GGWkCookie empties the controller too, but adds back every script without its tag.
        #expect(try F.run("ggwkcookie", steps, on: "ggwkcookie:1.0.0").status == .passed)
    }

    @Test("after a relaunch the app adds it again to the web view it opens")
    func addedAgainAfterRelaunch() throws {
        let steps = [F.open, Self.addTour, .restartApp, F.load("https://app.example.com/home"), Self.readsTour]
        let result = try F.run("relaunch", steps, on: "wk-no-sync")
        #expect(result.status == .passed)
    }

    /// wk-userdefaults as written wipes the web view's store in the response decision without waiting: on webkitgtk
    /// (measured) the page's script writes after the wipe landed; on ios (not measured) the wipe lands after it.
    @Test("webkitgtk runs a committed page's scripts after the app's pending removeData; ios does not wait")
    func pageScriptsAfterStoreOperations() throws {
        let steps = [F.open, Self.addTour, F.load("https://app.example.com/home"), Self.readsTour]
        let gtk = try F.run("webkitgtk", steps, on: "wk-userdefaults:as-written@webkitgtk")
        #expect(gtk.status == .passed)
        #expect(gtk.transcript.contains { $0.contains("the page's scripts waits") })
        let ios = try F.run("ios", steps, on: "wk-userdefaults:as-written")
        #expect(ios.status != .passed)
        #expect(!ios.transcript.contains { $0.contains("the page's scripts waits") })
    }
}
