import CookieModel
import Foundation
import HarnessCore
import TestSupport
import Testing

import ChildProcesses
@testable import CookieStores

/// The protocol's messages without any process: requests as lines, every rule a reply can break, handshakes,
/// cookie entries, and the `NAME=COMMAND ARGS…` descriptions users write.
@Suite("out-of-process protocol")
struct OutOfProcessProtocolTests {
    private static let request = AdapterProtocol.Request(id: 4, .cookieHeader, ["url": "https://app.example.com/home"])

    private func reply(_ line: String) throws(AdapterProtocol.Violation) -> AdapterProtocol.Outcome {
        try AdapterProtocol.reply(Data(line.utf8), to: Self.request)
    }

    // MARK: Requests

    @Test("a request is one line: id and op first, the other fields sorted")
    func requestLine() {
        let request = AdapterProtocol.Request(id: 7, .setCookie, [
            "url": "https://app.example.com/", "set-cookie": "a=\"1\"\n\u{1}\\ é\u{2028}",
            "context": AdapterProtocol.context(CookieRequestContext(isSameSite: false, isTopLevelNavigation: false)),
            "now": AdapterProtocol.instant(Date(timeIntervalSince1970: 1_767_225_600.25)),
        ])
        #expect(request.line == #"{"id":7,"op":"set-cookie","context":{"api":"http","safe-method":true,"same-site":false,"top-level":false},"now":1767225600.25,"set-cookie":"a=\"1\"\n\u0001\\ é\u2028","url":"https://app.example.com/"}"#)
        #expect(!request.line.contains("\n"))
        #expect(request.summary == "#7 set-cookie https://app.example.com/")
        #expect(AdapterProtocol.Request(id: 2, .restart, ["now": .number(1_767_225_600)]).line == #"{"id":2,"op":"restart","now":1767225600}"#)
    }

