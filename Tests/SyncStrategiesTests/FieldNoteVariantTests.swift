import CookieModel
import Foundation
import SyncStrategies
import Testing

@testable import SyncStrategies

/// The field notes' versions of three strategies, against their tidy versions.
@Suite("field-note variants")
struct FieldNoteVariantTests {
    @Test("HTTPCookie-style splitting keeps an Expires date whole; the comma split cuts it", arguments: [
        ("a=1; Path=/, b=2; Expires=Wed, 01 Jan 2031 00:00:00 GMT; Path=/",
         ["a=1; Path=/", "b=2; Expires=Wed, 01 Jan 2031 00:00:00 GMT; Path=/"]),
        ("only=1; Expires=Thu, 01 Jan 1970 00:00:00 GMT", ["only=1; Expires=Thu, 01 Jan 1970 00:00:00 GMT"]),
        ("x=a, b=c", ["x=a", "b=c"]),
        ("list=a, b; Path=/", ["list=a, b; Path=/"]),
    ])
    func boundarySplit(folded: String, expected: [String]) {
        #expect(CookieHeaders.splitFoldedSetCookieAtCookieBoundaries(folded) == expected)
    }

    @Test("the comma split is what the tidy capture strategy does, and it cuts dates")
    func commaSplit() {
        #expect(CookieHeaders.splitFoldedSetCookie("b=2; Expires=Wed, 01 Jan 2031 00:00:00 GMT")
            == ["b=2; Expires=Wed", "01 Jan 2031 00:00:00 GMT"])
    }

    @Test("note 000's header: every cookie, one value per name (the last), 'name=value;' back to back")
    func everyCookieByName() {
        let now = Date(timeIntervalSince1970: 0)
        let cookies = [
            Cookie(name: "pref", value: "docs", domain: "app.example.com", path: "/docs", creation: now),
            Cookie(name: "token", value: "t", domain: "api.example.com", creation: now, isSecure: true),
            Cookie(name: "pref", value: "site", domain: "app.example.com", path: "/", creation: now),
        ]
        #expect(RequestHeaderStrategy.everyCookieByName(cookies) == "pref=site;token=t;")
        #expect(RequestHeaderStrategy.everyCookieByName([]) == nil)
    }

    @Test("the notes' script writes name=value only; the tidy one adds domain and path")
    func scripts() {
        let cookie = Cookie(name: "sid", value: "it's", domain: "example.com", path: "/app", creation: Date(), isHostOnly: false)
        #expect(UserScriptStrategy.scriptAsWritten(for: [cookie]) == "document.cookie = 'sid=it\\'s';")
        #expect(UserScriptStrategy.script(for: [cookie]) == "document.cookie = 'sid=it\\'s; domain=.example.com; path=/app';")
    }

    @Test("each variant is named after its strategy with ':as-written'")
    func names() {
        #expect(RequestHeaderStrategy(variant: .asWritten).name == "wk-request-header:as-written")
        #expect(UserScriptStrategy(variant: .asWritten).name == "wk-user-script:as-written")
        #expect(ResponseCaptureStrategy(variant: .asWritten).name == "wk-response-capture:as-written")
        #expect(SyncStrategyKind.all.map(\.name).firstIndex(of: "wk-request-header:as-written")
            == SyncStrategyKind.all.map(\.name).firstIndex(of: "wk-request-header").map { $0 + 1 })
    }
}
