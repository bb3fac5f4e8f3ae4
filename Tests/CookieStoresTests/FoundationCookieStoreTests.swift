import CookieModel
@testable import CookieStores
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import TestSupport
import Testing

/// The Foundation adapter hands every decision to Foundation. Where Foundation (swift-corelibs-foundation on
/// Linux) departs from RFC 6265bis, the test pins Foundation's behaviour and names the section: a change in either
/// the adapter or Foundation shows up here first.
@Suite("FoundationCookieStore")
struct FoundationCookieStoreTests {
    // MARK: Basics

    @Test("a cookie goes back to its host and nowhere else", arguments: [FoundationCookieStore.Persistence.inMemory, .onDisk])
    func basicSetAndGet(_ persistence: FoundationCookieStore.Persistence) throws {
        let store = try FoundationCookieStore(persistence: persistence)
        #expect(try store.header("https://app.example.com/") == nil)
        try store.receive("sid=abc; Path=/", from: "https://app.example.com/login")
        #expect(try store.header("https://app.example.com/home") == "sid=abc")
        #expect(try store.header("https://api.example.com/home") == nil)
        #expect(try store.header("https://example.com/") == nil)
        let cookie = try #require(try store.stored("sid"))
        #expect(cookie.value == "abc" && cookie.domain == "app.example.com" && cookie.isHostOnly && !cookie.isPersistent)
    }

    @Test("a later cookie with the same name, domain and path replaces the earlier one")
    func replacement() throws {
        let store = try FoundationCookieStore(persistence: .inMemory)
        try store.receive("sid=1; Path=/", "sid=2; Path=/", from: "https://app.example.com/")
        #expect(try store.header("https://app.example.com/") == "sid=2")
        #expect(try store.storedCookies().count == 1)
    }

    @Test("a Domain cookie reaches the sibling hosts of its domain, not other sites")
    func domainMatching() throws {
        let store = try FoundationCookieStore(persistence: .inMemory)
        try store.receive("sid=d0m; Domain=example.com; Path=/", from: "https://login.example.com/")
        #expect(try store.header("https://app.example.com/") == "sid=d0m")
        #expect(try store.header("https://example.com/") == "sid=d0m")
        #expect(try store.header("https://example.org/") == nil)
        #expect(try store.header("https://notexample.com/") == nil)
        let cookie = try #require(try store.stored("sid"))
        #expect(cookie.domain == "example.com" && !cookie.isHostOnly)
    }

    @Test("a Domain attribute the host does not belong to is refused")
    func foreignDomainRefused() throws {
        let store = try FoundationCookieStore(persistence: .inMemory)
        try store.receive("evil=1; Domain=example.org", from: "https://app.example.com/")
        #expect(try store.storedCookies().isEmpty)
    }

    @Test("Foundation deviation: Domain=com is stored and sent to every .com host (RFC 6265bis §5.7 step 9)")
    func publicSuffixAccepted() throws {
        let store = try FoundationCookieStore(persistence: .inMemory)
        try store.receive("track=everyone; Domain=com; Path=/", from: "https://app.example.com/")
        #expect(try store.header("https://other.com/") == "track=everyone")
    }

    @Test("Foundation deviation: cookies(for:) ignores the path (RFC 6265bis §5.8.3 step 1, §5.1.4)")
    func pathIgnored() throws {
        let store = try FoundationCookieStore(persistence: .inMemory)
        try store.receive("scoped=1; Path=/docs", from: "https://app.example.com/docs/intro")
        #expect(try store.stored("scoped")?.path == "/docs")
        #expect(try store.header("https://app.example.com/docs/a") == "scoped=1")
        #expect(try store.header("https://app.example.com/other") == "scoped=1")  // RFC: none
    }

    // MARK: Secure and HttpOnly

    @Test("Foundation deviation: a Secure cookie is sent over http too, and accepted from http (RFC 6265bis §5.8.3 step 1, §5.7 step 13)")
    func secureNotEnforced() throws {
        let store = try FoundationCookieStore(persistence: .inMemory)
        try store.receive("token=abc; Secure; Path=/", from: "https://app.example.com/")
        #expect(try store.stored("token")?.isSecure == true)
        #expect(try store.header("https://app.example.com/") == "token=abc")
        #expect(try store.header("http://app.example.com/") == "token=abc")  // RFC: none
        try store.receive("plain=1; Secure; Path=/", from: "http://app.example.com/")
        #expect(try store.stored("plain")?.isSecure == true)  // RFC: ignored
    }

    @Test("HttpOnly is kept as a flag and the cookie still goes on requests")
    func httpOnlyFlag() throws {
        let store = try FoundationCookieStore(persistence: .inMemory)
        try store.receive("session=h0st; Path=/; Secure; HttpOnly", from: "https://app.example.com/signin")
        let cookie = try #require(try store.stored("session"))
        #expect(cookie.isHTTPOnly && cookie.isSecure)
        #expect(try store.header("https://app.example.com/account") == "session=h0st")
    }

    @Test("no non-HTTP API: document.cookie is unsupported")
    func noDocumentCookie() throws {
        let store = try FoundationCookieStore(persistence: .inMemory)
        let page = try url("https://app.example.com/")
        #expect(throws: CookieStoreError.self) { try store.documentCookie(for: page, isSameSite: true) }
        #expect(throws: CookieStoreError.self) { try store.writeDocumentCookie("a=1", documentURL: page, isSameSite: true) }
    }

    // MARK: Persistence

