import CookieModel
import Foundation
import Testing
import AppleModel
import WebKitModel

/// Issue 23: every parameter of every profile says what it rests on, and the iOS profiles follow the evidence
/// (WebKit's source and its WPT baselines for the Apple ports), version by version.
@Suite("platform profiles: evidence and the iOS rules by version")
struct ProfileEvidenceTests {
    @Test("every parameter of every profile has a confidence and a source", arguments: PlatformProfile.all)
    func everyParameterHasEvidence(profile: PlatformProfile) {
        for parameter in PlatformProfile.Parameter.allCases {
            let evidence = profile.evidence[parameter]
            #expect(evidence != nil, "\(profile.name): \(parameter.rawValue) has no evidence")
            #expect(evidence?.source.isEmpty == false, "\(profile.name): \(parameter.rawValue) names no source")
        }
    }

    @Test("the listing shows a confidence on every parameter line, and on every rule of Apple's jar", arguments: PlatformProfile.all)
    func descriptionShowsConfidence(profile: PlatformProfile) {
        var lines = Array(profile.description.split(separator: "\n").dropFirst())
        // The releases the profile stands for come first, on the iOS profiles only.
        #expect((lines.first?.hasPrefix("  releases: ") == true) == (profile.iOSMajor != nil), "\(profile.name): \(lines.first ?? "")")
        if profile.releases != nil { lines.removeFirst() }
        let parameters = lines.prefix(PlatformProfile.Parameter.allCases.count)
        let confidences = PlatformProfile.Confidence.allCases.map { "(\($0.rawValue): " }
        for line in parameters {
            #expect(line.hasPrefix("  ") && !line.hasPrefix("   "), "\(profile.name): not a parameter line: \(line)")
            #expect(confidences.contains { line.contains($0) } && line.hasSuffix(")"), "\(profile.name): \(line)")
        }
        let rest = lines.dropFirst(PlatformProfile.Parameter.allCases.count)
        if profile.jar == .apple {
            #expect(rest.first?.contains("Apple's jar, rule by rule") == true)
            let rules = rest.dropFirst()
            #expect(rules.count == AppleJarRule.allCases.count, "\(profile.name): one line per rule of Apple's jar")
            for line in rules {
                #expect(confidences.contains { line.contains($0) } && line.contains("-expected.txt@"), "\(profile.name): \(line)")
            }
        } else {
            #expect(rest.isEmpty, "\(profile.name): lines past the parameters: \(rest)")
        }
    }

