import HarnessCore
@testable import StrategyAdapters
import Testing

/// What the app left waiting is named, with since when, in the failure of `<expect-no-pending-work/>` and at the end
/// of the transcript; a load sent while a cookie write of its store is in flight says so; the logout calls land.
@Suite("pending work and the app-level lifecycle calls")
struct PendingWorkTests {
    typealias F = StrategyFixtures

    /// ios-11 holds wk-combined's copy of a native login until the data store's first load, which never comes.
    @Test("held cookie-store calls are reported with the call and the virtual time it was made")
    func heldCallsAreReported() throws {
        let result = try F.run("pending", [F.open, F.nativeLogin, .expect(.noPendingWork)], on: "wk-combined@ios-11")
        guard case .failed(let failure) = result.status else {
            Issue.record("expected a failure, got \(result.status)")
            return
        }
        #expect(failure.message.hasPrefix("pending work: expected none, observed "))
        #expect(failure.message.contains("WKHTTPCookieStore.setCookie sid (data store #"))
        #expect(failure.message.contains("since 2026-01-01T00:00:00.000Z"))
        #expect(result.transcript.last?.hasPrefix("• pending at the end of the scenario: WKHTTPCookieStore.") == true)
    }

    /// The same story on ios-18, where nothing is held: nothing is pending, and the transcript says nothing of it.
    @Test("nothing is pending once every call landed")
    func nothingPending() throws {
        let result = try F.run("settled", [F.open, F.nativeLogin, .expect(.noPendingWork)], on: "wk-combined@ios-18")
        #expect(result.status == .passed)
        #expect(!result.transcript.contains { $0.contains("pending at the end") })
    }

    /// react-native-webview 5.7.0 copies at set-up without waiting: the same-turn load goes with both writes in flight.
    @Test("a load sent while a cookie write is in flight is noted, and only when the app did not yield")
    func loadWhileWriteInFlight() throws {
        var unsettled = WebViewOptions()
        unsettled.settles = false
        let steps: [Step.Kind] = [F.nativeLogin, .openWebView(unsettled), F.load("https://app.example.com/home")]
        let sameTurn = try F.run("same-turn", steps, on: "rnw-shared-cookies:5.7.0@ios-18")
        #expect(sameTurn.transcript.contains { $0.contains("cookie-store call(s) of its data store are in flight: WKHTTPCookieStore.setCookie") })
        let settled = try F.run("settled", [F.nativeLogin, F.open, F.load("https://app.example.com/home")], on: "rnw-shared-cookies:5.7.0@ios-18")
        #expect(!settled.transcript.contains { $0.contains("are in flight") })
    }

    /// The same-turn load of react-native-webview 5.7.0 on ios-18 goes out with its set-up's writes in flight: the
    /// check fails naming the load and the write; when the app yields first, or the profile makes loads wait (ios),
    /// or there is one synchronous store (uiwebview), it passes.
    @Test("a load sent with a cookie write in flight fails expect-no-load-during-cookie-write")
    func loadDuringCookieWriteFails() throws {
        var unsettled = WebViewOptions()
        unsettled.settles = false
        let sameTurn: [Step.Kind] = [F.nativeLogin, .openWebView(unsettled), F.load("https://app.example.com/home"), .expect(.noLoadDuringCookieWrite)]
        let raced = try F.run("same-turn", sameTurn, on: "rnw-shared-cookies:5.7.0@ios-18")
        guard case .failed(let failure) = raced.status else {
            Issue.record("expected a failure, got \(raced.status)")
            return
        }
        #expect(failure.message.hasPrefix(
            "loads during a cookie write: expected none, observed 1: GET https://app.example.com/home (navigation #"))
        #expect(failure.message.contains("at 2026-01-01T00:00:00.000Z while WKHTTPCookieStore.setCookie sid (data store #"))
        #expect(failure.message.contains("since 2026-01-01T00:00:00.000Z (this instant) was in flight"))

        let settled: [Step.Kind] = [F.nativeLogin, F.open, F.load("https://app.example.com/home"), .expect(.noLoadDuringCookieWrite)]
        #expect(try F.run("settled", settled, on: "rnw-shared-cookies:5.7.0@ios-18").status == .passed)
        #expect(try F.run("gated", sameTurn, on: "rnw-shared-cookies:5.7.0").status == .passed)
        #expect(try F.run("one store", sameTurn, on: "uiwebview").status == .passed)
    }

    /// `removeCookies(since:)` removes what was stored after the mark, strictly after: a cookie stored at the mark's
    /// instant stays, one stored a second after goes; a mark after both keeps both.
    @Test("native-remove-cookies since= removes only the cookies stored after the mark", arguments: ["wk-no-sync", "uiwebview"])
    func removeCookiesSince(adapter: String) throws {
        func steps(markAfterLogin: Bool) -> [Step.Kind] {
            let mark: [Step.Kind] = [.markTime(name: "login")]
            return [.nativeSetCookie(url: "https://app.example.com/", setCookie: "device=d1; Path=/; Secure; Max-Age=3600")]
                + (markAfterLogin ? [] : mark) + [.advanceClock(seconds: 1), F.nativeLogin] + (markAfterLogin ? mark : [])
                + [.nativeRemoveCookiesSince(mark: "login"), F.store(.native, "device"), F.store(.native, "sid", present: false)]
        }
        let since = try F.run("since", steps(markAfterLogin: false), on: adapter)
        #expect(since.status == .passed, "\(since.status)\n\(since.transcript.joined(separator: "\n"))")
        let late = try F.run("mark after login", steps(markAfterLogin: true), on: adapter)
        guard case .failed(let failure) = late.status else {
            Issue.record("expected the login's cookie to stay, got \(late.status)")
            return
        }
        #expect(failure.message.hasPrefix("native store: expected no cookie 'sid', found sid=s3cr3t"))
    }

    /// After both logout calls neither store holds the login's cookie, on a strategy that keeps no copy of its own
    /// (and on the one store of `uiwebview`).
    @Test("clear-website-data and native-remove-cookies empty both stores", arguments: ["wk-no-sync", "wk-combined", "uiwebview"])
    func logoutEmptiesBothStores(adapter: String) throws {
        let result = try F.run("logout", [
            F.nativeLogin, F.open, F.load("https://app.example.com/home"), .clearWebsiteData, .nativeRemoveCookies,
            F.store(.native, "sid", present: false), F.store(.webView, "sid", present: false),
        ], on: adapter)
        #expect(result.status == .passed, "\(result.status)\n\(result.transcript.joined(separator: "\n"))")
    }
}