    @Test("restart keeps an Expires cookie in Foundation's own file and drops a session cookie")
    func persistence() throws {
        let store = try FoundationCookieStore(persistence: .onDisk)
        try store.receive("lang=de; Path=/; Expires=Wed, 01 Jan 2098 00:00:00 GMT", "session=s1; Path=/", from: "https://app.example.com/")
        let file = try #require(store.persistentFilePath)
        #expect(file.hasPrefix(FileManager.default.temporaryDirectory.path))
        #expect(try String(contentsOfFile: file, encoding: .utf8).contains("lang"))
        try store.restart()
        #expect(pairs(try store.header("https://app.example.com/")) == ["lang=de"])
        let lang = try #require(try store.stored("lang"))
        #expect(lang.expiry == ISO8601DateFormatter().date(from: "2098-01-01T00:00:00Z"))
        #expect(try store.stored("session") == nil)
        // A second restart reads the file again.
        try store.restart()
        #expect(try store.header("https://app.example.com/") == "lang=de")
    }

    @Test("Foundation deviation: a Max-Age cookie gets no expiry, so it is not persisted and Max-Age=0 deletes nothing (RFC 6265bis §5.6.2, §5.7 step 6)")
    func maxAgeIgnored() throws {
        let store = try FoundationCookieStore(persistence: .onDisk)
        try store.receive("remember=r1; Path=/; Max-Age=2592000", from: "https://app.example.com/")
        #expect(try store.stored("remember")?.expiry == nil)
        try store.receive("remember=; Path=/; Max-Age=0", from: "https://app.example.com/")
        #expect(try store.header("https://app.example.com/") == "remember=")  // RFC: none
        try store.restart()
        #expect(try store.storedCookies().isEmpty)  // RFC: remember=r1 would have survived
    }

    @Test("Foundation deviation: after a restart HttpOnly and Secure are gone (its cookie file keeps neither as it reads them back)")
    func flagsLostOnRestart() throws {
        let store = try FoundationCookieStore(persistence: .onDisk)
        try store.receive("remember=r3m; Path=/; Secure; HttpOnly; Expires=Wed, 01 Jan 2098 00:00:00 GMT", from: "https://app.example.com/")
        #expect(try store.stored("remember").map { $0.isHTTPOnly && $0.isSecure } == true)
        try store.restart()
        let restored = try #require(try store.stored("remember"))
        #expect(restored.value == "r3m" && restored.isPersistent)
        #expect(!restored.isHTTPOnly)  // RFC 6265bis §5.7: the flag is part of the cookie
        #expect(!restored.isSecure)
    }

    @Test("an in-memory store keeps nothing across a restart")
    func inMemoryRestart() throws {
        let store = try FoundationCookieStore(persistence: .inMemory)
        try store.receive("lang=de; Path=/; Expires=Wed, 01 Jan 2098 00:00:00 GMT", from: "https://app.example.com/")
        try store.restart()
        #expect(try store.storedCookies().isEmpty)
        #expect(store.persistentFilePath == nil)
    }

    @Test("creating an on-disk store leaves XDG_DATA_HOME as it was")
    func environmentRestored() throws {
        // Other tests create on-disk stores in parallel: read the variable only while none of them has it
        // redirected (under the module's own environment lock), or the check races with them.
        func dataHome() -> String? { FoundationCookieFile.outsideRedirection { getenv("XDG_DATA_HOME").map { String(cString: $0) } } }
        let before = dataHome()
        let store = try FoundationCookieStore(persistence: .onDisk)
        try store.restart()
        #expect(dataHome() == before)
    }

    @Test("the temporary directory goes away with the store")
    func cleanup() throws {
        var store: FoundationCookieStore? = try FoundationCookieStore(persistence: .onDisk)
        try store?.receive("lang=de; Path=/; Expires=Wed, 01 Jan 2098 00:00:00 GMT", from: "https://app.example.com/")
        let file = try #require(store?.persistentFilePath)
        store = nil
        #expect(!FileManager.default.fileExists(atPath: file))
    }

    // MARK: Isolation

    @Test("URLSessionConfiguration.ephemeral gives a new, empty storage on every call")
    func ephemeralIsFresh() throws {
        // (Under the module's lock: the first use of `.default` must not meet another test's XDG_DATA_HOME.)
        let (first, second) = try FoundationCookieFile.outsideRedirection {
            (try #require(URLSessionConfiguration.ephemeral.httpCookieStorage), try #require(URLSessionConfiguration.ephemeral.httpCookieStorage))
        }
        #expect(first !== second)
        let origin = URL(string: "https://app.example.com/")!
        first.setCookies(HTTPCookie.cookies(withResponseHeaderFields: ["Set-Cookie": "a=1"], for: origin), for: origin, mainDocumentURL: nil)
        #expect(first.cookies?.count == 1)
        #expect(second.cookies?.isEmpty == true)
    }

    @Test("stores used in parallel never see each other's cookies", arguments: [FoundationCookieStore.Persistence.inMemory, .onDisk])
    func isolation(_ persistence: FoundationCookieStore.Persistence) async throws {
        let stores = try (0..<4).map { _ in try FoundationCookieStore(persistence: persistence) }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, store) in stores.enumerated() {
                group.addTask {
                    for round in 0..<25 {
                        try store.receive("owner=\(index); Path=/", "round\(index)=\(round); Path=/", from: "https://app.example.com/")
                        #expect(pairs(try store.header("https://app.example.com/")) == ["owner=\(index)", "round\(index)=\(round)"])
                    }
                }
            }
            try await group.waitForAll()
        }
        for (index, store) in stores.enumerated() {
            #expect(try store.storedCookies().map(\.name).sorted() == ["owner", "round\(index)"])
        }
    }
}
