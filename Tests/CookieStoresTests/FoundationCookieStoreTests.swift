import CookieModel
@testable import CookieStores
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import TestSupport
import Testing

/// The Foundation adapter hands every decision to Foundation. What every store is held to is asserted once in
/// `StoreConformanceTests` (with Foundation's departures named there); this suite keeps what is Foundation's own:
/// its file, its restarts, its departures beyond those, and its storage's isolation.
@Suite("FoundationCookieStore")
struct FoundationCookieStoreTests {
    // MARK: No non-HTTP API

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
}