    @Test("the iOS profiles keep Apple's jar as WebKit's bots record it, reported, and list its rules",
          arguments: [PlatformProfile.ios, .ios18, .ios12, .ios11])
    func appleJarIsModelled(profile: PlatformProfile) {
        #expect(profile.jar == .apple)
        #expect(profile.evidence[.jar]?.confidence == .reported)
        #expect(profile.description.contains("jar: apple (the reference jar with Apple's recorded departures"))
        for rule in AppleJarRule.allCases { #expect(profile.description.contains(rule.rawValue + ": ")) }
    }

    @Test("ios is the newest (iOS 26) and ios-18 exists; profiles are found by name")
    func names() {
        #expect(PlatformProfile.named("ios") == .ios)
        #expect(PlatformProfile.named("ios-18") == .ios18)
        #expect(PlatformProfile.named("ios-12") == .ios12)
        #expect(PlatformProfile.all.map(\.name) == ["ios", "ios-18", "ios-12", "ios-11", "webkitgtk"])
    }

    @Test("WebKit bug 290158: on ios a load waits for an earlier setCookie; on ios-18 it races it",
          arguments: [(PlatformProfile.ios, true), (.ios18, false), (.ios12, false), (.ios11, false)])
    func setCookieBeforeLoad(profile: PlatformProfile, carried: Bool) {
        let app = EngineFixture(profile: profile)
        app.route("https://app.example.com/home")
        if profile.defersCookieStoreUntilFirstLoad { app.load("https://app.example.com/home") }
        app.cookieStore.setCookie(app.cookie("token", "abc", domain: "app.example.com"))
        app.load("https://app.example.com/home")
        #expect(app.network.cookie(sentTo: "https://app.example.com/home") == .some(carried ? "token=abc" : nil))
    }

    @Test("a missing SameSite is None on ios and ios-18: it goes on a cross-site POST form, Lax does not",
          arguments: [PlatformProfile.ios, .ios18])
    func missingSameSiteIsNone(profile: PlatformProfile) {
        let app = Self.crossSitePOSTForm(profile: profile, setCookies: [
            "lax=l; Path=/; Secure; SameSite=Lax", "none=n; Path=/; Secure; SameSite=None", "unspecified=u; Path=/; Secure",
        ])
        #expect(app.network.cookie(sentTo: "https://app.example.com/submit") == .some("none=n; unspecified=u"))
    }

    /// app.example.com/signin sets `setCookies`; a page of other.example then POSTs a form to app.example.com/submit.
    private static func crossSitePOSTForm(profile: PlatformProfile, setCookies: [String]) -> EngineFixture {
        let app = EngineFixture(profile: profile)
        app.route("https://app.example.com/signin", setCookies: setCookies)
        app.route("https://other.example/page")
        app.route("https://app.example.com/submit")
        app.load("https://app.example.com/signin")
        app.load("https://other.example/page")
        app.webView.performFormSubmission(WebRequest(url: URL(string: "https://app.example.com/submit")!, httpMethod: "POST", httpBody: Data("a=1".utf8)))
        app.settle()
        return app
    }

    @Test("same-site ignores the scheme on ios and ios-18: a Strict cookie goes on a link from https to http of the host",
          arguments: [PlatformProfile.ios, .ios18])
    func sameSiteIsSchemeless(profile: PlatformProfile) {
        let app = EngineFixture(profile: profile)
        app.route("https://app.example.com/signin", setCookies: ["strict=s; Path=/; SameSite=Strict"])
        app.route("http://app.example.com/plain")
        app.load("https://app.example.com/signin")
        app.click("http://app.example.com/plain")
        #expect(app.network.cookie(sentTo: "http://app.example.com/plain") == .some("strict=s"))
    }

    @Test("iOS 12 reads SameSite=None (and an unknown value) as Strict: only Lax and the unspecified cookie go on a cross-site POST form; iOS 13 and later send None",
          arguments: [(PlatformProfile.ios12, "unspecified=u"), (.ios18, "none=n; odd=o; unspecified=u"), (.ios, "none=n; odd=o; unspecified=u")])
    func sameSiteNoneOnIOS12(profile: PlatformProfile, sent: String) {
        let app = Self.crossSitePOSTForm(profile: profile, setCookies: [
            "lax=l; Path=/; Secure; SameSite=Lax", "none=n; Path=/; Secure; SameSite=None", "odd=o; Path=/; Secure; SameSite=Sometimes",
            "unspecified=u; Path=/; Secure",
        ])
        #expect(app.network.cookie(sentTo: "https://app.example.com/submit") == .some(sent))
        // Same-site, every cookie goes: read as Strict, not dropped.
        app.load("https://app.example.com/signin")
        #expect(app.network.cookie(sentTo: "https://app.example.com/signin")??.split(separator: ";").count == 4)
    }

    @Test("a non-Secure SameSite=None cookie is stored on ios, ios-18 and ios-11", arguments: [PlatformProfile.ios, .ios18, .ios11])
    func nonSecureSameSiteNoneIsStored(profile: PlatformProfile) {
        let app = EngineFixture(profile: profile)
        app.route("http://app.example.com/", setCookies: ["n=1; Path=/; SameSite=None"])
        app.load("http://app.example.com/")
        #expect(app.storedCookies().map(\.name) == ["n"])
    }

    @Test("no 400-day cap on a server-set cookie on the iOS profiles", arguments: [PlatformProfile.ios, .ios18, .ios12, .ios11])
    func noLifetimeCap(profile: PlatformProfile) throws {
        let app = EngineFixture(profile: profile)
        let twoYears: TimeInterval = 2 * 365 * 86_400
        app.route("https://app.example.com/", setCookies: ["long=1; Path=/; Max-Age=\(Int(twoYears))"])
        app.load("https://app.example.com/")
        let expires = try #require(app.storedCookies().first?.expiry)
        #expect(expires.timeIntervalSince(app.clock.now) > 400 * 86_400)
    }
}
