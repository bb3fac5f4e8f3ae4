import HarnessCore
import Testing

/// The strategies that hand cookies to the page through a script literal (`document.cookie = '…'`) must give the
/// page the value the native side holds, byte for byte: a value with a backslash, quotes of both kinds and a doubled
/// backslash. `JavaScriptString.escaped` is what keeps it whole; with its backslash escape removed, each test below
/// fails (issue 41's mutation round found no test comparing an injected value with the original).
@Suite("script-injected cookie values arrive unchanged")
struct ScriptInjectionRoundTripTests {
    let steps = PitfallStepTests()

    /// `a\b'c"d\\e`: every character a single-quoted JavaScript literal treats specially, or nearly.
    static let value = #"a\b'c"d\\e"#

    @Test("a native cookie reaches document.cookie as it is", arguments: [
        "wk-user-script", "wk-user-script:as-written", "wk-user-script:after-load",
    ])
    func nativeValueArrives(adapter: String) throws {
        let result = try steps.run([
            .nativeSetCookie(url: "https://app.example.com/", setCookie: "awk=\(Self.value); Path=/"),
            PitfallStepTests.open, .load(Request(url: "https://app.example.com/home")),
            // after-load writes it when the first page has finished: the next page's script sees it.
            .followLink(url: "https://app.example.com/account"),
            .expect(.documentCookie(CookieStringMatch(contains: ["awk=\(Self.value)"]))),
        ], on: adapter)
        #expect(result.status == .passed, "\(result.transcript.joined(separator: "\n"))")
    }

    @Test("the app's login cookie reaches document.cookie as it is (wk-app-cookie's document-start script)")
    func appCookieArrives() throws {
        let result = try steps.run([
            .nativeSetCookie(url: "https://app.example.com/", setCookie: "session=\(Self.value); Path=/"),
            PitfallStepTests.open, .load(Request(url: "https://app.example.com/home")),
            .expect(.documentCookie(CookieStringMatch(contains: ["session=\(Self.value)"]))),
        ], on: "wk-app-cookie")
        #expect(result.status == .passed, "\(result.transcript.joined(separator: "\n"))")
    }

    @Test("a server cookie saved and restored after a relaunch comes back as it was (wk-session-restore)")
    func restoredValueArrives() throws {
        let result = try steps.run([
            PitfallStepTests.open, .load(Request(url: "https://app.example.com/awkward")),
            .restartApp, PitfallStepTests.open, .load(Request(url: "https://app.example.com/home")),
            .expect(.documentCookie(CookieStringMatch(contains: ["awk=\(Self.value)"]))),
        ], on: "wk-session-restore")
        #expect(result.status == .passed, "\(result.transcript.joined(separator: "\n"))")
    }
}
