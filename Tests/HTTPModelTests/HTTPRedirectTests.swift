import Foundation
import HTTPModel
import Testing

@Suite("the redirect rules the harness's client and the engines share")
struct HTTPRedirectTests {
    @Test("301 and 302 turn only a POST into a GET, 303 anything, 307 and 308 nothing", arguments: [
        (301, "POST", true), (302, "POST", true), (303, "POST", true), (303, "PUT", true), (303, "GET", true),
        (301, "PUT", false), (302, "GET", false), (307, "POST", false), (308, "POST", false),
    ] as [(Int, String, Bool)])
    func methodChange(status: Int, method: String, becomesGET: Bool) {
        #expect(HTTPRedirect.changesMethodToGET(status: status, method: method) == becomesGET)
    }

    @Test("the content header fields go with the content, whatever their case; others stay")
    func contentHeaderFields() {
        #expect(HTTPRedirect.isContentHeaderField("Content-Type"))
        #expect(HTTPRedirect.isContentHeaderField("content-length"))
        #expect(!HTTPRedirect.isContentHeaderField("Cookie"))
        #expect(!HTTPRedirect.isContentHeaderField("Authorization"))
    }

    @Test("a response redirects with a redirect status and a Location, not with one of them alone", arguments: [
        (302, true, true), (307, true, true), (308, true, true), (302, false, false), (200, true, false), (304, true, false),
    ] as [(Int, Bool, Bool)])
    func isRedirect(status: Int, hasLocation: Bool, redirects: Bool) {
        let headers = hasLocation ? [HTTPHeaderField(name: "Location", value: "/next")] : []
        #expect(HTTPResponse(status: status, headers: headers).isRedirect == redirects)
    }

    @Test("an engine's Location resolves against the URL it came from", arguments: [
        ("/done", "https://login.example.com/done"),
        ("next", "https://login.example.com/a/next"),
        ("//other.example/x", "https://other.example/x"),
        ("http://x.example:81/y?z", "http://x.example:81/y?z"),
    ])
    func engineTarget(location: String, expected: String) throws {
        let from = try #require(URL(string: "https://login.example.com/a/b"))
        #expect(HTTPRedirect.target(of: location, from: from)?.absoluteString == expected)
    }
}
