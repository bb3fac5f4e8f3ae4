import HarnessCore
import Testing

@Suite("the virtual network and the redirect loop")
struct VirtualNetworkTests {
    @Test("routes: exact path, prefix with *, method restriction, 404, unknown origin")
    func routing() throws {
        let network = VirtualNetwork(origins: Fixtures.loginOrigins)
        #expect(network.send(HTTPRequest(url: HTTPURL("https://app.example.com/home?x=1")!))?.status == 200)
        #expect(network.send(HTTPRequest(url: HTTPURL("https://app.example.com/api/v1/me")!))?.status == 200)
        #expect(network.send(HTTPRequest(url: HTTPURL("https://app.example.com/nope")!))?.status == 404)
        #expect(network.send(HTTPRequest(url: HTTPURL("https://login.example.com/form")!, method: "GET"))?.status == 404)
        #expect(network.send(HTTPRequest(url: HTTPURL("https://unknown.example/")!)) == nil)
        #expect(network.log.count == 4)
    }

    @Test("each hop carries the request's URL list so far (RFC 6265bis §5.2), and the received hook gets that hop")
    func urlList() throws {
        let client = HTTPClient(network: VirtualNetwork(origins: Fixtures.loginOrigins), transcript: Transcript(), channel: "test")
        var prepared: [[String]] = []
        var received: [[String]] = []
        _ = try client.perform(HTTPRequest(url: HTTPURL("https://login.example.com/sso")!)) { hop in
            prepared.append(hop.urlList.map(\.description))
        } received: { _, hop in
            received.append(hop.urlList.map(\.description))
        }
        let expected = [["https://login.example.com/sso"], ["https://login.example.com/sso", "https://app.example.com/home"]]
        #expect(prepared == expected)
        #expect(received == expected)
    }

    @Test("§5.2: a hop whose URL list passed through another site is a cross-site redirect, whoever started it", arguments: [
        // (URL list, initiator, cross-site redirect, same-site request)
        (["https://app.example.com/a"], nil, false, true),
        (["https://app.example.com/a", "https://other.example/b", "https://app.example.com/c"], "https://app.example.com/p", true, false),
        (["https://other.example/b", "https://app.example.com/c"], nil, true, false),
        (["https://app.example.com/a", "https://login.example.com/b", "https://app.example.com/c"], "https://app.example.com/p", false, true),
        (["https://other.example/b", "https://app.example.com/c"], "https://other.example/p", true, false),
    ] as [([String], String?, Bool, Bool)])
    func siteContext(urlList: [String], initiator: String?, crossSiteRedirect: Bool, sameSiteRequest: Bool) throws {
        let urls = urlList.map { HTTPURL($0)! }
        let context = SiteContext.context(
            for: urls.last!, initiator: initiator.map { HTTPURL($0)! }, urlList: urls, topLevel: false, method: "GET")
        #expect(context.isCrossSiteRedirect == crossSiteRedirect)
        #expect(context.isSameSiteRequest == sameSiteRequest)
    }

    @Test("303 turns POST into GET, 307 keeps the method; a loop fails with redirect-loop")
    func redirects() throws {
        let network = VirtualNetwork(origins: Fixtures.loginOrigins)
        let client = HTTPClient(network: network, transcript: Transcript(), channel: "test")
        let post = try client.perform(HTTPRequest(url: HTTPURL("https://login.example.com/form")!, method: "POST", body: "a=1"),
                                      prepare: { _ in }, received: { _, _ in })
        #expect(post.url.description == "https://login.example.com/done")
        #expect(network.log.last?.method == "GET")
        _ = try client.perform(HTTPRequest(url: HTTPURL("https://login.example.com/keep")!, method: "PUT"),
                               prepare: { _ in }, received: { _, _ in })
        #expect(network.log.last?.method == "PUT")
        do {
            _ = try client.perform(HTTPRequest(url: HTTPURL("https://login.example.com/loop")!), prepare: { _ in }, received: { _, _ in })
            Issue.record("a redirect loop must fail")
        } catch let failure as StepFailure {
            #expect(failure.outcome == .redirectLoop)
        }
    }

    @Test("document.cookie scripts: assignments only, anything else is unsupported")
    func scripts() throws {
        #expect(try DocumentCookieScript.assignments(in: #"document.cookie = "a=1; Path=/"; document.cookie='b=\'2\''"#)
            == ["a=1; Path=/", "b='2'"])
        #expect(throws: AppError.self) { try DocumentCookieScript.assignments(in: "alert(1)") }
        #expect(throws: AppError.self) { try DocumentCookieScript.assignments(in: #"document.cookie = "unterminated"#) }
    }

    @Test("a script's string literal is read as JavaScript reads it: escapes become their characters, not their letters")
    func documentCookieScriptEscapes() throws {
        #expect(try DocumentCookieScript.assignments(in: #"document.cookie = "a=1\n2";"#) == ["a=1\n2"])
        #expect(try DocumentCookieScript.assignments(in: #"document.cookie = "t=\t\r\b\f\v\0";"#) == ["t=\t\r\u{8}\u{C}\u{B}\0"])
        #expect(try DocumentCookieScript.assignments(in: #"document.cookie = "h=\x41\u0042\u{1F600}";"#) == ["h=AB\u{1F600}"])
        #expect(try DocumentCookieScript.assignments(in: #"document.cookie = "q=\"\'\\\z";"#) == [#"q="'\z"#])
        #expect(try DocumentCookieScript.assignments(in: "document.cookie = \"c=a\\\nb\";") == ["c=ab"])
        #expect(throws: AppError.self) { try DocumentCookieScript.assignments(in: #"document.cookie = "x=\xZZ";"#) }
        #expect(throws: AppError.self) { try DocumentCookieScript.assignments(in: #"document.cookie = "x=\u{110000}";"#) }
    }
}
