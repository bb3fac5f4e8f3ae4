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

    @Test("fetch(), images and iframes always include credentials; an XHR only to the page's origin unless withCredentials")
    func credentials() {
        #expect(SubresourceKind.fetch.includesCredentials(to: Self.sibling, from: Self.page))
        #expect(SubresourceKind.image.includesCredentials(to: Self.sibling, from: Self.page))
        #expect(SubresourceKind.iframe.includesCredentials(to: Self.sibling, from: Self.page))
        #expect(SubresourceKind.xhr(withCredentials: false).includesCredentials(to: Self.sameOrigin, from: Self.page))
        #expect(!SubresourceKind.xhr(withCredentials: false).includesCredentials(to: Self.sibling, from: Self.page))
        #expect(SubresourceKind.xhr(withCredentials: true).includesCredentials(to: Self.sibling, from: Self.page))
        // Another scheme or port is another origin.
        #expect(!SubresourceKind.xhr(withCredentials: false).includesCredentials(to: HTTPURL("http://app.example.com/")!, from: Self.page))
        #expect(!SubresourceKind.xhr(withCredentials: false).includesCredentials(to: HTTPURL("https://app.example.com:8443/")!, from: Self.page))
    }

    @Test("no-cors kinds and same-origin XHRs read any answer")
    func noCheck() {
        let bare = Self.answer([])
        #expect(SubresourceKind.fetch.allowsReading(bare, of: Self.sibling, from: Self.page))
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
    }
}
