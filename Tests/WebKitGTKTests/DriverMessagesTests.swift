import ChildProcesses
import CookieModel
import Foundation
import Testing
import WebKitModel

@testable import EngineDrivers

/// The driver protocol's values: what crosses the pipe must mean the same on both sides.
@Suite("driver messages")
struct DriverMessagesTests {
    let now = Date(timeIntervalSince1970: 1_767_225_600)

    @Test("a domain cookie goes out with a leading dot and comes back as a domain cookie; a host-only one without")
    func cookieRoundTrip() throws {
        let cookies = [
            Cookie(name: "sid", value: "1", domain: "example.com", path: "/", expiry: now + 3600, creation: now,
                   isHostOnly: false, isSecure: true, isHTTPOnly: true, sameSite: .lax),
            Cookie(name: "pref", value: "a b", domain: "app.example.com", path: "/docs", creation: now,
                   isHostOnly: true, sameSite: .strict),
        ]
        let sent = cookies.map(DriverMessages.cookie)
        #expect(sent[0].object?["domain"] == .string(".example.com"))
        #expect(sent[1].object?["domain"] == .string("app.example.com"))
        #expect(sent[1].object?["expires"] == .null)
        let back = try DriverMessages.cookies(in: LineProtocol.Result(fields: ["cookies": .array(sent)]), now: now)
        #expect(back.map(\.name) == ["sid", "pref"])
        #expect(back.map(\.isHostOnly) == [false, true])
        #expect(back.map(\.domain) == ["example.com", "app.example.com"])
        #expect(back[0].expiry == now + 3600 && back[1].expiry == nil)
        #expect(back.map(\.isSecure) == [true, false] && back.map(\.isHTTPOnly) == [true, false])
        #expect(back.map(\.sameSite) == [.lax, .strict])
    }

    @Test("a cookie without SameSite goes out as null (libsoup reads it back as none)")
    func sameSiteDefault() throws {
        let cookie = Cookie(name: "a", value: "1", domain: "a.example", creation: now)
        #expect(DriverMessages.cookie(cookie).object?["same-site"] == .null)
        let back = try DriverMessages.cookies(
            in: LineProtocol.Result(fields: ["cookies": .array([DriverMessages.cookie(cookie)])]), now: now)
        #expect(back[0].sameSite == .default)
    }

    @Test("malformed results and headers are protocol violations that name the field")
    func violations() {
        #expect(throws: LineProtocol.Violation.self) {
            try DriverMessages.cookies(in: LineProtocol.Result(fields: ["cookies": .array([.string("x")])]), now: now)
        }
        #expect(throws: LineProtocol.Violation.self) {
            try DriverMessages.headers(.array([.array([.string("only-a-name")])]), "headers")
        }
        #expect((try? DriverMessages.headers(.array([.array([.string("Cookie"), .string("a=1")])]), "headers"))
            == [HTTPHeaderField(name: "Cookie", value: "a=1")])
    }

    @Test("navigation types map onto WKNavigationType; anything else is .other")
    func navigationTypes() {
        #expect(DriverMessages.navigationType(.string("link-activated")) == .linkActivated)
        #expect(DriverMessages.navigationType(.string("back-forward")) == .backForward)
        #expect(DriverMessages.navigationType(.string("nonsense")) == .other)
        #expect(DriverMessages.navigationType(nil) == .other)
    }
}

extension JSONValue {
    var object: [String: JSONValue]? { if case .object(let fields) = self { fields } else { nil } }
}