    @Test("same-site is RFC 6265bis §5.2's verdict: a same-site page's request redirected through another site is sent as cross-site")
    func crossSiteRedirectContext() {
        let bounced = CookieRequestContext(isSameSite: true, isCrossSiteRedirect: true, isTopLevelNavigation: false)
        #expect(AdapterProtocol.context(bounced) == .object([
            "api": "http", "same-site": .bool(false), "top-level": .bool(false), "safe-method": .bool(true),
        ]))
        #expect(AdapterProtocol.context(CookieRequestContext()) == .object([
            "api": "http", "same-site": .bool(true), "top-level": .bool(true), "safe-method": .bool(true),
        ]))
    }

    @Test("every request line parses back to the same JSON")
    func requestRoundTrip() throws {
        let fields: [String: JSONValue] = [
            "a": .array([.null, .bool(true), .integer(-3), .number(0.5)]), "b": .object(["x": "\u{0}\u{7F}\t"]),
        ]
        let line = AdapterProtocol.Request(id: 1, .cookies, fields).line
        guard case .object(let parsed) = try JSONValue.parse(Data(line.utf8)) else {
            Issue.record("not an object: \(line)")
            return
        }
        #expect(parsed["a"] == fields["a"])
        #expect(parsed["b"] == fields["b"])
        #expect(parsed["id"] == .integer(1))
        #expect(parsed["op"] == .string("cookies"))
    }

    // MARK: Replies

    @Test("valid replies: ok with a result, skipped with a reason, errored with a message and details")
    func validReplies() throws {
        guard case .ok(let result) = try reply(#"{"id":4,"status":"ok","result":{"header":"a=1"},"extra":1}"#) else {
            Issue.record("expected ok")
            return
        }
        #expect(try result.optionalString("header") == "a=1")
        guard case .skipped(let reason) = try reply(#"{"id":4,"status":"skipped","reason":"no API"}"#) else {
            Issue.record("expected skipped")
            return
        }
        #expect(reason == "no API")
        guard case .errored(let message, let details) = try reply(#"{"id":4,"status":"errored","message":"boom","details":"trace"}"#)
        else {
            Issue.record("expected errored")
            return
        }
        #expect(message == "boom")
        #expect(details == "trace")
    }

    @Test(
        "an invalid reply names the rule it breaks",
        arguments: [
            ("this is not JSON", "not JSON"),
            ("[1, 2]", "a reply must be a JSON object, found an array"),
            (#"{"status":"ok","result":{}}"#, "missing field 'id' (the id of the request answered, 4)"),
            (#"{"id":"4","status":"ok","result":{}}"#, "field 'id' must be an integer, found a string"),
            (#"{"id":true,"status":"ok","result":{}}"#, "field 'id' must be an integer, found a boolean"),
            (#"{"id":104,"status":"ok","result":{}}"#, "reply to the wrong request: expected id 4, found 104"),
            (#"{"id":4}"#, "missing field 'status'"),
            (#"{"id":4,"status":"fine"}"#, #"field 'status' must be "ok", "skipped" or "errored", found "fine""#),
            (#"{"id":4,"status":1}"#, "field 'status' must be a string, found a number"),
            (#"{"id":4,"status":"ok"}"#, "missing field 'result' in an ok reply"),
            (#"{"id":4,"status":"ok","result":[]}"#, "field 'result' must be an object, found an array"),
            (#"{"id":4,"status":"skipped"}"#, "a skipped reply needs a string field 'reason'"),
            (#"{"id":4,"status":"errored","message":3}"#, "an errored reply needs a string field 'message'"),
            (#"{"id":4,"status":"errored","message":"m","details":[]}"#, "field 'details' must be a string, found an array"),
            (#"{"id":null,"status":"errored","message":"bad request"}"#, "an errored reply with a null id (the adapter could not read request 4): bad request"),
        ]
    )
    func invalidReplies(line: String, message: String) {
        #expect {
            try reply(line)
        } throws: { error in
            (error as? AdapterProtocol.Violation)?.message.hasPrefix(message) == true
        }
    }

    @Test("result fields are typed: a wrong type names the field and what was found")
    func resultFields() throws {
        let result = AdapterProtocol.Result(fields: ["header": .integer(3), "value": .null])
        #expect(throws: AdapterProtocol.Violation.self) { try result.optionalString("header") }
        #expect(try result.optionalString("value") == nil)
        do {
            _ = try result.string("value")
            Issue.record("expected a violation")
        } catch {
            #expect(error.message == "field 'result.value' must be a string, found null")
        }
        do {
            _ = try result.string("missing")
            Issue.record("expected a violation")
        } catch {
            #expect(error.message == "missing field 'result.missing'")
        }
    }

    // MARK: Cookies

    @Test("cookie entries become Cookies: leading dot dropped, null expiry is a session cookie, created defaults to now")
    func cookieEntries() throws {
        let now = Date(timeIntervalSince1970: 1_767_225_600)
        let result = AdapterProtocol.Result(fields: ["cookies": .array([
            .object([
                "name": "sid", "value": "1", "domain": ".Example.com", "path": "/", "host-only": false, "secure": true,
                "http-only": true, "same-site": "lax", "expires": .integer(1_767_229_200), "created": .number(1_767_225_000.5),
            ]),
            .object([
                "name": "", "value": "bare", "domain": "app.example.com", "path": "/a", "host-only": true,
                "secure": false, "http-only": false, "expires": .null,
            ]),
        ])])
        let cookies = try AdapterProtocol.cookies(in: result, now: now)
        #expect(cookies.count == 2)
        #expect(cookies[0].domain == "example.com")
        #expect(!cookies[0].isHostOnly && cookies[0].isSecure && cookies[0].isHTTPOnly)
        #expect(cookies[0].sameSite == .lax)
        #expect(cookies[0].expiry == Date(timeIntervalSince1970: 1_767_229_200))
        #expect(cookies[0].creation == Date(timeIntervalSince1970: 1_767_225_000.5))
        #expect(cookies[1].pair == "bare")
        #expect(!cookies[1].isPersistent)
        #expect(cookies[1].sameSite == .default)
        #expect(cookies[1].creation == now)
    }

    @Test(
        "an invalid cookie entry names the entry and the field",
        arguments: [
            (#"{"cookies":{}}"#, "field 'result.cookies' must be an array, found an object"),
            (#"{"cookies":[1]}"#, "'result.cookies[0]' must be an object, found a number"),
            (#"{"cookies":[{"name":"a","value":"1","path":"/","host-only":true,"secure":false,"http-only":false,"expires":null}]}"#,
             "missing field 'result.cookies[0].domain'"),
            (#"{"cookies":[{"name":"a","value":"1","domain":"a.b","path":"/","host-only":true,"secure":false,"http-only":"no","expires":null}]}"#,
             "field 'result.cookies[0].http-only' must be a boolean, found a string"),
            (#"{"cookies":[{"name":"a","value":"1","domain":"a.b","path":"/","host-only":true,"secure":false,"http-only":false}]}"#,
             "missing field 'result.cookies[0].expires'"),
            (#"{"cookies":[{"name":"a","value":"1","domain":"a.b","path":"/","host-only":true,"secure":false,"http-only":false,"expires":"soon"}]}"#,
             "field 'result.cookies[0].expires' must be a number or null, found a string"),
            (#"{"cookies":[{"name":"a","value":"1","domain":"a.b","path":"/","host-only":true,"secure":false,"http-only":false,"expires":null,"same-site":"sometimes"}]}"#,
             #"field 'result.cookies[0].same-site' must be "strict", "lax", "none" or "default", found "sometimes""#),
        ]
    )
    func invalidCookieEntries(result: String, message: String) throws {
        guard case .object(let fields) = try JSONValue.parse(Data(result.utf8)) else {
            Issue.record("bad fixture")
            return
        }
        #expect {
            try AdapterProtocol.cookies(in: AdapterProtocol.Result(fields: fields), now: Date())
        } throws: { error in
            (error as? AdapterProtocol.Violation)?.message.hasPrefix(message) == true
        }
    }

    // MARK: Handshake

    @Test("the handshake grants the store capabilities listed, adds the shared-store ones, ignores the rest")
    func handshakeCapabilities() throws {
        let handshake = try AdapterHandshake(result: AdapterProtocol.Result(fields: [
            "protocol": 1, "name": "jar", "version": "2.0",
            "capabilities": .array(["virtual-clock", "persistence", "real-network", "teleport", "web-view"]),
        ]))
        #expect(handshake.capabilities == [.virtualClock, .persistence, .nativeStore, .webView, .nonPersistentDataStore])
        #expect(handshake.ignoredCapabilities == ["real-network", "teleport"])
        #expect(handshake.name == "jar")
        #expect(handshake.version == "2.0")
    }

    @Test(
        "a handshake with another protocol or missing fields is refused",
        arguments: [
            (["protocol": 2, "name": "jar", "version": "1", "capabilities": .array([])] as [String: JSONValue],
             "the adapter speaks protocol 2; this harness speaks protocol 1"),
            (["name": "jar", "version": "1", "capabilities": .array([])], "missing field 'result.protocol'"),
            (["protocol": 1, "name": "jar", "capabilities": .array([])], "missing field 'result.version'"),
            (["protocol": 1, "name": "jar", "version": "1", "capabilities": "all"],
             "field 'result.capabilities' must be an array, found a string"),
            (["protocol": 1, "name": "jar", "version": "1", "capabilities": .array([3])],
             "'result.capabilities[0]' must be a string, found a number"),
        ]
    )
    func invalidHandshakes(fields: [String: JSONValue], message: String) {
        #expect {
            try AdapterHandshake(result: AdapterProtocol.Result(fields: fields))
        } throws: { error in
            (error as? AdapterProtocol.Violation)?.message == message
        }
    }

    // MARK: Descriptions

    @Test(
        "NAME=COMMAND ARGS… splits like a shell, without expansions",
        arguments: [
            ("mine=python3 ./adapter.py -v", "mine", ["python3", "./adapter.py", "-v"]),
            ("  jar@1.0 =  node   adapter.js  ", "jar@1.0", ["node", "adapter.js"]),
            (#"py=python3 '/path with spaces/a.py' "x \"y\" \$HOME" a\ b ''"#, "py", ["python3", "/path with spaces/a.py", #"x "y" $HOME"#, "a b", ""]),
            ("eq=env A=1 B=2 run", "eq", ["env", "A=1", "B=2", "run"]),
        ]
    )
    func validSpecs(spec: String, name: String, command: [String]) throws {
        let adapter = try ExternalAdapter(spec: spec)
        #expect(adapter.name == name)
        #expect(adapter.command == command)
        #expect(adapter.requestTimeout == ExternalAdapter.defaultRequestTimeout)
    }

    @Test(
        "an invalid description says what is wrong",
        arguments: [
            ("python3 adapter.py", "expected NAME=COMMAND [ARGUMENTS...], found no '='"),
            ("=python3 adapter.py", "the adapter name before '=' is empty"),
            ("my jar=python3 adapter.py", "'my jar' is not an adapter name"),
            ("-x=python3", "'-x' is not an adapter name"),
            ("mine=", "the command after '=' is empty"),
            ("mine=   ", "the command after '=' is empty"),
            ("mine=python3 'adapter.py", "unterminated single quote"),
            (#"mine=python3 "adapter.py"#, "unterminated double quote"),
            (#"mine=python3 adapter.py\"#, "a backslash ends the command"),
        ]
    )
    func invalidSpecs(spec: String, message: String) {
        #expect {
            try ExternalAdapter(spec: spec)
        } throws: { error in
            guard let error = error as? ExternalAdapter.SpecError else { return false }
            return error.message.hasPrefix(message) && error.description.hasPrefix("invalid external adapter '\(spec)': ")
        }
    }

    @Test("the command line is shown quoted where a shell would need it")
    func commandLine() {
        let adapter = ExternalAdapter(name: "x", command: ["python3", "/a b/adapter.py", "it's", "", "--flag=1"])
        #expect(adapter.commandLine == #"python3 '/a b/adapter.py' 'it'\''s' '' --flag=1"#)
        #expect(adapter.description == #"x=python3 '/a b/adapter.py' 'it'\''s' '' --flag=1"#)
    }

    // MARK: Locating the Python adapter

    @Test("adapter.py is found from the package root and from a folder below it")
    func locatesScript() throws {
        let root = RepositoryFiles.root
        let expected = "\(root)/\(ExternalAdapters.pythonCookiejarSpec.file)"
        #expect(try ExternalAdapters.locateScript(ExternalAdapters.pythonCookiejarSpec.file, currentDirectory: root, executablePath: nil) == expected)
        #expect(try ExternalAdapters.locateScript(ExternalAdapters.pythonCookiejarSpec.file, currentDirectory: "\(root)/Sources/CookieStores", executablePath: nil) == expected)
        let described = try ExternalAdapters.pythonCookiejarSpec.description(currentDirectory: "\(root)/Tests", executablePath: nil)
        #expect(described.command == ["env", "PYTHONPATH=\(root)/Sources/EngineDrivers", "python3", expected])
        #expect(described.name == "python-cookiejar")
        // From the executable's folder, as a binary under .build would.
        #expect(try ExternalAdapters.locateScript(
            ExternalAdapters.pythonCookiejarSpec.file, currentDirectory: "/", executablePath: "\(root)/.build/debug/cookie-harness") == expected)
    }

    @Test("a missing adapter.py is an error that lists every place tried")
    func scriptNotFound() throws {
        let directory = try TestDirectory()
        do {
            _ = try ExternalAdapters.locateScript(
                ExternalAdapters.pythonCookiejarSpec.file, currentDirectory: directory.path, executablePath: "/usr/bin/true",
                packageRoot: nil)
            Issue.record("expected ScriptNotFound")
        } catch {
            #expect(error.tried.first == "\(directory.path)/\(ExternalAdapters.pythonCookiejarSpec.file)")
            #expect(error.tried.contains("/usr/bin/\(ExternalAdapters.pythonCookiejarSpec.file)"))
            #expect(error.description.hasPrefix("cannot find the adapter script Sources/CookieStores/External/python-cookiejar/adapter.py; tried:\n  \(directory.path)/"))
        }
    }
}
