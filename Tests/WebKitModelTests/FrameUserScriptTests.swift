import Foundation
import Testing
import WebKitModel

/// The app's user scripts in a frame's document on the simulated engine, held to what WebKitGTK 2.50.6 was measured
/// to do (docs/engines.md, "Scripts inside frames, measured"): a script not `forMainFrameOnly` runs in every frame
/// with the frame's document; the top page's site and the profile's third-party policy decide whether its write is
/// kept.
@Suite("simulated WebKit: the app's user scripts in frames")
struct FrameUserScriptTests {
    /// The top page `https://app.example.com/home` with an iframe of `frame`; the user script writes `app=1` and
    /// `d_parent=<its document's first label>; domain=.example.com` (not on the `/seed` page that sets the frame
    /// host's pre-existing cookies, `existing`).
    static func run(
        profile: PlatformProfile, frame: String, mainFrameOnly: Bool = false, existing: [String] = []
    ) -> EngineFixture {
        let script = """
            if (location.pathname !== '/seed') {
                document.cookie = 'app=1; path=/';
                document.cookie = 'd_parent=' + location.hostname.split('.')[0] + '; domain=.example.com; path=/';
            }
            """
        let app = EngineFixture(profile: profile, scripts: [
            WKUserScript(source: script, injectionTime: .atDocumentStart, forMainFrameOnly: mainFrameOnly),
        ])
        let origin = URL(string: frame)!.scheme! + "://" + URL(string: frame)!.host!
        app.route("\(origin)/seed", setCookies: existing)
        app.route("https://app.example.com/home")
        app.route(frame)
        app.route("\(origin)/later")
        if !existing.isEmpty { app.load("\(origin)/seed") }
        app.load("https://app.example.com/home")
        app.webView.performSubresourceRequest(WebRequest(url: URL(string: frame)!), kind: .iframe)
        app.settle()
        return app
    }

    static func cookies(of app: EngineFixture, host: String) -> [String] {
        app.storedCookies().filter { $0.domain.drop { $0 == "." } == host }.map { "\($0.name)=\($0.value)" }.sorted()
    }

    @Test("a same-site frame writes into its host's jar, the frame's own request goes without, domain= judged against the frame's host",
          arguments: [PlatformProfile.webkitgtk, .ios, .ios12])
    func sameSiteFrame(profile: PlatformProfile) {
        let app = Self.run(profile: profile, frame: "https://sub.example.com/frame")
        #expect(app.network.cookie(sentTo: "https://sub.example.com/frame") == .some("d_parent=app"))
        #expect(Self.cookies(of: app, host: "sub.example.com") == ["app=1"])
        #expect(Self.cookies(of: app, host: "example.com") == ["d_parent=sub"])
        #expect(app.evaluate("document.cookie").value?.contains("d_parent=sub") == true)
        #expect(app.log.contains { $0.contains("ran in the frame https://sub.example.com/frame") })
    }

    @Test("a main-frame-only script never runs in a frame")
    func mainFrameOnly() {
        let app = Self.run(profile: .webkitgtk, frame: "https://sub.example.com/frame", mainFrameOnly: true)
        #expect(Self.cookies(of: app, host: "sub.example.com") == [])
        #expect(Self.cookies(of: app, host: "example.com") == ["d_parent=app"])
    }

    /// ios-12 allows third-party cookies but its jar reads a cookie without SameSite as the RFC's default, which a
    /// cross-site document cannot write (RFC 6265bis §5.7 steps 17–19); ios-11 ignores SameSite.
    @Test("a cross-site frame's write: dropped where third-party cookies are not allowed, kept where they and SameSite let it",
          arguments: [(PlatformProfile.webkitgtk, false), (.ios, false), (.ios18, false), (.ios12, false), (.ios11, true)])
    func crossSiteFrameWrite(profile: PlatformProfile, kept: Bool) {
        let app = Self.run(profile: profile, frame: "https://other.test/frame", existing: ["pre=1; Path=/; Secure; SameSite=None"])
        #expect(Self.cookies(of: app, host: "other.test") == (kept ? ["app=1", "pre=1"] : ["pre=1"]))
        #expect(Self.cookies(of: app, host: "example.com") == ["d_parent=app"])
    }

    @Test("a cross-site frame's read: None and attribute-less cookies, not Lax; nothing under ITP's blocking",
          arguments: [(PlatformProfile.webkitgtk, "none=1; plain=1"), (.ios, "")])
    func crossSiteFrameRead(profile: PlatformProfile, expected: String) {
        let app = EngineFixture(profile: profile, scripts: [
            WKUserScript(source: "if (location.pathname !== '/seed') document.cookie = 'seen=' + encodeURIComponent(document.cookie) + '; domain=.example.com; path=/'",
                         injectionTime: .atDocumentStart, forMainFrameOnly: false),
        ])
        app.route("https://other.test/seed", setCookies: [
            "none=1; Path=/; Secure; SameSite=None", "plain=1; Path=/; Secure", "lax=1; Path=/; Secure; SameSite=Lax",
        ])
        app.route("https://other.test/frame")
        app.route("https://app.example.com/home")
        app.load("https://other.test/seed")
        app.load("https://app.example.com/home")
        app.webView.performSubresourceRequest(WebRequest(url: URL(string: "https://other.test/frame")!), kind: .iframe)
        app.settle()
        // The frame's write is dropped (third party): what it read is in the transcript's line for it.
        let encoded = expected.replacingOccurrences(of: "=", with: "%3D").replacingOccurrences(of: "; ", with: "%3B%20")
        let write = app.log.first { $0.contains("document.cookie = 'seen=") && $0.contains("the third-party frame") }
        #expect(write?.contains("'seen=\(encoded); domain=.example.com; path=/'") == true, "\(String(describing: write))")
    }
}
