import HTTPModel
import Testing

/// The Fetch standard's credentials mode and CORS check, per way a page asks for a subresource.
@Suite("subresource kinds: credentials and the CORS check")
struct SubresourceKindTests {
    static let page = HTTPURL("https://app.example.com/home")!
    static let sameOrigin = HTTPURL("https://app.example.com/api")!
    static let sibling = HTTPURL("https://api.example.com/me")!

    static func answer(_ fields: [(String, String)]) -> HTTPResponse {
        HTTPResponse(status: 200, headers: fields.map { HTTPHeaderField(name: $0.0, value: $0.1) })
    }

    @Test("fetch() by its credentials mode, images and iframes always, an XHR only to the page's origin unless withCredentials")
    func credentials() {
        func includes(_ kind: SubresourceKind, _ urls: HTTPURL...) -> Bool { kind.includesCredentials(along: urls, from: Self.page) }
        #expect(includes(.fetch(), Self.sibling))
        #expect(includes(.fetch(credentials: .include, mode: .cors), Self.sibling))
        #expect(!includes(.fetch(credentials: .omit), Self.sameOrigin))
        #expect(includes(.fetch(credentials: .sameOrigin), Self.sameOrigin))
        #expect(!includes(.fetch(credentials: .sameOrigin), Self.sibling))
        #expect(includes(.image, Self.sibling))
        #expect(includes(.iframe, Self.sibling))
        #expect(includes(.xhr(withCredentials: false), Self.sameOrigin))
        #expect(!includes(.xhr(withCredentials: false), Self.sibling))
        #expect(includes(.xhr(withCredentials: true), Self.sibling))
        // Another scheme or port is another origin.
        #expect(!includes(.xhr(withCredentials: false), HTTPURL("http://app.example.com/")!))
        #expect(!includes(.xhr(withCredentials: false), HTTPURL("https://app.example.com:8443/")!))
        // No page (nothing to be same-origin with): same-origin includes nothing.
        #expect(!SubresourceKind.fetch(credentials: .sameOrigin).includesCredentials(along: [Self.sameOrigin], from: nil))
    }

    @Test("same-origin credentials: a hop to another origin taints the rest of the chain, a redirect back included")
    func sameOriginIsTaintedByAnotherOrigin() {
        for kind in [SubresourceKind.fetch(credentials: .sameOrigin), .fetch(credentials: .sameOrigin, mode: .cors), .xhr(withCredentials: false)] {
            #expect(kind.includesCredentials(along: [Self.sameOrigin, Self.sameOrigin], from: Self.page))
            #expect(!kind.includesCredentials(along: [Self.sameOrigin, Self.sibling, Self.sameOrigin], from: Self.page))
        }
        #expect(SubresourceKind.fetch(credentials: .include).includesCredentials(along: [Self.sibling, Self.sameOrigin], from: Self.page))
    }

    @Test("no-cors kinds and same-origin XHRs read any answer")
    func noCheck() {
        let bare = Self.answer([])
        #expect(SubresourceKind.fetch().allowsReading(bare, of: Self.sibling, from: Self.page))
        #expect(!SubresourceKind.fetch(mode: .cors).allowsReading(bare, of: Self.sibling, from: Self.page))
        #expect(SubresourceKind.fetch(mode: .cors).allowsReading(bare, of: Self.sameOrigin, from: Self.page))
        #expect(SubresourceKind.image.allowsReading(bare, of: Self.sibling, from: Self.page))
        #expect(SubresourceKind.iframe.allowsReading(bare, of: Self.sibling, from: Self.page))
        #expect(SubresourceKind.xhr(withCredentials: true).allowsReading(bare, of: Self.sameOrigin, from: Self.page))
        #expect(!SubresourceKind.xhr(withCredentials: false).allowsReading(bare, of: Self.sibling, from: Self.page))
    }

    @Test("a cross-origin XHR reads the answer only as its Access-Control headers allow", arguments: [
        // (withCredentials, Allow-Origin, Allow-Credentials, allowed)
        (false, "*", nil, true), (false, "https://app.example.com", nil, true), (false, "https://other.example", nil, false),
        (true, "*", "true", false), (true, "https://app.example.com", nil, false), (true, "https://app.example.com", "true", true),
        (true, "https://app.example.com", "TRUE", false), (false, "https://app.example.com/", nil, false),
    ] as [(Bool, String, String?, Bool)])
    func corsCheck(withCredentials: Bool, allowOrigin: String, allowCredentials: String?, allowed: Bool) {
        var fields = [("Access-Control-Allow-Origin", allowOrigin)]
        if let allowCredentials { fields.append(("Access-Control-Allow-Credentials", allowCredentials)) }
        let kind = SubresourceKind.xhr(withCredentials: withCredentials)
        #expect(kind.allowsReading(Self.answer(fields), of: Self.sibling, from: Self.page) == allowed)
        // fetch() in mode cors meets the same check, with credentials include or same-origin as withCredentials says.
        let fetch = SubresourceKind.fetch(credentials: withCredentials ? .include : .sameOrigin, mode: .cors)
        #expect(fetch.allowsReading(Self.answer(fields), of: Self.sibling, from: Self.page) == allowed)
    }
}
