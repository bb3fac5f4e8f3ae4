import Foundation
import Testing
import WebKitModel

@Suite("simulated WebKit: JavaScript, the run loop and virtual time")
struct JavaScriptAndTimeTests {
    @Test("document.cookie reads, assignments and concatenation; the last statement's value is the result")
    func script() {
        let app = EngineFixture()
        app.route("https://app.example.com/home")
        app.load("https://app.example.com/home")
        let result = app.evaluate("""
            // comments are fine
            document.cookie = "a=" + '1' + "; path=/";
            document.cookie = 'b=it\\'s';
            document.cookie
            """)
        #expect(result.error == nil)
        #expect(result.value == "a=1; b=it's")
    }

    @Test("on a blank web view, document.cookie is empty and writes go nowhere")
    func blank() {
        let app = EngineFixture()
        #expect(app.evaluate("document.cookie = 'a=1'; document.cookie").value == "")
        #expect(app.storedCookies().isEmpty)
    }

    @Test("the clock moves only by the delays of pending work, exactly to each item's due time")
    func virtualTime() throws {
        let app = EngineFixture()
        app.settle()
        #expect(app.clock.now == EngineFixture.start, "an idle run loop does not move time")
        var order: [String] = []
        let main = app.context.mainQueue
        main.asyncAfter(seconds: 2) { order.append("2 s") }
        let cancelled = main.asyncAfter(seconds: 10) { order.append("10 s") }
        main.async { order.append("now") }
        app.cookieStore.setCookie(app.cookie("a", "1", domain: "app.example.com")) { order.append("setCookie") }
        cancelled.cancel()
        app.settle()
        #expect(order == ["now", "setCookie", "2 s"])
        #expect(app.clock.now == EngineFixture.start.addingTimeInterval(2), "a cancelled timer does not move time")
    }

    @Test("a run loop that never empties is an engine error, not a hang")
    func neverIdle() {
        let app = EngineFixture()
        func again() { app.context.mainQueue.async(execute: again) }
        again()
        #expect(throws: WebKitError.self) { try app.engine.runUntilIdle() }
    }

    @Test("profiles are found by name and describe every parameter")
    func profiles() {
        #expect(PlatformProfile.named("ios-11") == .ios11)
        #expect(PlatformProfile.named("webkitgtk")?.manualCookieHeader == .replacedByStore)
        #expect(PlatformProfile.named("nope") == nil)
        #expect(PlatformProfile.ios.description.contains("third-party cookies: blocked"))
    }
}
