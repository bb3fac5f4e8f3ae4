import HTTPModel
import Testing

@Suite("header fields: a list underneath, WebKit's views on top")
struct HTTPHeaderFieldTests {
    let fields = [
        HTTPHeaderField(name: "Set-Cookie", value: "a=1"), HTTPHeaderField(name: "Location", value: "/x"),
        HTTPHeaderField(name: "set-cookie", value: "b=2; Expires=Wed, 09 Jun 2021 10:18:14 GMT"),
    ]

    @Test("the values of a name, any case, joined as asked; nil when there is none")
    func joinedValue() {
        #expect(fields.joinedValue(of: "SET-COOKIE", separator: "; ") == "a=1; b=2; Expires=Wed, 09 Jun 2021 10:18:14 GMT")
        #expect(fields.joinedValue(of: "Cookie", separator: "; ") == nil)
        #expect(fields.removing("set-cookie") == [HTTPHeaderField(name: "Location", value: "/x")])
    }

    @Test("the dictionary view folds repeated fields with \", \" under the first spelling (DESIGN §6 rule 5)")
    func folded() {
        #expect(fields.foldedDictionary == ["Set-Cookie": "a=1, b=2; Expires=Wed, 09 Jun 2021 10:18:14 GMT", "Location": "/x"])
    }

    @Test("a response's Set-Cookie lines stay apart")
    func setCookies() {
        let response = HTTPResponse(status: 200, headers: fields)
        #expect(response.setCookies == ["a=1", "b=2; Expires=Wed, 09 Jun 2021 10:18:14 GMT"])
    }
}
