import CookieModel
import Foundation
import Testing
import WebKitModel

/// The jar a profile names is the jar the engine's data stores keep.
@Suite("the engine's jar, by profile")
struct EngineJarTests {
    /// libsoup matches a Domain that is not an IP address as a suffix even on an IP host (soup_host_matches_host);
    /// the RFC 6265bis jar refuses the Domain of an IP host that is not the host itself.
    @Test("the webkitgtk profile keeps cookies in libsoup's jar: an IP host's suffix Domain is stored and sent on; the RFC jar refuses it")
    func libsoupJar() {
        var rfc = PlatformProfile.webkitgtk
        rfc.jar = .rfc6265bis
        for (profile, expected) in [(PlatformProfile.webkitgtk, Optional("ip=1")), (rfc, nil)] {
            let app = EngineFixture(profile: profile)
            app.route("http://192.168.0.10/set", setCookies: ["ip=1; Domain=168.0.10"])
            app.route("http://10.168.0.10/page")
            app.load("http://192.168.0.10/set")
            app.load("http://10.168.0.10/page")
            #expect(app.network.cookie(sentTo: "http://10.168.0.10/page") == .some(expected), "jar \(profile.jar)")
        }
    }
}
